import { MESSAGES } from '@licensewatch/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { checkUserMessage, classifySignInError } from './sign-in-error-message';

const message = (text: string) => ({ kind: 'message', message: text });

describe('classifySignInError', () => {
  it('asks check-user after invalid credentials', () => {
    const error = new ApiRequestError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password');
    expect(classifySignInError(error)).toEqual({ kind: 'check-user' });
  });

  it('maps the 403 codes', () => {
    expect(classifySignInError(new ApiRequestError(403, 'EMAIL_NOT_VERIFIED', 'x'))).toEqual(
      message(MESSAGES.login.unverified),
    );
    expect(classifySignInError(new ApiRequestError(403, 'ACCOUNT_DEACTIVATED', 'x'))).toEqual(
      message(MESSAGES.login.deactivated),
    );
  });

  it('maps rate limiting and bad email', () => {
    expect(classifySignInError(new ApiRequestError(429, 'RATE_LIMITED', 'slow down'))).toEqual(
      message(MESSAGES.login.tooMany),
    );
    expect(classifySignInError(new ApiRequestError(400, 'VALIDATION_ERROR', 'bad'))).toEqual(
      message(MESSAGES.login.invalidEmail),
    );
  });

  it('keeps a server message, otherwise the unexpected message', () => {
    expect(classifySignInError(new ApiRequestError(500, 'INTERNAL', 'Database unavailable'))).toEqual(
      message('Database unavailable'),
    );
    expect(classifySignInError(new ApiRequestError(500, '', MESSAGES.general.fallback))).toEqual(
      message(MESSAGES.login.unexpected),
    );
    expect(classifySignInError(new TypeError('Failed to fetch'))).toEqual(message(MESSAGES.login.unexpected));
  });
});

describe('checkUserMessage', () => {
  it('picks the product wording', () => {
    expect(checkUserMessage({ exists: false, valid_credentials: false, message: '' })).toBe(MESSAGES.login.noAccount);
    expect(checkUserMessage({ exists: true, valid_credentials: false, message: '' })).toBe(
      MESSAGES.login.wrongPassword,
    );
    expect(checkUserMessage({ exists: true, valid_credentials: true, message: 'Email not confirmed' })).toBe(
      'Email not confirmed',
    );
    expect(checkUserMessage({ exists: true, valid_credentials: true, message: '' })).toBe(MESSAGES.login.failed);
  });
});
