import { EMAIL_SEND_RATE_LIMIT_CODE } from '@licensewatch/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { isEmailRateLimitError, isExpiredOrInvalidTokenError } from './password-reset-errors';

describe('isEmailRateLimitError', () => {
  it('recognises the dedicated code and rate-limit wording', () => {
    expect(isEmailRateLimitError(new ApiRequestError(429, EMAIL_SEND_RATE_LIMIT_CODE, 'Wait'))).toBe(true);
    expect(isEmailRateLimitError(new ApiRequestError(429, '', 'Email rate limit exceeded'))).toBe(true);
    expect(isEmailRateLimitError(new ApiRequestError(500, 'INTERNAL', 'Boom'))).toBe(false);
    expect(isEmailRateLimitError(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('isExpiredOrInvalidTokenError', () => {
  it('matches expired or invalid tokens by code or message', () => {
    expect(isExpiredOrInvalidTokenError(new ApiRequestError(400, 'INVALID_TOKEN', 'Invalid token'))).toBe(true);
    expect(isExpiredOrInvalidTokenError(new ApiRequestError(400, '', 'Token has expired'))).toBe(true);
    expect(isExpiredOrInvalidTokenError(new ApiRequestError(500, 'INTERNAL', 'Boom'))).toBe(false);
  });
});
