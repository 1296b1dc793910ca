import type { updateProfilePayloadSchema } from '@licensewatch/shared/profile';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Platform } from '../../../platform/deps.ts';
import { user } from '../../accounts/tables.ts';
import { updateUserSettings } from '../../accounts/update-user-settings.ts';
import { phoneVerification } from '../tables.ts';
import { checkEmailChange } from './check-email-change.ts';
import { requestEmailChange } from './request-email-change.ts';

/** The PATCH body as the schema leaves it: text trimmed, empty → null, the phone in E.164, the toggles defaulted. */
export type ProfileUpdate = z.output<typeof updateProfilePayloadSchema>;

/**
 * Saves the profile (docs/product-rules.md, Profile). A field left out stays as it is; the two
 * alert toggles (weekly email, SMS notice) default to on. A different phone number is no longer verified. A
 * different email is only requested: checked first (a taken address or the limit refuses the whole
 * update), then confirmed by the emailed link; an empty email keeps the current one, since an
 * account cannot be without one.
 */
export async function updateProfile(
  ctx: Pick<Platform, 'db' | 'mailer' | 'jobs' | 'baseURL'>,
  userId: string,
  update: ProfileUpdate,
): Promise<void> {
  const { db } = ctx;
  const [current] = await db
    .select({ email: user.email, name: user.name, phoneNumber: user.phoneNumber })
    .from(user)
    .where(eq(user.id, userId));
  if (!current) throw new Error(`No user ${userId}`);
  const newEmail = update.email && update.email !== current.email.toLowerCase() ? update.email : null;
  if (newEmail) await checkEmailChange(db, userId, newEmail);

  const phoneChanged = update.phone_number !== undefined && update.phone_number !== current.phoneNumber;
  const name = update.full_name === undefined ? current.name : (update.full_name ?? '');
  await db.transaction(async (tx) => {
    await updateUserSettings(tx, userId, {
      name,
      weeklyEmailReport: update.weekly_email_report,
      smsRenewalNotice: update.sms_renewal_notice,
      ...(update.weekly_all_clear === undefined ? {} : { weeklyAllClear: update.weekly_all_clear }),
      ...(update.status_alert_email === undefined ? {} : { statusAlertEmail: update.status_alert_email }),
      ...(update.time_zone === undefined ? {} : { timeZone: update.time_zone }),
      // A code sent to the old number must not verify the new one.
      ...(phoneChanged ? { phoneNumber: update.phone_number ?? null, phoneVerifiedAt: null } : {}),
    });
    if (phoneChanged) await tx.delete(phoneVerification).where(eq(phoneVerification.userId, userId));
  });
  if (newEmail) {
    await requestEmailChange(ctx, { userId, name, currentEmail: current.email, newEmail });
  }
}
