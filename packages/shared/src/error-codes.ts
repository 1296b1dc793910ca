import { EMAIL_SEND_RATE_LIMIT_CODE } from './messages';

/**
 * Every `code` our own routes put in an error's `{detail, code}` body. The server raises no
 * other (AppError takes only these, and the fuzz test checks the codes of the errors it
 * provokes), and the web compares against these names instead of retyping them.
 */
export const ERROR_CODES = [
  // Any route: the request itself.
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'BAD_URL',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  // A JSON body nested too deep or with too many keys and elements; one with a byte-order mark or
  // bytes that are not UTF-8 (docs/security.md, Request limits).
  'JSON_TOO_COMPLEX',
  'INVALID_ENCODING',
  'UNSUPPORTED_MEDIA_TYPE',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'CSRF_REJECTED',
  'INTERNAL',
  // The database cannot take the request now (unreachable, shutting down, read-only): try again.
  'SERVICE_UNAVAILABLE',
  // Accounts (better-auth's own failures without a code of theirs answer AUTH_ERROR).
  'ACCOUNT_DEACTIVATED',
  'AUTH_ERROR',
  // An administrator without two-factor on, at any admin route (ADR 038).
  'TWO_FACTOR_REQUIRED',
  EMAIL_SEND_RATE_LIMIT_CODE,
  // Plans and reports.
  'PLAN_EXPIRED',
  'PLAN_LIMIT',
  'NO_REPORT_CREDITS',
  // A user's saved roster views are at their limit (ROSTER_VIEWS_MAX).
  'ROSTER_VIEWS_FULL',
  'NOT_A_TRIAL_PLAN',
  // The search API: a key missing, unknown, regenerated or its owner deactivated; no credits left.
  'INVALID_API_KEY',
  'NO_API_CREDITS',
  'TRIAL_ENDED',
  // Billing.
  'PAYMENTS_NOT_CONFIGURED',
  'PAYMENT_PROVIDER_ERROR',
  'ALREADY_SUBSCRIBED',
  'PLAN_NOT_FOR_SALE',
  'PRICE_MISMATCH',
  'NO_BILLING_ACCOUNT',
  // A Stripe or Twilio webhook whose signature does not verify.
  'INVALID_SIGNATURE',
  // Twilio's inbound SMS webhook while SMS is not configured (TWILIO_* unset).
  'SMS_NOT_CONFIGURED',
  // The contact form's captcha.
  'CAPTCHA_INVALID',
  'CAPTCHA_USED',
  'CAPTCHA_UNAVAILABLE',
  // The profile: a new email another account has, a phone code asked for without a phone, and a
  // phone code that is wrong, expired or tried too often.
  'EMAIL_TAKEN',
  'PHONE_NUMBER_REQUIRED',
  'PHONE_CODE_WRONG',
  'PHONE_CODE_EXPIRED',
  'PHONE_CODE_ATTEMPTS',
  // An unsubscribe link whose signature does not hold (altered, or from another server secret).
  'INVALID_UNSUBSCRIBE_LINK',
  // The admin area: sign-up while user_registration_enabled is off; a reduction below zero; an
  // administrator acting on their own account or another administrator's from the users screen.
  'REGISTRATION_DISABLED',
  'INSUFFICIENT_TEMP_CREDITS',
  'ADMIN_TARGET_REFUSED',
  // Organisations (ADR 019): a viewer changing the roster, a member who is not the owner or an
  // admin managing members, ownership matters only the owner may touch; invitations that cannot be
  // sent or accepted.
  'VIEWER_READ_ONLY',
  'ORGANISATION_ADMIN_REQUIRED',
  'ORGANISATION_OWNER_REQUIRED',
  'OWNER_ROLE_FIXED',
  'OWNER_CANNOT_LEAVE',
  'ALREADY_MEMBER',
  'ALREADY_INVITED',
  'INVITATION_INVALID',
  'INVITATION_EXPIRED',
  'INVITATION_USED',
  'INVITATION_WRONG_EMAIL',
  // Webhooks: an endpoint URL that is not https (or, in production, points at a private address).
  'WEBHOOK_URL_REFUSED',
  // Roster import: a file that cannot be read (type, size, rows, header); one with no importable
  // row. The NPI look-up: a malformed NPI, one NPPES does not list, NPPES not answering.
  'ROSTER_FILE_INVALID',
  'ROSTER_NOTHING_TO_IMPORT',
  'NPI_INVALID',
  'NPI_NOT_FOUND',
  'NPI_UNAVAILABLE',
  // Exclusion screening: a possible match someone has already confirmed or dismissed.
  'EXCLUSION_MATCH_DECIDED',
  // Verification by hand recorded for a state whose board a machine reads (docs/product-rules.md).
  'BOARD_READ_BY_MACHINE',
  // An API key without the scope a call needs; a key on a call only a session may make (api-keys.ts).
  'API_KEY_SCOPE_MISSING',
  'SESSION_REQUIRED',
  // A single create naming the external_id of a report the workspace has (the bulk create answers it per row).
  'EXTERNAL_ID_TAKEN',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** better-auth's own codes, passed through on /api/auth/*, that the web acts on. */
export const AUTH_PROVIDER_CODES = [
  'INVALID_EMAIL_OR_PASSWORD',
  'EMAIL_NOT_VERIFIED',
  'INVALID_EMAIL',
  // Two-factor (ADR 038): a wrong password at enable/disable, a wrong code, a sign-in challenge that
  // is gone or used up, an account whose second step is locked for a while.
  'INVALID_PASSWORD',
  'INVALID_CODE',
  'INVALID_BACKUP_CODE',
  'INVALID_TWO_FACTOR_COOKIE',
  'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  'ACCOUNT_TEMPORARILY_LOCKED',
] as const;

/** A code the web may meet in an error answer from our server. */
export type ApiErrorCode = ErrorCode | (typeof AUTH_PROVIDER_CODES)[number];

export function isErrorCode(code: unknown): code is ErrorCode {
  return (ERROR_CODES as readonly unknown[]).includes(code);
}
