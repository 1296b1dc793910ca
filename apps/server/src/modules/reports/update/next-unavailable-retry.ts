import { UNAVAILABLE_RETRY_ATTEMPTS, UNAVAILABLE_RETRY_SECONDS } from './update-report-job.ts';

/**
 * When an unavailable board is searched again for a report: the update job's back-off (10, 20,
 * 40… minutes after the last try) while it has tries left, else null — the daily refresh then
 * keeps trying.
 */
export function nextUnavailableRetry(checkedAt: Date | null, attempts: number): Date | null {
  if (!checkedAt || attempts < 1 || attempts >= UNAVAILABLE_RETRY_ATTEMPTS) return null;
  return new Date(checkedAt.getTime() + UNAVAILABLE_RETRY_SECONDS * 2 ** (attempts - 1) * 1000);
}
