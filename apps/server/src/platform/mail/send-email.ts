import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import type { Db } from '../db/client.ts';
import { type OutboundKind, outboundMessage } from '../db/schema.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Mailer } from './mailer.ts';

export type EmailToSend = {
  to: string;
  subject: string;
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
  // render(…, { plainText: true }) renders the tree again only to convert that HTML: converting the
  // one rendering halves the cost of an email (BENCHMARKS.md, weekly reminders).
  const html = await render(body);
  const text = toPlainText(html);
  const [row] = await db
    .insert(outboundMessage)
    .values({
      channel: 'email',
      kind,
      userId,
      to,
      subject,
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
