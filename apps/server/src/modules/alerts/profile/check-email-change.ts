import { PROFILE_MESSAGES } from '@licensewatch/shared/profile';
import { and, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { consumeRateLimit } from '../../../platform/security/consume-rate-limit.ts';
import { user } from '../../accounts/tables.ts';
import { PROFILE_RATE_LIMITS } from './rate-limits.ts';

/** Whether another account already uses `email` (sign-up and this module store it lowercased). */
export async function emailTakenByOther(db: Db | Tx, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(sql`lower(${user.email}) = ${email.toLowerCase()}`, ne(user.id, userId)));
  return Boolean(row);
}

/**
 * What an email change must pass before anything of the profile is written, so a refused change
 * changes nothing: the per-user limit, then whether another account has the address. A taken
 * address answers 409 EMAIL_TAKEN: only a signed-in account can ask, five times an hour, so it
 * cannot be used to test addresses in bulk (docs/security.md, No oracle).
 */
export async function checkEmailChange(db: Db, userId: string, newEmail: string): Promise<void> {
  await consumeRateLimit(db, `email-change:user:${userId}`, PROFILE_RATE_LIMITS.emailChangePerUser);
  if (await emailTakenByOther(db, newEmail, userId)) {
    throw new AppError('EMAIL_TAKEN', PROFILE_MESSAGES.emailTaken, 409);
  }
}
