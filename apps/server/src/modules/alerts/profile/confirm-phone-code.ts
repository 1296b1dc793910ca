import { timingSafeEqual } from 'node:crypto';
import { PHONE_CODE_MAX_ATTEMPTS, PROFILE_MESSAGES } from '@licensewatch/shared/profile';
import { eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { markPhoneVerified } from '../../accounts/mark-phone-verified.ts';
import { phoneVerification } from '../tables.ts';
import { phoneCodeHash } from './send-phone-code.ts';

type Outcome = 'verified' | 'wrong' | 'expired' | 'attempts';

/**
 * Checks a texted code (docs/product-rules.md, Phone verification). Every try counts; the fifth
 * wrong one kills the code (429, and so does any try after it, the right code included) until a
 * new one is asked for. A code is good only for the number it was sent to: if the profile's
 * number changed since, it verifies nothing. In one transaction with the row locked, so
 * concurrent guesses cannot share a try; the outcome is thrown only after the count is committed.
 */
export async function confirmPhoneCode({ db }: Pick<Platform, 'db'>, userId: string, code: string): Promise<void> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx.select().from(phoneVerification).where(eq(phoneVerification.userId, userId)).for('update');
    if (!row) return 'expired';
    if (row.expiresAt.getTime() <= Date.now()) {
      await tx.delete(phoneVerification).where(eq(phoneVerification.userId, userId));
      return 'expired';
    }
    if (row.attempts >= PHONE_CODE_MAX_ATTEMPTS) return 'attempts';
    const given = Buffer.from(phoneCodeHash(userId, code));
    const right = given.length === row.codeHash.length && timingSafeEqual(given, Buffer.from(row.codeHash));
    if (!right) {
      const attempts = row.attempts + 1;
      await tx.update(phoneVerification).set({ attempts }).where(eq(phoneVerification.userId, userId));
      return attempts >= PHONE_CODE_MAX_ATTEMPTS ? 'attempts' : 'wrong';
    }
    await tx.delete(phoneVerification).where(eq(phoneVerification.userId, userId));
    return (await markPhoneVerified(tx, userId, row.phoneNumber)) ? 'verified' : 'expired';
  });
  if (outcome === 'wrong') throw new AppError('PHONE_CODE_WRONG', PROFILE_MESSAGES.codeWrong, 400);
  if (outcome === 'expired') throw new AppError('PHONE_CODE_EXPIRED', PROFILE_MESSAGES.codeExpired, 410);
  if (outcome === 'attempts') {
    throw new AppError('PHONE_CODE_ATTEMPTS', PROFILE_MESSAGES.codeTooManyAttempts, 429);
  }
}
