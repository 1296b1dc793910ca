import { eq } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import { contactMessage } from './tables.ts';

/**
 * Queues every pending contact message at worker start: those stored while no webhook was set,
 * and any whose job ran out of retries. singletonKey = message id keeps it to one job each.
 */
export async function resumeContactDeliveries(ctx: Pick<Platform, 'db' | 'env' | 'jobs' | 'log'>): Promise<number> {
  if (!ctx.env.SLACK_WEBHOOK_URL) {
    const pending = await ctx.db.$count(contactMessage, eq(contactMessage.status, 'pending'));
    ctx.log.warn({ pending }, 'SLACK_WEBHOOK_URL is not set: contact messages are stored and stay pending until it is');
    return 0;
  }
  const pending = await ctx.db
    .select({ id: contactMessage.id })
    .from(contactMessage)
    .where(eq(contactMessage.status, 'pending'));
  for (const { id } of pending) await ctx.jobs.send('deliverContactMessage', { messageId: id }, { singletonKey: id });
  return pending.length;
}
