import { z } from 'zod';
import { countOf } from './numbers.ts';

/**
 * A workspace's expiry windows (docs/product-rules.md, Expiry windows; ADR 039, 046), defined once
 * and read everywhere. `expiring_within_days`: a license in date expires within this many days is
 * "expiring" — the report counters and table, the dashboard badge, the roster's standing, the
 * Action needed inbox, the Monday email, the weekly roster summary and the calendar reminder.
 * `notice_days`: the days before expiry (0 = the day itself) on which a notice goes out — the SMS
 * renewal notices and the `license.expiring` webhook events; by default 90, 60, 30, 14, 7, 3 days
 * and the day (ADR 046). `expired_after_days`: how many days after an expiry date that did not move
 * the `license.expired` event goes out — boards post renewals late, so not on the day itself.
 */
export const DEFAULT_EXPIRING_WITHIN_DAYS = 42;
export const DEFAULT_NOTICE_DAYS: readonly number[] = [90, 60, 30, 14, 7, 3, 0];
export const DEFAULT_EXPIRED_AFTER_DAYS = 3;

export const EXPIRING_WITHIN_MIN = 7;
export const EXPIRING_WITHIN_MAX = 180;
export const NOTICE_DAYS_MAX = 180;
export const NOTICE_DAYS_MAX_COUNT = 8;
export const EXPIRED_AFTER_MIN = 1;
export const EXPIRED_AFTER_MAX = 30;

export const EXPIRY_WINDOW_MESSAGES = {
  title: 'Expiry windows',
  saved: 'Expiry windows saved. Counters and filters use them from now on.',
  expiringRange: `Choose between ${EXPIRING_WITHIN_MIN} and ${EXPIRING_WITHIN_MAX} days.`,
  noticeDaysRange: `Each notice day is a whole number from 0 (the day it expires) to ${NOTICE_DAYS_MAX}.`,
  noticeDaysCount: `Choose between 1 and ${NOTICE_DAYS_MAX_COUNT} notice days.`,
  noticeDaysUnique: 'Each notice day can appear once.',
  expiredAfterRange: `Choose between ${EXPIRED_AFTER_MIN} and ${EXPIRED_AFTER_MAX} days after the expiry date.`,
} as const;

const expiredAfterDays = z
  .number({ error: EXPIRY_WINDOW_MESSAGES.expiredAfterRange })
  .int(EXPIRY_WINDOW_MESSAGES.expiredAfterRange)
  .min(EXPIRED_AFTER_MIN, EXPIRY_WINDOW_MESSAGES.expiredAfterRange)
  .max(EXPIRED_AFTER_MAX, EXPIRY_WINDOW_MESSAGES.expiredAfterRange);

export const expiryWindowsSchema = z.object({
  expiring_within_days: z
    .number({ error: EXPIRY_WINDOW_MESSAGES.expiringRange })
    .int(EXPIRY_WINDOW_MESSAGES.expiringRange)
    .min(EXPIRING_WITHIN_MIN, EXPIRY_WINDOW_MESSAGES.expiringRange)
    .max(EXPIRING_WITHIN_MAX, EXPIRY_WINDOW_MESSAGES.expiringRange),
  notice_days: z
    .array(
      z
        .number({ error: EXPIRY_WINDOW_MESSAGES.noticeDaysRange })
        .int(EXPIRY_WINDOW_MESSAGES.noticeDaysRange)
        .min(0, EXPIRY_WINDOW_MESSAGES.noticeDaysRange)
        .max(NOTICE_DAYS_MAX, EXPIRY_WINDOW_MESSAGES.noticeDaysRange),
    )
    .min(1, EXPIRY_WINDOW_MESSAGES.noticeDaysCount)
    .max(NOTICE_DAYS_MAX_COUNT, EXPIRY_WINDOW_MESSAGES.noticeDaysCount)
    .refine((days) => new Set(days).size === days.length, EXPIRY_WINDOW_MESSAGES.noticeDaysUnique),
  /** Optional in a change, so a caller that predates it keeps working: absent keeps the stored one. */
  expired_after_days: expiredAfterDays.optional(),
});
export type ExpiryWindows = z.infer<typeof expiryWindowsSchema>;

/** What the workspace's windows are, and whether the caller may change them. */
export const expiryWindowsResponseSchema = expiryWindowsSchema.extend({
  expired_after_days: expiredAfterDays,
  /** The organisation's name, or null for the caller's own workspace. */
  organisation: z.string().nullable(),
  /** In an organisation only its owner and admins may; everyone may change their own. */
  can_change: z.boolean(),
});
export type ExpiryWindowsResponse = z.infer<typeof expiryWindowsResponseSchema>;

/** Notice days as stored and sent: each once, the furthest first. */
export function sortNoticeDays(days: readonly number[]): number[] {
  return [...new Set(days)].sort((a, b) => b - a);
}

/** '6 weeks' for a whole number of weeks, else '45 days': how the emails and pages say the window. */
export function windowText(days: number): string {
  return days % 7 === 0 ? countOf(days / 7, 'week', 'weeks') : countOf(days, 'day', 'days');
}

/** '90, 60, 30, 14, 7 and 3 days before a license expires, and on the day' (notice days, any order). */
export function noticeDaysText(days: readonly number[]): string {
  const before = sortNoticeDays(days).filter((d) => d > 0);
  const onTheDay = days.includes(0);
  if (before.length === 0) return 'on the day a license expires';
  const list =
    before.length === 1 ? `${before[0]}` : `${before.slice(0, -1).join(', ')} and ${before[before.length - 1]}`;
  const unit = before.length === 1 && before[0] === 1 ? 'day' : 'days';
  return `${list} ${unit} before a license expires${onTheDay ? ', and on the day' : ''}`;
}
