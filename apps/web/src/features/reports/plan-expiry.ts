import { hasErrorCode, isApiError } from '../../lib/api';

/** The server refuses report calls on an expired plan with 403 PLAN_EXPIRED. */
export function isPlanExpiredError(error: unknown): boolean {
  return isApiError(error, 403) && hasErrorCode(error, 'PLAN_EXPIRED');
}
