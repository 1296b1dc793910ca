import { EMAIL_SEND_RATE_LIMIT_CODE } from '@licensewatch/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, hasErrorCode } from './api';

describe('hasErrorCode', () => {
  it('matches a code exactly as the server sends it, lowercase ones included', () => {
    const error = new ApiRequestError(429, EMAIL_SEND_RATE_LIMIT_CODE, 'Too many reset attempts.');
    expect(hasErrorCode(error, EMAIL_SEND_RATE_LIMIT_CODE)).toBe(true);
    expect(hasErrorCode(error, 'RATE_LIMITED')).toBe(false);
  });

  it('matches any of several codes, and nothing that is not an API error', () => {
    const error = new ApiRequestError(400, 'CAPTCHA_USED', 'used');
    expect(hasErrorCode(error, 'CAPTCHA_INVALID', 'CAPTCHA_USED')).toBe(true);
    expect(hasErrorCode(new Error('CAPTCHA_USED'), 'CAPTCHA_USED')).toBe(false);
  });
});
