import { PASSWORD_MAX, PASSWORD_MIN, SIGN_UP_ROLES } from '@licensewatch/shared/accounts';
import { BRAND } from '@licensewatch/shared/brand';
import { MESSAGES } from '@licensewatch/shared/messages';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { createElement } from 'react';
import type { Db } from '../../platform/db/client.ts';
import { account, session, user, verification } from '../../platform/db/schema.ts';
import { type Env, googleEnabled, trustedOrigins } from '../../platform/env.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { sendEmail } from '../../platform/mail/send-email.ts';
import { readSetting } from '../../platform/settings/read-setting.ts';
import { startFreePlan } from '../plans/start-free-plan.ts';
import type { ApiKeySecrets } from './api-key-crypto.ts';
import { createApiKey } from './create-api-key.ts';
import { AccountExistsEmail } from './emails/account-exists-email.tsx';
import { ResetPasswordEmail } from './emails/reset-password-email.tsx';
import { VerifyEmail } from './emails/verify-email.tsx';
import { hashPassword, verifyPassword } from './password.ts';

type Deps = {
  env: Env;
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  baseURL: string;
  secret: string;
  apiKeySecrets: ApiKeySecrets;
  log: Logger;
};

const RESET_TOKEN_SECONDS = 60 * 60;

/** When a session used now lapses: now + session_timeout_minutes (an operator setting). */
async function idleExpiry(db: Db): Promise<Date> {
  return new Date(Date.now() + (await readSetting(db, 'session_timeout_minutes')) * 60_000);
}

/**
 * The client's address as Fastify decided it (TRUST_PROXY, docs/security.md, Rate limits), handed
 * to better-auth by our route in a header of its own: better-auth would otherwise read
 * X-Forwarded-For itself and record whatever a caller wrote there on the session.
 */
export const CLIENT_ADDRESS_HEADER = 'x-licensewatch-client-address';

export function createAuth({ env, db, mailer, jobs, baseURL, secret, apiKeySecrets, log }: Deps) {
  const emailDeps = { db, mailer, jobs };
  return betterAuth({
    appName: BRAND.name,
    baseURL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    // Limits are enforced before requests reach better-auth, in our database-backed limiter.
    rateLimit: { enabled: false },
    // Errors that cannot name a callback (a forged OAuth state) land on our login page, not better-auth's.
    onAPIError: { errorURL: `${baseURL}/login` },
    telemetry: { enabled: false },
    logger: {
      // pino serialises an Error only under `err`; inside a plain array it would print as {}.
      log: (level, message, ...args) => {
        const err = args.find((a) => a instanceof Error);
        log[level]({ err, args: args.filter((a) => a !== err) }, `[better-auth] ${message}`);
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      password: { hash: hashPassword, verify: verifyPassword },
      // Sign-up answers the same for a taken email (no account discovery); the owner hears about it.
      onExistingUserSignUp: async ({ user: u }) => {
        await sendEmail(emailDeps, {
          to: u.email,
          subject: (brandName) => `You already have a ${brandName} account`,
          body: createElement(AccountExistsEmail, { name: u.name, loginUrl: `${baseURL}/login` }),
        });
      },
      sendResetPassword: async ({ user: u, token }) => {
        const url = `${baseURL}/reset-password?code=${encodeURIComponent(token)}&email=${encodeURIComponent(u.email)}`;
        await sendEmail(emailDeps, {
          to: u.email,
          subject: (brandName) => `Reset your ${brandName} password`,
          body: createElement(ResetPasswordEmail, { name: u.name, url }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: u, token }) => {
        // Land on /login: signed in it forwards to /dashboard, and a bad link shows its message there.
        const url = `${baseURL}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=%2Flogin`;
        await sendEmail(emailDeps, {
          to: u.email,
          subject: (brandName) => `Confirm your ${brandName} account`,
          body: createElement(VerifyEmail, { name: u.name, url }),
        });
      },
    },
    user: {
      additionalFields: {
        organization: { type: 'string', required: false },
        userType: { type: 'string', required: false, defaultValue: 'individual_physician' },
        apiUsageInfo: { type: 'json', required: false },
        role: { type: 'string', required: false, input: false, defaultValue: 'user' },
        isActive: { type: 'boolean', required: false, input: false, defaultValue: true },
        phoneNumber: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a deactivated user or a reset password must end sessions at once.
      cookieCache: { enabled: false },
    },
    advanced: {
      useSecureCookies: env.NODE_ENV === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // The whole address (no /64 collapsing): it is a record, not a rate-limit key.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER], ipv6Subnet: 128 },
    },
    databaseHooks: {
      // Every way an account comes to exist (sign-up, Google, createUser for the CLI and demo seed)
      // passes here. Should it fail, the account still gets its plan on first use (ensureUserPlan).
      user: {
        create: {
          // Through one of better-auth's endpoints (an email sign-up, a first Google sign-in) there
          // is an endpoint context; the CLI and the demo seed create accounts without one and keep
          // their explicit role whatever the settings say.
          before: async (u, endpoint) => {
            if (!endpoint) return;
            const [open, role] = await Promise.all([
              readSetting(db, 'user_registration_enabled'),
              readSetting(db, 'default_user_role'),
            ]);
            // The email sign-up is refused before better-auth runs; this is the Google path.
            if (!open) {
              throw new APIError('FORBIDDEN', {
                message: MESSAGES.signup.registrationDisabled,
                code: 'REGISTRATION_DISABLED',
              });
            }
            // Only a role a sign-up may have: an admin stored before that value was refused gives
            // nobody the admin area.
            const signUpRole = (SIGN_UP_ROLES as readonly string[]).includes(role) ? role : 'user';
            return { data: { ...u, role: signUpRole } };
          },
          after: async (u) => {
            try {
              await startFreePlan(db, u.id);
            } catch (err) {
              log.error({ err, userId: u.id }, 'could not start the free plan; it will start on first use');
            }
            try {
              await createApiKey({ db, apiKeySecrets }, { userId: u.id, workspaceId: u.id });
            } catch (err) {
              log.error(
                { err, userId: u.id },
                'could not create the API key; it will be created when credentials are read',
              );
            }
          },
        },
      },
      session: {
        create: {
          before: async (s) => {
            // One statement: refuses a deactivated account and, for an active one, records the
            // sign-in the admin user list shows (docs/product-rules.md, Users).
            const [row] = await db
              .update(user)
              .set({ lastSignInAt: sql`now()` })
              .where(and(eq(user.id, s.userId), eq(user.isActive, true)))
              .returning({ id: user.id });
            if (!row) {
              throw new APIError('FORBIDDEN', { message: MESSAGES.login.deactivated, code: 'ACCOUNT_DEACTIVATED' });
            }
            // The idle timeout bounds a new session too, so better-auth's own endpoints agree with
            // our session read (http/read-session.ts), which slides it while it is in use.
            return { data: { ...s, expiresAt: await idleExpiry(db) } };
          },
        },
        update: {
          before: async (s) => (s.expiresAt ? { data: { ...s, expiresAt: await idleExpiry(db) } } : undefined),
        },
      },
    },
    plugins: googleEnabled(env)
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                name: 'Google',
                clientId: env.GOOGLE_CLIENT_ID ?? '',
                clientSecret: env.GOOGLE_CLIENT_SECRET ?? '',
                authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
                tokenUrl: env.GOOGLE_TOKEN_URL,
                userInfoUrl: env.GOOGLE_USERINFO_URL,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                // Google's userinfo names the account `sub`; better-auth would otherwise look for `id`.
                accountSubject: ({ profile }) => String(profile.sub),
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
