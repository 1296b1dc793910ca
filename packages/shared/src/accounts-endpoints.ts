import { z } from 'zod';
import {
  accountSessionParamsSchema,
  accountSessionsResponseSchema,
  appSettingsResponseSchema,
  authProvidersResponseSchema,
  changePasswordPayloadSchema,
  checkUserRequestSchema,
  checkUserResponseSchema,
  enableTwoFactorResponseSchema,
  meResponseSchema,
  requestPasswordResetPayloadSchema,
  resetPasswordPayloadSchema,
  revokeAccountSessionResponseSchema,
  sessionResponseSchema,
  signInPayloadSchema,
  signInResponseSchema,
  signOutPayloadSchema,
  signUpPayloadSchema,
  socialSignInPayloadSchema,
  socialSignInResponseSchema,
  twoFactorPasswordPayloadSchema,
  updateUserPayloadSchema,
  verifyBackupCodePayloadSchema,
  verifyResetCodeRequestSchema,
  verifyResetCodeResponseSchema,
  verifyTotpPayloadSchema,
} from './accounts.ts';
import { ACCOUNTS_ROUTES } from './accounts-routes.ts';
import {
  credentialsResponseSchema,
  creditHistoryQuerySchema,
  creditHistoryResponseSchema,
  setApiKeyScopesRequestSchema,
} from './credentials.ts';
import { defineEndpoints } from './endpoint.ts';

/**
 * The accounts endpoints: sign-in and sign-up, who is signed in, and the API key. Those under
 * /api/auth are better-auth's, with the bodies the server validates before better-auth sees them;
 * every other path under /api/auth is a 404.
 */
