import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { user } from '../../../platform/db/schema.ts';

/** 256 random bits, URL-safe: the whole secret of a calendar feed URL. */
export function newCalendarToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The user's calendar token, made on first need. Two first reads at once both try to set it; the
 * `IS NULL` guard lets one win and the other reads the winner's, so a user never sees two URLs.
 */
export async function ensureCalendarToken(db: Db, userId: string, current: string | null): Promise<string> {
  if (current) return current;
  const [set] = await db
    .update(user)
    .set({ calendarToken: newCalendarToken() })
    .where(and(eq(user.id, userId), isNull(user.calendarToken)))
    .returning({ token: user.calendarToken });
  if (set?.token) return set.token;
  const [row] = await db.select({ token: user.calendarToken }).from(user).where(eq(user.id, userId));
  if (!row?.token) throw new Error(`No calendar token for user ${userId}`);
  return row.token;
}

/** The feed's URL; `.ics` at the end because some calendar apps decide by the name what they subscribe to. */
export function calendarUrl(baseURL: string, token: string): string {
  return `${baseURL}/api/v2/calendar/${token}.ics`;
}
