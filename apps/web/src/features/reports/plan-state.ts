import type { Credentials } from '@licensewatch/shared/credentials';
import { isPlanExpired } from '@licensewatch/shared/plans';
import { isPlanExpiredError } from './plan-expiry';

/**
 * docs/product-rules.md, Plan expiry, from whichever the dashboard has: the list refused with
 * PLAN_EXPIRED, or the credentials record's plan and end date (a missing or past end date is
 * expired, except on Free, which never lapses). Credentials that failed to load say nothing either
 * way.
 */
export function isDashboardPlanExpired(
  listError: unknown,
  credentials: Pick<Credentials, 'reports_plan'> | undefined,
  now = new Date(),
): boolean {
  if (isPlanExpiredError(listError)) return true;
  if (!credentials) return false;
  const { plan_name, end_date } = credentials.reports_plan;
  return isPlanExpired({ planName: plan_name, endDate: end_date }, now);
}
