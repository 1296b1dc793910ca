import { randomInt } from 'node:crypto';
import { BRAND } from '@licensewatch/shared/brand';
import { PHONE_CODE_LENGTH, PHONE_CODE_TTL_MINUTES, PROFILE_MESSAGES } from '@licensewatch/shared/profile';
import { eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { consumeRateLimit } from '../../../platform/security/consume-rate-limit.ts';
import { sendSms } from '../../../platform/sms/send-sms.ts';
import { user } from '../../accounts/tables.ts';
import { phoneVerification } from '../tables.ts';
import { hashSecret } from './hash-secret.ts';
import { PROFILE_RATE_LIMITS } from './rate-limits.ts';

/** The stored form of a code: bound to the user, so equal codes of two users never share a hash. */
export function phoneCodeHash(userId: string, code: string): string {
  return hashSecret(`${userId}:${code}`);
}

/**
 * Texts a fresh 6-digit code to the profile's phone number (docs/product-rules.md, Phone
 * verification); a new code replaces the last, with its tries counted from zero. Limited per user
 * and per number, since each code is an SMS we pay for that lands on someone's phone.
 */
export async function sendPhoneCode(
  ctx: Pick<Platform, 'db' | 'sms' | 'jobs'>,
  userId: string,
): Promise<{ phone_number: string; expires_at: string }> {
  const { db } = ctx;
  const [row] = await db.select({ phoneNumber: user.phoneNumber }).from(user).where(eq(user.id, userId));
  const phone = row?.phoneNumber;
  if (!phone) throw new AppError('PHONE_NUMBER_REQUIRED', PROFILE_MESSAGES.smsNeedsPhone, 400);
  const tooMany = { detail: 'Too many codes asked for. Please wait an hour and try again.' };
  await consumeRateLimit(db, `phone-code:user:${userId}`, PROFILE_RATE_LIMITS.phoneCodePerUser, tooMany);
  await consumeRateLimit(db, `phone-code:phone:${phone}`, PROFILE_RATE_LIMITS.phoneCodePerPhone, tooMany);

  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  const expiresAt = new Date(Date.now() + PHONE_CODE_TTL_MINUTES * 60_000);
  const values = {
    phoneNumber: phone,
    codeHash: phoneCodeHash(userId, code),
    attempts: 0,
    expiresAt,
    sentAt: new Date(),
  };
  await db
    .insert(phoneVerification)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: phoneVerification.userId, set: values });
  await sendSms(ctx, {
    to: phone,
    body: `${BRAND.name} code: ${code}. It expires in ${PHONE_CODE_TTL_MINUTES} minutes.`,
    subject: 'Phone verification code',
    userId,
  });
  return { phone_number: phone, expires_at: expiresAt.toISOString() };
}
