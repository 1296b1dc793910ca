import { isApiError } from '../../lib/api';

export const PLAN_EXPIRED_CODE = 'PLAN_EXPIRED';

/** Spec §4: a plan is expired when reports_plan.end_date is missing or in the past. */
export function isEndDateExpired(endDate: string | null | undefined, now = new Date()): boolean {
  if (!endDate) return true;
  const end = new Date(endDate).getTime();
  if (Number.isNaN(end)) return true;
  return end <= now.getTime();
}

/** The server refuses report calls on an expired plan with 403 PLAN_EXPIRED. */
export function isPlanExpiredError(error: unknown): boolean {
  return isApiError(error, 403) && error.code === PLAN_EXPIRED_CODE;
}