export const ACCOUNTS_ENDPOINTS = defineEndpoints({
  signIn: {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    summary:
      'Sign in with email and password: sets the session cookie, or answers twoFactorRedirect (and a short-lived two_factor cookie) when the account has two-factor on',
    body: signInPayloadSchema,
    response: signInResponseSchema,
    errors: [401, 429],
  },
  signUp: {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    summary: 'Create an account; a confirmation link is emailed (403 REGISTRATION_DISABLED while sign-up is closed)',
    body: signUpPayloadSchema,
    errors: [403, 429],
  },
  signOut: {
    ...ACCOUNTS_ROUTES.signOut,
    signedIn: true,
    summary: 'Sign out (ends this session)',
    body: signOutPayloadSchema,
  },
  /** Starts Google's sign-in: answers the URL to send the browser to. */
  startSocialSignIn: {
    method: 'POST',
    path: '/api/auth/sign-in/social',
    summary: "Start Google's sign-in: the URL to send the browser to (404 when Google is not configured)",
    body: socialSignInPayloadSchema,
    response: socialSignInResponseSchema,
  },
  /** Google's redirect back; no page of ours calls it. */
  oauthCallback: {
    method: 'GET',
    path: '/api/auth/callback/:id',
    status: 302,
    summary: "Google's redirect back after sign-in: sets the session and sends the browser on",
  },
  /** The link in the confirmation email; no page of ours calls it. */
  verifyEmail: {
    method: 'GET',
    path: '/api/auth/verify-email',
    status: 302,
    summary: 'Confirm an email address (the emailed link): signs in and sends the browser to callbackURL',
    query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
    errors: [401],
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/auth/request-password-reset',
    summary: 'Email a password reset link (the same answer whether or not the account exists)',
    body: requestPasswordResetPayloadSchema,
    errors: [429],
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with the emailed code; ends every session of the account',
    body: resetPasswordPayloadSchema,
    errors: [429],
  },
  getSession: {
    method: 'GET',
    path: '/api/auth/get-session',
    signedIn: true,
    summary: "better-auth's view of the current session",
  },
  listSessions: {
    method: 'GET',
    path: '/api/auth/list-sessions',
    signedIn: true,
    summary: "The signed-in user's sessions",
  },
  updateUser: {
    method: 'POST',
    path: '/api/auth/update-user',
    signedIn: true,
    summary: "Change the signed-in user's name or picture",
    body: updateUserPayloadSchema,
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/change-password',
    signedIn: true,
    summary: "Change the signed-in user's password (400 when the current one is wrong)",
    body: changePasswordPayloadSchema,
    errors: [429],
  },
  /** Starts a TOTP enrolment (ADR 038): two-factor is on once verifyTotp confirms a code. */
  enableTwoFactor: {
    method: 'POST',
    path: '/api/auth/two-factor/enable',
    signedIn: true,
    summary:
      'Start two-factor enrolment: the otpauth URI to scan and the backup codes (400 when the password is wrong); on once a code is verified',
    body: twoFactorPasswordPayloadSchema,
    response: enableTwoFactorResponseSchema,
    errors: [400, 429],
  },
  disableTwoFactor: {
    method: 'POST',
    path: '/api/auth/two-factor/disable',
    signedIn: true,
    summary: 'Turn two-factor off (400 when the password is wrong)',
    body: twoFactorPasswordPayloadSchema,
    errors: [400, 429],
  },
  /** Signed in: confirms an enrolment. Signed out with the two_factor cookie of a sign-in: completes it. */
  verifyTotp: {
    method: 'POST',
    path: '/api/auth/two-factor/verify-totp',
    summary:
      'A code from the authenticator app: completes a sign-in that answered twoFactorRedirect (sets the session cookie), or confirms an enrolment (401 INVALID_CODE when wrong)',
    body: verifyTotpPayloadSchema,
    errors: [400, 401, 429],
  },
  verifyBackupCode: {
    method: 'POST',
    path: '/api/auth/two-factor/verify-backup-code',
    summary: "A backup code instead of the app's code to complete a sign-in; each works once (401 INVALID_BACKUP_CODE)",
    body: verifyBackupCodePayloadSchema,
    errors: [400, 401, 429],
  },
  checkUser: {
    method: 'POST',
    path: '/api/v1/auth/check-user',
    summary: 'Which sign-in message applies to these credentials',
    body: checkUserRequestSchema,
    response: checkUserResponseSchema,
    errors: [429],
  },
  verifyResetCode: {
    method: 'POST',
    path: '/api/v1/auth/verify-reset-code',
    summary: 'Whether a password reset code is still good',
    body: verifyResetCodeRequestSchema,
    response: verifyResetCodeResponseSchema,
    errors: [429],
  },
  providers: {
    method: 'GET',
    path: '/api/v1/auth/providers',
    summary: 'The sign-in providers this server offers besides email',
    response: authProvidersResponseSchema,
  },
  appSettings: {
    ...ACCOUNTS_ROUTES.appSettings,
    summary: "Public: the application's name and whether new accounts may sign up",
    response: appSettingsResponseSchema,
  },
  accountSessions: {
    method: 'GET',
    path: '/api/v2/auth/sessions',
    signedIn: true,
    summary: "The signed-in user's sessions, newest activity first, the asking one marked current",
    response: accountSessionsResponseSchema,
  },
  revokeAccountSession: {
    method: 'DELETE',
    path: '/api/v2/auth/sessions/:id',
    signedIn: true,
    summary: 'Sign one of your sessions out at once (404 for an id that is not one of yours)',
    params: accountSessionParamsSchema,
    response: revokeAccountSessionResponseSchema,
    errors: [404],
  },
  me: {
    ...ACCOUNTS_ROUTES.me,
    signedIn: true,
    summary: 'The signed-in user (401 when signed out)',
    response: meResponseSchema,
  },
  session: {
    ...ACCOUNTS_ROUTES.session,
    summary: 'The signed-in user, or {user: null} when signed out',
    response: sessionResponseSchema,
  },
  credentials: {
    ...ACCOUNTS_ROUTES.credentials,
    signedIn: true,
    summary: 'Plan end, report and API credits, and the API key',
    response: credentialsResponseSchema,
  },
  regenerateApiKey: {
    ...ACCOUNTS_ROUTES.regenerateApiKey,
    signedIn: true,
    summary: 'Issue a new API key (the old one stops at once); answers the credentials record',
    response: credentialsResponseSchema,
  },
  /** The acting workspace's API key's scopes: what it may call (api-keys.ts). */
  setApiKeyScopes: {
    ...ACCOUNTS_ROUTES.setApiKeyScopes,
    signedIn: true,
    summary: "Set what the acting workspace's API key may do; answers the credentials record",
    body: setApiKeyScopesRequestSchema,
    response: credentialsResponseSchema,
    // A viewer of an organisation asking for a scope that changes something.
    errors: [403],
  },
  /** The signed-in user's credit ledger, newest first, a day of API calls as one row. */
  creditHistory: {
    ...ACCOUNTS_ROUTES.creditHistory,
    signedIn: true,
    summary: 'The credit ledger, newest first (a day of API calls is one row)',
    query: creditHistoryQuerySchema,
    response: creditHistoryResponseSchema,
  },
});
