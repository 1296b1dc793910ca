import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import type { Endpoint } from '@licensewatch/shared/endpoint';
import { EMAIL_SEND_RATE_LIMIT_CODE, MESSAGES } from '@licensewatch/shared/messages';
import type { z } from 'zod';
import type { Platform } from '../../../platform/deps.ts';
import { consumeRateLimit } from '../../../platform/security/consume-rate-limit.ts';
import { readSetting } from '../../../platform/settings/read-setting.ts';
import { limitPasswordGuess, recordPasswordFailure } from '../limit-password-guess.ts';
import { RATE_LIMITS } from '../rate-limits.ts';
import { requireRegistrationOpen } from '../require-registration-open.ts';
import type { SessionUser } from './read-session.ts';

type Deps = Pick<Platform, 'db' | 'jobs'>;
type Body = Record<string, unknown>;
type Caller = { ip: string; user: SessionUser | null };

/**
 * A better-auth endpoint of the contract (ACCOUNTS_ENDPOINTS: its path under /api/auth, whether it
 * needs a session — our check answers 401 before better-auth runs — and the JSON body better-auth
 * may see, validated and normalised first), with what the server does around it.
 */
export type AuthEndpoint = Endpoint & {
  method: 'GET' | 'POST';
  body?: z.ZodType<Body>;
  /** Database-backed limits (docs/security.md, Rate limits), counted before better-auth runs. */
  limit?: (ctx: Deps, body: Body, caller: Caller) => Promise<void>;
  /** After better-auth has answered with this status. */
  answered?: (ctx: Deps, body: Body, status: number, caller: Caller) => Promise<void>;
  /** What the server adds to the body before better-auth sees it (never the caller's to set). */
  extend?: (ctx: Deps, body: Body) => Promise<Body>;
  /** Answered here without better-auth: the work is queued, so every caller waits the same. */
  answer?: (ctx: Deps, body: Body) => Promise<Body>;
};

const email = (body: Body) => String(body.email).toLowerCase();

/** Enabling or disabling two-factor takes the password: a guess like a sign-in's, counted alike. */
const twoFactorPassword: Pick<AuthEndpoint, 'limit' | 'answered'> = {
  limit: async (ctx, _body, { ip, user }) => {
    // Signed out, better-auth answers 401 and no password is tried: nothing to count.
    if (!user) return;
    await consumeRateLimit(ctx.db, `two-factor-password:user:${user.id}`, RATE_LIMITS.changePasswordPerUser, {
      detail: MESSAGES.login.tooMany,
    });
    await limitPasswordGuess(ctx.db, { email: user.email, ip });
  },
  // better-auth answers a wrong password with 400 INVALID_PASSWORD.
  answered: async (ctx, _body, status, { user }) => {
    if (status === 400 && user) await recordPasswordFailure(ctx.db, user.email);
  },
};

/** A two-factor code: per user while enrolling (signed in), per address at a sign-in's second step. */
async function limitTwoFactorCode(ctx: Deps, _body: Body, { ip, user }: Caller): Promise<void> {
  const opts = { detail: MESSAGES.twoFactor.locked };
  if (user) await consumeRateLimit(ctx.db, `two-factor-code:user:${user.id}`, RATE_LIMITS.twoFactorCodePerUser, opts);
  else await consumeRateLimit(ctx.db, `two-factor-code:ip:${ip}`, RATE_LIMITS.twoFactorCodePerIp, opts);
}

/**
 * The better-auth endpoints the product uses, and what each must pass before better-auth sees it.
 * Every other path under /api/auth is a 404: better-auth ships more endpoints (account linking,
 * token refresh, verify-password, …) that this product never calls, and each would be one more
 * way in.
 */
export const AUTH_ENDPOINTS: AuthEndpoint[] = [
  {
    ...ACCOUNTS_ENDPOINTS.signIn,
    limit: (ctx, body, { ip }) => limitPasswordGuess(ctx.db, { email: email(body), ip }),
    answered: async (ctx, body, status) => {
      if (status === 401) await recordPasswordFailure(ctx.db, email(body));
    },
  },
  {
    ...ACCOUNTS_ENDPOINTS.signUp,
    limit: async (ctx, _body, { ip }) => {
      await requireRegistrationOpen(ctx.db);
      await consumeRateLimit(ctx.db, `sign-up:ip:${ip}`, RATE_LIMITS.signUpPerIp);
    },
  },
  ACCOUNTS_ENDPOINTS.startSocialSignIn,
  // Google's redirect back, and the link in the verification email: no page of ours calls them.
  ACCOUNTS_ENDPOINTS.oauthCallback,
  ACCOUNTS_ENDPOINTS.verifyEmail,
  ACCOUNTS_ENDPOINTS.signOut,
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
  ACCOUNTS_ENDPOINTS.getSession,
  ACCOUNTS_ENDPOINTS.listSessions,
  ACCOUNTS_ENDPOINTS.updateUser,
  {
    ...ACCOUNTS_ENDPOINTS.changePassword,
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
  {
    ...ACCOUNTS_ENDPOINTS.enableTwoFactor,
    ...twoFactorPassword,
    // The authenticator app shows the operator's application name (admin settings), not the brand default.
    extend: async (ctx, body) => ({ ...body, issuer: await readSetting(ctx.db, 'application_name') }),
  },
  { ...ACCOUNTS_ENDPOINTS.disableTwoFactor, ...twoFactorPassword },
  { ...ACCOUNTS_ENDPOINTS.verifyTotp, limit: limitTwoFactorCode },
  { ...ACCOUNTS_ENDPOINTS.verifyBackupCode, limit: limitTwoFactorCode },
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
