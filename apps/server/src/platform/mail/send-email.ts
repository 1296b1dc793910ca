import { render, toPlainText } from '@react-email/render';
import { createElement, type ReactElement } from 'react';
import type { Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { type OutboundKind, outboundMessage } from '../outbox/tables.ts';
import { readSetting } from '../settings/read-setting.ts';
import { BrandNameContext } from './brand-name.ts';
import type { Mailer } from './mailer.ts';

export type EmailToSend = {
  to: string;
  /** A function of the application's name when the subject names it (the operator may rename it). */
  subject: string | ((brandName: string) => string);
  body: ReactElement;
  /** 'alert' emails wait while an operator has paused them (email_notifications_enabled). */
  kind?: OutboundKind;
  userId?: string;
  headers?: Record<string, string>;
  /** At most one message ever has this key: a retried job that sends again sends nothing. */
  dedupeKey?: string;
};

/**
 * Stores the email, then hands delivery to the `deliver-email` job, which retries while the
 * SMTP server is down. Without a real provider the stored row is the dev outbox entry. Answers
 * the message id, or null when its dedupe key was already used (nothing stored, nothing sent).
 */
export async function sendEmail(
  { db, mailer, jobs }: { db: Db; mailer: Mailer; jobs: JobQueue },
  { to, subject, body, kind = 'account', userId, headers, dedupeKey }: EmailToSend,
): Promise<string | null> {
  // The name the operator set, read per email so a rename shows in the next one (one primary-key read).
  const brandName = await readSetting(db, 'application_name');
  // render(…, { plainText: true }) renders the tree again only to convert that HTML: converting the
  // one rendering halves the cost of an email (BENCHMARKS.md, weekly reminders).
  const html = await render(createElement(BrandNameContext.Provider, { value: brandName }, body));
  const text = toPlainText(html);
  const [row] = await db
    .insert(outboundMessage)
    .values({
      channel: 'email',
      kind,
      userId,
      to,
      subject: typeof subject === 'function' ? subject(brandName) : subject,
      text,
      html,
      headers,
      dedupeKey,
      transport: mailer.transport,
      status: mailer.transport === 'outbox' ? 'stored' : 'pending',
    })
    .onConflictDoNothing({ target: outboundMessage.dedupeKey })
    .returning({ id: outboundMessage.id });
  if (!row) return null;
  if (mailer.transport === 'smtp') await jobs.send('deliverEmail', { messageId: row.id });
  return row.id;
}
