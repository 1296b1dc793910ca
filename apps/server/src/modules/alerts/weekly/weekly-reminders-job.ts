import type { Platform } from '../../../platform/deps.ts';
import type { AlertLinkSecrets } from '../alert-link-secrets.ts';
import { type QueueWeeklyOptions, queueWeeklyReminders } from './queue-weekly-reminders.ts';
import { sendWeeklyReminders } from './send-weekly-reminders.ts';

export type WeeklyRemindersResult = { queued: number; sent: number; skipped: number };

/**
 * How long one run drains before leaving the rest to the next tick: within the queue's 15-minute
 * expiry (platform/jobs/queues.ts), so pg-boss never gives a run up while it is still sending.
 */
const DRAIN_MINUTES = 12;

/**
 * The weekly-reminders queue (every 15 minutes): queue the users whose local Monday send time has
 * come, then drain whatever is queued — this tick's rows and any a stopped worker left. Running it
 * again, or on two workers at once, adds no email (queue-weekly-reminders.ts, send-weekly-reminders.ts).
 */
export async function weeklyRemindersJob(
  ctx: Pick<Platform, 'db' | 'env' | 'mailer' | 'jobs' | 'baseURL' | 'log'> & { alertLinkSecrets: AlertLinkSecrets },
  options: QueueWeeklyOptions & { drainAll?: boolean } = {},
): Promise<WeeklyRemindersResult> {
  const queued = await queueWeeklyReminders(ctx, options);
  const { sent, skipped } = await sendWeeklyReminders(ctx, {
    now: options.now,
    deadline: options.drainAll ? undefined : Date.now() + DRAIN_MINUTES * 60_000,
  });
  if (queued || sent || skipped) ctx.log.info({ queued, sent, skipped }, 'weekly reminders');
  return { queued, sent, skipped };
}
