import { PASSWORD_MAX, resetPasswordPayloadSchema, signInSchema } from '@licensewatch/shared/accounts';
import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { EMAIL_SEND_RATE_LIMIT_CODE, MESSAGES } from '@licensewatch/shared/messages';
import { z } from 'zod';
import type { Platform } from '../../../platform/deps.ts';
import { consumeRateLimit } from '../../../platform/security/consume-rate-limit.ts';
import { limitPasswordGuess, recordPasswordFailure } from '../limit-password-guess.ts';
import { RATE_LIMITS } from '../rate-limits.ts';
import type { SessionUser } from './read-session.ts';

type Deps = Pick<Platform, 'db' | 'jobs'>;
type Body = Record<string, unknown>;
type Caller = { ip: string; user: SessionUser | null };

export type AuthEndpoint = {
  method: 'GET' | 'POST';
  /** The path, under better-auth's /api/auth; `:name` stands for one segment. */
  path: string;
  /** Only for a signed-in, active user: our session check answers 401 before better-auth runs. */
  signedIn?: true;
  /** The JSON body better-auth may see, validated and normalised by our shared schemas. */
  body?: z.ZodType<Body>;
  /** Database-backed limits (docs/security.md, Rate limits), counted before better-auth runs. */
  limit?: (ctx: Deps, body: Body, caller: Caller) => Promise<void>;
  /** After better-auth has answered with this status. */
  answered?: (ctx: Deps, body: Body, status: number, caller: Caller) => Promise<void>;
  /** Answered here without better-auth: the work is queued, so every caller waits the same. */
  answer?: (ctx: Deps, body: Body) => Promise<Body>;
};

const email = (body: Body) => String(body.email).toLowerCase();
const callbackPath = z.string().max(2_000).optional();

/**
 * The better-auth endpoints the product uses, and what each must pass before better-auth sees it.
 * Every other path under /api/auth is a 404: better-auth ships more endpoints (account linking,
 * token refresh, verify-password, …) that this product never calls, and each would be one more
 * way in. Bodies are strict where the caller names fields: role, plan, activity and the sign-up
 * answers are the server's to set, never update-user's.
 */
export const AUTH_ENDPOINTS: AuthEndpoint[] = [
  {
    ...ACCOUNTS_ENDPOINTS.signIn,
    body: signInSchema.extend({ callbackURL: callbackPath, rememberMe: z.boolean().optional() }),
    limit: (ctx, body, { ip }) => limitPasswordGuess(ctx.db, { email: email(body), ip }),
    answered: async (ctx, body, status) => {
      if (status === 401) await recordPasswordFailure(ctx.db, email(body));
    },
  },
  {
    ...ACCOUNTS_ENDPOINTS.signUp,
    limit: (ctx, _body, { ip }) => consumeRateLimit(ctx.db, `sign-up:ip:${ip}`, RATE_LIMITS.signUpPerIp),
  },
  {
    ...ACCOUNTS_ENDPOINTS.startSocialSignIn,
    body: z.strictObject({
      provider: z.literal('google'),
      callbackURL: callbackPath,
      errorCallbackURL: callbackPath,
      newUserCallbackURL: callbackPath,
      disableRedirect: z.boolean().optional(),
    }),
  },
  // Google's redirect back, and the link in the verification email: no page of ours calls them.
  { method: 'GET', path: '/api/auth/callback/:id' },
  { method: 'GET', path: '/api/auth/verify-email' },
  { ...ACCOUNTS_ENDPOINTS.signOut, signedIn: true, body: z.strictObject({}) },
  {
    ...ACCOUNTS_ENDPOINTS.requestPasswordReset,
    limit: async (ctx, body, { ip }) => {
      const opts = { detail: MESSAGES.forgot.tooMany, code: EMAIL_SEND_RATE_LIMIT_CODE } as const;
      await consumeRateLimit(ctx.db, `forgot:ip:${ip}`, RATE_LIMITS.forgotPasswordPerIp, opts);
      await consumeRateLimit(ctx.db, `forgot:email:${email(body)}`, RATE_LIMITS.forgotPasswordPerEmail, opts);
    },
    // Known and unknown emails must answer alike and as fast (no account discovery by timing):
    // the look-up, the token and the email happen in a job; the answer is better-auth's own.
    answer: async (ctx, body) => {
      await ctx.jobs.send('requestPasswordReset', { email: email(body) });
      return { status: true, message: 'If this email exists in our system, check your email for the reset link' };
    },
  },
  {
    ...ACCOUNTS_ENDPOINTS.resetPassword,
    limit: (ctx, _body, { ip }) => consumeRateLimit(ctx.db, `reset:ip:${ip}`, RATE_LIMITS.resetPasswordPerIp),
  },
  { method: 'GET', path: '/api/auth/get-session', signedIn: true },
  { method: 'GET', path: '/api/auth/list-sessions', signedIn: true },
  {
    method: 'POST',
    path: '/api/auth/update-user',
    signedIn: true,
    body: z.strictObject({
      name: z.string().trim().min(1, 'Full name is required').max(200).optional(),
      image: z.url().max(2_000).nullable().optional(),
    }),
  },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    signedIn: true,
    body: z.strictObject({
      currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
      newPassword: resetPasswordPayloadSchema.shape.newPassword,
      revokeOtherSessions: z.boolean().optional(),
    }),
    // The current password is a guess like a sign-in's.
    limit: async (ctx, _body, { ip, user }) => {
      await consumeRateLimit(ctx.db, `change-password:user:${user?.id}`, RATE_LIMITS.changePasswordPerUser, {
        detail: MESSAGES.login.tooMany,
      });
      if (user) await limitPasswordGuess(ctx.db, { email: user.email, ip });
    },
    // better-auth answers a wrong current password with 400 (the body passed our schema).
    answered: async (ctx, _body, status, { user }) => {
      if (status === 400 && user) await recordPasswordFailure(ctx.db, user.email);
    },
  },
];

function toPattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/\//g, '\\/').replace(/:[^/]+/g, '[^/]+')}$`);
}
const PATTERNS = AUTH_ENDPOINTS.map((endpoint) => ({ endpoint, pattern: toPattern(endpoint.path) }));

/** The endpoint at this better-auth path and method; `allowed` lists the methods the path takes. */
export function findAuthEndpoint(method: string, path: string): { endpoint?: AuthEndpoint; allowed: string[] } {
  const atPath = PATTERNS.filter((p) => p.pattern.test(path)).map((p) => p.endpoint);
  return { endpoint: atPath.find((e) => e.method === method), allowed: atPath.map((e) => e.method) };
}
