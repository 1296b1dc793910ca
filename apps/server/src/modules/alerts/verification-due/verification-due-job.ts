import type { Platform } from '../../../platform/deps.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import type { AlertLinkSecrets } from '../alert-link-secrets.ts';
import { queueVerificationDueAlerts, type VerificationDueCounts } from './queue-verification-due-alerts.ts';

/** The verificationDue job, daily: each due verification by hand told once; a retry sends nothing twice. */
export async function verificationDueJob(
  ctx: Pick<Platform, 'db' | 'mailer' | 'jobs' | 'baseURL' | 'log'> & {
    alertLinkSecrets: AlertLinkSecrets;
    licensing?: LicenseSources | undefined;
  },
): Promise<VerificationDueCounts> {
  const counts = await queueVerificationDueAlerts(ctx);
  if (counts.verifications > 0) ctx.log.info(counts, 'verification-due alerts queued');
  return counts;
}
