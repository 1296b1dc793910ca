import type { Platform } from '../../../platform/deps.ts';
import type { AlertLinkSecrets } from '../alert-link-secrets.ts';
import { queueExclusionAlerts } from './queue-exclusion-alerts.ts';

/** The exclusionAlerts job, sent after each screening that found something; a retry sends nothing twice. */
export async function queueExclusionAlertsJob(
  ctx: Pick<Platform, 'db' | 'mailer' | 'sms' | 'jobs' | 'baseURL' | 'log'> & { alertLinkSecrets: AlertLinkSecrets },
): Promise<void> {
  const counts = await queueExclusionAlerts(ctx);
  if (counts.matches > 0) ctx.log.info(counts, 'exclusion alerts queued');
}
