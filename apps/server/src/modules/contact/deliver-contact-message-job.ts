import { eq } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import type { Payload } from '../../platform/jobs/queues.ts';
import { escapeSlackText, postSlackMessage } from './slack.ts';
import { contactMessage } from './tables.ts';

type StoredMessage = typeof contactMessage.$inferSelect;

/** The Slack post: every visitor-typed value escaped, so it shows as typed and never as markup. */
export function formatContactSlackText(m: Pick<StoredMessage, 'fullName' | 'email' | 'subject' | 'message'>): string {
  return [
    '*New contact message*',
    `*From:* ${escapeSlackText(m.fullName)} (${escapeSlackText(m.email)})`,
    `*Subject:* ${escapeSlackText(m.subject)}`,
    '',
    escapeSlackText(m.message),
  ].join('\n');
}

/**
 * Posts one stored contact message to Slack. Without a webhook the message stays pending (kept,
 * listed, delivered once a worker with SLACK_WEBHOOK_URL starts). A message already delivered is
 * skipped, so a pg-boss retry after a crash between posting and marking does not post it again.
 */
export async function deliverContactMessageJob(
  { db, env }: Pick<Platform, 'db' | 'env'>,
  { messageId }: Payload<'deliverContactMessage'>,
) {
  const webhookUrl = env.SLACK_WEBHOOK_URL;
  if (!webhookUrl) return;
  const [m] = await db.select().from(contactMessage).where(eq(contactMessage.id, messageId));
  if (!m || m.status === 'delivered') return;
  try {
    await postSlackMessage(webhookUrl, { text: formatContactSlackText(m) });
  } catch (err) {
    await db
      .update(contactMessage)
      .set({ attempts: m.attempts + 1, lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500) })
      .where(eq(contactMessage.id, messageId));
    throw err;
  }
  await db
    .update(contactMessage)
    .set({ status: 'delivered', deliveredAt: new Date(), attempts: m.attempts + 1, lastError: null })
    .where(eq(contactMessage.id, messageId));
}
