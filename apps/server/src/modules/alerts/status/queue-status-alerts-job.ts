import type { Platform } from '../../../platform/deps.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import type { AlertLinkSecrets } from '../alert-link-secrets.ts';
import { queueStatusAlerts } from './queue-status-alerts.ts';

/** The statusAlerts job, sent by each report's refresh; a retry sends nothing twice (dedupe keys). */
export async function queueStatusAlertsJob(
  ctx: Pick<Platform, 'db' | 'mailer' | 'sms' | 'jobs' | 'baseURL' | 'log'> & { alertLinkSecrets: AlertLinkSecrets },
  { reportId }: Payload<'statusAlerts'>,
) {
  const counts = await queueStatusAlerts(ctx, reportId);
  if (counts.emails + counts.sms > 0) ctx.log.info({ reportId, ...counts }, 'status-change alerts queued');
}
