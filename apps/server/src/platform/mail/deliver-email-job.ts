import { eq } from 'drizzle-orm';
import { outboundMessage } from '../db/schema.ts';
import type { Platform } from '../deps.ts';
import type { Payload } from '../jobs/queues.ts';

/**
 * Sends one stored email. Idempotent: a message already sent is skipped, so a pg-boss retry
 * after a crash between sending and marking never mails twice from our side.
 */
export async function deliverEmailJob(
  { db, mailer }: Pick<Platform, 'db' | 'mailer'>,
  { messageId }: Payload<'deliverEmail'>,
) {
  const [m] = await db.select().from(outboundMessage).where(eq(outboundMessage.id, messageId));
  if (!m || m.status === 'sent') return;
  try {
    await mailer.deliver({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? '' });
  } catch (err) {
    await db
      .update(outboundMessage)
      .set({ attempts: m.attempts + 1, lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500) })
      .where(eq(outboundMessage.id, messageId));
    throw err;
  }
  await db
    .update(outboundMessage)
    .set({ status: 'sent', sentAt: new Date(), attempts: m.attempts + 1 })
    .where(eq(outboundMessage.id, messageId));
}
