import {
  authProvidersResponseSchema,
  checkUserRequestSchema,
  checkUserResponseSchema,
  meResponseSchema,
  requestPasswordResetPayloadSchema,
  resetPasswordPayloadSchema,
  sessionResponseSchema,
  signInSchema,
  signUpPayloadSchema,
  socialSignInResponseSchema,
  verifyResetCodeRequestSchema,
  verifyResetCodeResponseSchema,
} from './accounts.ts';
import { ACCOUNTS_ROUTES } from './accounts-routes.ts';
import { credentialsResponseSchema, creditHistoryQuerySchema, creditHistoryResponseSchema } from './credentials.ts';
import { defineEndpoints } from './endpoint.ts';

/**
 * The accounts endpoints: sign-in and sign-up, who is signed in, and the API key. Those under
 * /api/auth are better-auth's, with the bodies the server validates before better-auth sees them.
 */
export const ACCOUNTS_ENDPOINTS = defineEndpoints({
  /** The server also takes an optional callbackURL and rememberMe. */
  signIn: { method: 'POST', path: '/api/auth/sign-in/email', body: signInSchema },
  signUp: { method: 'POST', path: '/api/auth/sign-up/email', body: signUpPayloadSchema },
  signOut: ACCOUNTS_ROUTES.signOut,
  /** Starts Google's sign-in: answers the URL to send the browser to. */
  startSocialSignIn: { method: 'POST', path: '/api/auth/sign-in/social', response: socialSignInResponseSchema },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/auth/request-password-reset',
    body: requestPasswordResetPayloadSchema,
  },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password', body: resetPasswordPayloadSchema },
  checkUser: {
    method: 'POST',
    path: '/api/v1/auth/check-user',
    body: checkUserRequestSchema,
    response: checkUserResponseSchema,
  },
  verifyResetCode: {
    method: 'POST',
    path: '/api/v1/auth/verify-reset-code',
    body: verifyResetCodeRequestSchema,
    response: verifyResetCodeResponseSchema,
  },
  providers: { method: 'GET', path: '/api/v1/auth/providers', response: authProvidersResponseSchema },
  me: { ...ACCOUNTS_ROUTES.me, response: meResponseSchema },
  session: { ...ACCOUNTS_ROUTES.session, response: sessionResponseSchema },
  credentials: { ...ACCOUNTS_ROUTES.credentials, response: credentialsResponseSchema },
  regenerateApiKey: { ...ACCOUNTS_ROUTES.regenerateApiKey, response: credentialsResponseSchema },
  /** The signed-in user's credit ledger, newest first, a day of API calls as one row. */
  creditHistory: {
    ...ACCOUNTS_ROUTES.creditHistory,
    query: creditHistoryQuerySchema,
    response: creditHistoryResponseSchema,
  },
});
