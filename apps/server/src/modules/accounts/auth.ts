import { PASSWORD_MAX, PASSWORD_MIN } from '@licensewatch/shared/accounts';
import { BRAND } from '@licensewatch/shared/brand';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.ts';
import { type Env, trustedOrigins } from '../../platform/env.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { ApiKeySecrets } from './api-key-crypto.ts';
import { accountHooks } from './auth/account-hooks.ts';
import { authEmails } from './auth/auth-emails.ts';
import { googleSignIn } from './auth/google-sign-in.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { account, session, twoFactor, user, verification } from './tables.ts';

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

/**
 * The client's address as Fastify decided it (TRUST_PROXY, docs/security.md, Rate limits), handed
 * to better-auth by our route in a header of its own: better-auth would otherwise read
 * X-Forwarded-For itself and record whatever a caller wrote there on the session.
 */
export const CLIENT_ADDRESS_HEADER = 'x-licensewatch-client-address';

export function createAuth({ env, db, mailer, jobs, baseURL, secret, apiKeySecrets, log }: Deps) {
  const emails = authEmails({ db, mailer, jobs }, baseURL);
  return betterAuth({
    appName: BRAND.name,
    baseURL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, twoFactor } }),
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
      onExistingUserSignUp: emails.onExistingUserSignUp,
      sendResetPassword: emails.sendResetPassword,
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: emails.sendVerificationEmail,
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
    databaseHooks: accountHooks({ db, apiKeySecrets, log }),
    plugins: [
      ...googleSignIn(env),
      // TOTP with backup codes (ADR 038). The issuer an authenticator app shows is the operator's
      // application name, set per enrolment by our route (auth-endpoints.ts); better-auth's
      // limits on wrong codes stay on: 5 per sign-in challenge, and 10 in a row lock the account's
      // second step for 15 minutes. No OTP by email or SMS: sendOTP is not configured.
      twoFactorPlugin({ issuer: BRAND.name, backupCodeOptions: { amount: 10, length: 10 } }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
