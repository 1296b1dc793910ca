import { EMAIL_SEND_RATE_LIMIT_CODE } from '@licensewatch/shared/messages';
import { ApiRequestError, hasErrorCode } from '../../lib/api';

/** The forgot-password lock: the server's dedicated code, or any provider message about a rate limit. */
export function isEmailRateLimitError(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  return hasErrorCode(error, EMAIL_SEND_RATE_LIMIT_CODE) || /rate limit/i.test(error.message);
}

/** better-auth answers a bad or stale reset token with 400 INVALID_TOKEN; older wording says "expired". */
export function isExpiredOrInvalidTokenError(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  const text = `${error.code} ${error.message}`.toLowerCase();
  return text.includes('expired') || text.includes('invalid');
}
