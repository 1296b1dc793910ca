import type { CheckUserResponse } from '@licensewatch/shared/accounts';
import { MESSAGES } from '@licensewatch/shared/messages';
import { ApiRequestError, hasErrorCode } from '../../lib/api';

/** What the failed sign-in needs next: a final message, or a check-user call to pick one. */
export type SignInFailure = { kind: 'message'; message: string } | { kind: 'check-user' };

export function classifySignInError(error: unknown): SignInFailure {
  if (!(error instanceof ApiRequestError)) return { kind: 'message', message: MESSAGES.login.unexpected };
  if (error.status === 401 || hasErrorCode(error, 'INVALID_EMAIL_OR_PASSWORD')) return { kind: 'check-user' };
  if (hasErrorCode(error, 'EMAIL_NOT_VERIFIED')) return { kind: 'message', message: MESSAGES.login.unverified };
  if (hasErrorCode(error, 'ACCOUNT_DEACTIVATED')) return { kind: 'message', message: MESSAGES.login.deactivated };
  if (error.status === 429) return { kind: 'message', message: MESSAGES.login.tooMany };
  if (error.status === 400 && hasErrorCode(error, 'VALIDATION_ERROR', 'INVALID_EMAIL')) {
    return { kind: 'message', message: MESSAGES.login.invalidEmail };
  }
  // The API client's generic fallback means the server sent no message of its own.
  const hasOwnMessage = error.message && error.message !== MESSAGES.general.fallback;
  return { kind: 'message', message: hasOwnMessage ? error.message : MESSAGES.login.unexpected };
}

export function checkUserMessage(result: CheckUserResponse): string {
  if (!result.exists) return MESSAGES.login.noAccount;
  if (!result.valid_credentials) return MESSAGES.login.wrongPassword;
  return result.message || MESSAGES.login.failed;
}
