import {
  requestPasswordResetPayloadSchema,
  resetPasswordPayloadSchema,
  signInSchema,
  signUpPayloadSchema,
} from '@licensewatch/shared/auth';
import { EMAIL_SEND_RATE_LIMIT_CODE, MESSAGES } from '@licensewatch/shared/messages';
import { z } from 'zod';
import { RATE_LIMITS } from '../../auth/rate-limits.ts';
import type { Db } from '../../db/client.ts';
import { AppError, describeIssues } from '../../errors.ts';
import { consumeRateLimit } from '../../services/consume-rate-limit.ts';

type Guard = {
  schema: z.ZodType<Record<string, unknown>>;
  limit: (db: Db, ip: string, body: Record<string, unknown>) => Promise<void>;
};

const email = (body: Record<string, unknown>) => String(body.email).toLowerCase();

/**
 * What better-auth's endpoints must pass before better-auth sees them: our zod schemas
 * (the same ones the forms use) and the database-backed rate limits of DESIGN §8.
 */
const GUARDS: Record<string, Guard> = {
  '/sign-in/email': {
    schema: signInSchema.extend({ callbackURL: z.string().optional(), rememberMe: z.boolean().optional() }),
    limit: async (db, ip, body) => {
      const opts = { detail: MESSAGES.login.tooMany };
      await consumeRateLimit(db, `sign-in:ip:${ip}`, RATE_LIMITS.signInPerIp, opts);
      await consumeRateLimit(db, `sign-in:email:${email(body)}`, RATE_LIMITS.signInPerEmail, opts);
    },
  },
  '/sign-up/email': {
    schema: signUpPayloadSchema,
    limit: (db, ip) => consumeRateLimit(db, `sign-up:ip:${ip}`, RATE_LIMITS.signUpPerIp),
  },
  '/request-password-reset': {
    schema: requestPasswordResetPayloadSchema,
    limit: async (db, ip, body) => {
      const opts = { detail: MESSAGES.forgot.tooMany, code: EMAIL_SEND_RATE_LIMIT_CODE };
      await consumeRateLimit(db, `forgot:ip:${ip}`, RATE_LIMITS.forgotPasswordPerIp, opts);
      await consumeRateLimit(db, `forgot:email:${email(body)}`, RATE_LIMITS.forgotPasswordPerEmail, opts);
    },
  },
  '/reset-password': {
    schema: resetPasswordPayloadSchema,
    limit: (db, ip) => consumeRateLimit(db, `reset:ip:${ip}`, RATE_LIMITS.resetPasswordPerIp),
  },
};

/** Validates and rate-limits a POST to better-auth; returns the body to forward (parsed, so normalised). */
export async function guardAuthRequest(
  db: Db,
  { path, ip, body }: { path: string; ip: string; body: unknown },
): Promise<unknown> {
  const guard = GUARDS[path];
  if (!guard) return body;
  const parsed = guard.schema.safeParse(body ?? {});
  if (!parsed.success) throw AppError.validation(describeIssues(parsed.error.issues));
  await guard.limit(db, ip, parsed.data);
  return parsed.data;
}
