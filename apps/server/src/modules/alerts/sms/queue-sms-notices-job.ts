import type { Platform } from '../../../platform/deps.ts';
import { queueSmsNotices } from './queue-sms-notices.ts';

/** The daily smsNotices job; re-running it is harmless (each notice has its dedupe key). */
export async function queueSmsNoticesJob(ctx: Pick<Platform, 'db' | 'sms' | 'jobs' | 'env' | 'baseURL' | 'log'>) {
  const queued = await queueSmsNotices(ctx);
  ctx.log.info({ queued }, 'SMS renewal notices queued');
  return queued;
}
