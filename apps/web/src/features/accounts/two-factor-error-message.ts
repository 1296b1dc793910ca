import { MESSAGES } from '@licensewatch/shared/messages';
import { ApiRequestError, hasErrorCode } from '../../lib/api';

const M = MESSAGES.twoFactor;

/**
 * What the second step of a sign-in says when a code is refused. `restart`: the challenge is gone
 * (timed out, or 5 wrong codes) and only the password step can start a new one.
 */
export function twoFactorErrorMessage(error: unknown, kind: 'totp' | 'backup'): { message: string; restart: boolean } {
  if (!(error instanceof ApiRequestError)) return { message: MESSAGES.login.unexpected, restart: false };
  if (hasErrorCode(error, 'INVALID_CODE', 'INVALID_BACKUP_CODE')) {
    return { message: kind === 'totp' ? M.wrongCode : M.wrongBackupCode, restart: false };
  }
  if (hasErrorCode(error, 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE')) return { message: M.tooManyAttempts, restart: true };
  if (hasErrorCode(error, 'INVALID_TWO_FACTOR_COOKIE')) return { message: M.expired, restart: true };
  if (hasErrorCode(error, 'ACCOUNT_TEMPORARILY_LOCKED') || error.status === 429) {
    return { message: M.locked, restart: false };
  }
  if (hasErrorCode(error, 'VALIDATION_ERROR')) {
    return { message: kind === 'totp' ? M.wrongCode : M.wrongBackupCode, restart: false };
  }
  return { message: MESSAGES.login.unexpected, restart: false };
}
