import { MESSAGES } from '@licensewatch/shared/messages';
import { describe, expect, it } from 'vitest';
import { googleErrorMessage, loginQueryErrorMessage } from './google-error-message';

describe('googleErrorMessage', () => {
  it('maps access_denied to the access-denied message', () => {
    expect(googleErrorMessage('access_denied')).toBe(MESSAGES.google.accessDenied);
    expect(googleErrorMessage('ACCESS_DENIED')).toBe(MESSAGES.google.accessDenied);
  });

  it('maps every cancellation code to the cancelled message', () => {
    for (const code of ['cancelled', 'user_cancelled', 'canceled', 'popup_cancelled_by_user']) {
      expect(googleErrorMessage(code)).toBe(MESSAGES.google.cancelled);
    }
  });

  it('maps network-like codes to the network message', () => {
    for (const code of ['network_error', 'timeout', 'request_timed_out', 'failed_to_fetch']) {
      expect(googleErrorMessage(code)).toBe(MESSAGES.google.network);
    }
  });

  it('falls back to the generic failure for anything else', () => {
    for (const code of ['state_mismatch', 'invalid_code', 'consent_required', 'unable_to_get_user_info', '']) {
      expect(googleErrorMessage(code)).toBe(MESSAGES.google.failed);
    }
  });
});

describe('loginQueryErrorMessage', () => {
  it('explains a new Google account refused while sign-up is closed', () => {
    expect(loginQueryErrorMessage('REGISTRATION_DISABLED')).toBe(MESSAGES.signup.registrationDisabled);
  });

  it('recognises bad email-verification links', () => {
    expect(loginQueryErrorMessage('INVALID_TOKEN')).toBe(MESSAGES.login.verifyLinkInvalid);
    expect(loginQueryErrorMessage('TOKEN_EXPIRED')).toBe(MESSAGES.login.verifyLinkInvalid);
  });

  it('treats other codes as Google sign-in errors', () => {
    expect(loginQueryErrorMessage('access_denied')).toBe(MESSAGES.google.accessDenied);
    expect(loginQueryErrorMessage('user_cancelled')).toBe(MESSAGES.google.cancelled);
    expect(loginQueryErrorMessage('something_else')).toBe(MESSAGES.google.failed);
  });
});
