import { MESSAGES } from '@licensewatch/shared/messages';

const NETWORK_HINTS = ['network', 'timeout', 'timed_out', 'fetch', 'offline', 'connection', 'unreachable'];

/**
 * Turns the `?error=` code that Google (via the server's OAuth callback) puts on
 * /login into the product's wording (MESSAGES.google). Codes vary by provider and library version, so
 * this matches families of codes rather than an exact list.
 */
export function googleErrorMessage(code: string): string {
  const normalized = code.trim().toLowerCase();
  if (normalized === 'access_denied') return MESSAGES.google.accessDenied;
  if (normalized.includes('cancel')) return MESSAGES.google.cancelled;
  if (NETWORK_HINTS.some((hint) => normalized.includes(hint))) return MESSAGES.google.network;
  return MESSAGES.google.failed;
}

// Codes better-auth appends when an email-verification link is bad; they are not Google errors.
const VERIFY_LINK_CODES = new Set(['invalid_token', 'token_expired', 'user_not_found', 'invalid_user']);

/** The message for any `/login?error=CODE`, whichever flow sent the visitor back. */
export function loginQueryErrorMessage(code: string): string {
  if (VERIFY_LINK_CODES.has(code.trim().toLowerCase())) return MESSAGES.login.verifyLinkInvalid;
  // A first Google sign-in while the operator has closed sign-up (user_registration_enabled).
  if (code.trim().toUpperCase() === 'REGISTRATION_DISABLED') return MESSAGES.signup.registrationDisabled;
  return googleErrorMessage(code);
}
