import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { user } from './tables.ts';

/**
 * Gives the user this calendar feed secret unless they already have one, and answers the one they
 * hold: of two first requests at once, both answer the same secret.
 */
export async function claimCalendarToken(db: Db, userId: string, token: string): Promise<string> {
  const [set] = await db
    .update(user)
    .set({ calendarToken: token })
    .where(and(eq(user.id, userId), isNull(user.calendarToken)))
    .returning({ token: user.calendarToken });
  if (set?.token) return set.token;
  const [row] = await db.select({ token: user.calendarToken }).from(user).where(eq(user.id, userId));
  if (!row?.token) throw new Error(`No calendar token for user ${userId}`);
  return row.token;
}
