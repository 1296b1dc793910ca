import { render } from '@react-email/render';
import { eq, sql } from 'drizzle-orm';
import type { ReactElement } from 'react';
import type { Db } from '../db/client.ts';
import { outboundMessage } from '../db/schema.ts';
import type { Mailer } from './mailer.ts';

type Deps = { db: Db; mailer: Mailer; log: { warn: (obj: object, msg: string) => void } };

/**
 * Stores the email first, then tries to deliver it. A failing SMTP server leaves the row
 * pending for `deliverPendingEmails` to retry; the caller's request still succeeds.
 */
export async function sendEmail(
  { db, mailer, log }: Deps,
  { to, subject, body }: { to: string; subject: string; body: ReactElement },
): Promise<void> {
  const [html, text] = await Promise.all([render(body), render(body, { plainText: true })]);
  const [row] = await db
    .insert(outboundMessage)
    .values({
      channel: 'email',
      to,
      subject,
      text,
      html,
      transport: mailer.transport,
      status: mailer.transport === 'outbox' ? 'stored' : 'pending',
    })
    .returning({ id: outboundMessage.id });
  if (mailer.transport === 'outbox' || !row) return;
  await attemptDelivery({ db, mailer, log }, row.id, { to, subject, text, html });
}

export async function attemptDelivery(
  { db, mailer, log }: Deps,
  id: string,
  email: { to: string; subject: string; text: string; html: string },
): Promise<boolean> {
  try {
    await mailer.deliver(email);
    await db.update(outboundMessage).set({ status: 'sent', sentAt: new Date() }).where(eq(outboundMessage.id, id));
    return true;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log.warn({ err: message, messageId: id }, 'email delivery failed; will retry');
    await db
      .update(outboundMessage)
      .set({ lastError: message.slice(0, 500), attempts: sql`${outboundMessage.attempts} + 1` })
      .where(eq(outboundMessage.id, id));
    return false;
  }
}
