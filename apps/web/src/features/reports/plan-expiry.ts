import { isApiError } from '../../lib/api';

export const PLAN_EXPIRED_CODE = 'PLAN_EXPIRED';

/** The server refuses report calls on an expired plan with 403 PLAN_EXPIRED. */
export function isPlanExpiredError(error: unknown): boolean {
  return isApiError(error, 403) && error.code === PLAN_EXPIRED_CODE;
}
