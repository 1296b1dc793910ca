import { MESSAGES } from '@licensewatch/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { twoFactorErrorMessage } from './two-factor-error-message';

const M = MESSAGES.twoFactor;
const error = (status: number, code: string) => new ApiRequestError(status, code, 'server words');

describe('twoFactorErrorMessage', () => {
  it('says a wrong code in place, for the app’s code and for a backup code', () => {
    expect(twoFactorErrorMessage(error(401, 'INVALID_CODE'), 'totp')).toEqual({ message: M.wrongCode, restart: false });
    expect(twoFactorErrorMessage(error(401, 'INVALID_BACKUP_CODE'), 'backup')).toEqual({
      message: M.wrongBackupCode,
      restart: false,
    });
  });

  it('sends the visitor back to the password when the challenge is gone or used up', () => {
    expect(twoFactorErrorMessage(error(401, 'INVALID_TWO_FACTOR_COOKIE'), 'totp')).toEqual({
      message: M.expired,
      restart: true,
    });
    expect(twoFactorErrorMessage(error(400, 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE'), 'totp')).toEqual({
      message: M.tooManyAttempts,
      restart: true,
    });
  });

  it('says the account is locked for a while after many wrong codes, or when our limit answers 429', () => {
    expect(twoFactorErrorMessage(error(429, 'ACCOUNT_TEMPORARILY_LOCKED'), 'totp').message).toBe(M.locked);
    expect(twoFactorErrorMessage(error(429, 'RATE_LIMITED'), 'backup').message).toBe(M.locked);
  });

  it('falls back to the general message for anything else', () => {
    expect(twoFactorErrorMessage(new TypeError('offline'), 'totp').message).toBe(MESSAGES.login.unexpected);
    expect(twoFactorErrorMessage(error(500, 'INTERNAL'), 'totp').message).toBe(MESSAGES.login.unexpected);
  });
});
