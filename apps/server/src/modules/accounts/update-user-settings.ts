import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { user } from './tables.ts';

/**
 * What other modules may set on a user's row: the profile and the alert choices (alerts' profile,
 * unsubscribe links, the calendar feed). Accounts owns the row (ADR 035); sign-in, email and
 * activity stay its own operations.
 */
export type UserSettings = Partial<
  Pick<
    typeof user.$inferInsert,
    | 'name'
    | 'timeZone'
    | 'weeklyEmailReport'
    | 'weeklyAllClear'
    | 'statusAlertEmail'
    | 'smsRenewalNotice'
    | 'phoneNumber'
    | 'phoneVerifiedAt'
    | 'calendarToken'
  >
>;

/** Sets the given settings; the user's email, or null when there is no such user. */
export async function updateUserSettings(
  db: Db | Tx,
  userId: string,
  settings: UserSettings,
): Promise<{ email: string } | null> {
  const [row] = await db.update(user).set(settings).where(eq(user.id, userId)).returning({ email: user.email });
  return row ?? null;
}
