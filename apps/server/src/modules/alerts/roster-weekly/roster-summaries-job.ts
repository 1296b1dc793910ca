import type { Platform } from '../../../platform/deps.ts';
import type { AlertLinkSecrets } from '../alert-link-secrets.ts';
import { type SendRosterSummariesResult, sendRosterSummaries } from './send-roster-summaries.ts';

/**
 * The roster-summaries queue (Mondays): every organisation's weekly summary to its owner and
 * admins. Running it again in the same week, or on two workers, sends nothing more (the dedupe key).
 */
export async function rosterSummariesJob(
  ctx: Pick<Platform, 'db' | 'mailer' | 'jobs' | 'baseURL' | 'log'> & { alertLinkSecrets: AlertLinkSecrets },
  options: { now?: Date } = {},
): Promise<SendRosterSummariesResult> {
  const result = await sendRosterSummaries(ctx, options);
  if (result.sent) ctx.log.info(result, 'roster summaries');
  return result;
}
