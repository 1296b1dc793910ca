import { randomBytes } from 'node:crypto';
import type { Db } from '../../../platform/db/client.ts';
import { claimCalendarToken } from '../../accounts/claim-calendar-token.ts';

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
  return claimCalendarToken(db, userId, newCalendarToken());
}

/** The feed's URL; `.ics` at the end because some calendar apps decide by the name what they subscribe to. */
export function calendarUrl(baseURL: string, token: string): string {
  return `${baseURL}/api/v2/calendar/${token}.ics`;
}
