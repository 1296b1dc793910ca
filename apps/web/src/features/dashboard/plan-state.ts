import type { Credentials } from '@licensewatch/shared/credentials';
import { isEndDateExpired, isPlanExpiredError } from '../reports/plan-expiry';

/**
 * Spec §4 Plan expiry, from whichever the dashboard has: the list refused with PLAN_EXPIRED, or
 * the credentials record's end date. Credentials that failed to load say nothing either way.
 */
export function isDashboardPlanExpired(
  listError: unknown,
  credentials: Pick<Credentials, 'reports_plan'> | undefined,
  now = new Date(),
): boolean {
  if (isPlanExpiredError(listError)) return true;
  if (!credentials) return false;
  return isEndDateExpired(credentials.reports_plan?.end_date, now);
}
