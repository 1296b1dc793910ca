import type { Credentials } from '@licensewatch/shared/credentials';
import { isEndDateExpired } from '@licensewatch/shared/plans';
import { isPlanExpiredError } from './plan-expiry';

/**
 * docs/product-rules.md, Plan expiry, from whichever the dashboard has: the list refused with
 * PLAN_EXPIRED, or the credentials record's end date, by that rule as written (missing or
 * past is expired; the server sets it for every plan in force, Free included: ADR 026).
 * Credentials that failed to load say nothing either way.
 */
export function isDashboardPlanExpired(
  listError: unknown,
  credentials: Pick<Credentials, 'reports_plan'> | undefined,
  now = new Date(),
): boolean {
  if (isPlanExpiredError(listError)) return true;
  if (!credentials) return false;
  return isEndDateExpired(credentials.reports_plan.end_date, now);
}
