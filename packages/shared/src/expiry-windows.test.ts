import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPIRED_AFTER_DAYS,
  DEFAULT_NOTICE_DAYS,
  EXPIRED_AFTER_MAX,
  EXPIRED_AFTER_MIN,
  expiryWindowsSchema,
  NOTICE_DAYS_MAX_COUNT,
  noticeDaysText,
  sortNoticeDays,
  windowText,
} from './expiry-windows.ts';

describe('expiry windows', () => {
  it('say a window in weeks when it is whole weeks, else in days', () => {
    expect([42, 7, 70, 45, 1].map(windowText)).toEqual(['6 weeks', '1 week', '10 weeks', '45 days', '1 day']);
  });

  it('say notice days furthest first, the day itself last', () => {
    expect(noticeDaysText(DEFAULT_NOTICE_DAYS)).toBe(
      '90, 60, 30, 14, 7 and 3 days before a license expires, and on the day',
    );
    expect(noticeDaysText([3, 45])).toBe('45 and 3 days before a license expires');
    expect(noticeDaysText([1])).toBe('1 day before a license expires');
    expect(noticeDaysText([0])).toBe('on the day a license expires');
    expect(sortNoticeDays([7, 30, 7, 0])).toEqual([30, 7, 0]);
  });

  it('accept the defaults and refuse what no schedule could mean', () => {
    expect(expiryWindowsSchema.safeParse({ expiring_within_days: 42, notice_days: DEFAULT_NOTICE_DAYS }).success).toBe(
      true,
    );
    // Seven default notice days, within the eight a workspace may have.
    expect(DEFAULT_NOTICE_DAYS.length).toBeLessThanOrEqual(NOTICE_DAYS_MAX_COUNT);
    for (const expired_after_days of [EXPIRED_AFTER_MIN, DEFAULT_EXPIRED_AFTER_DAYS, EXPIRED_AFTER_MAX])
      expect(
        expiryWindowsSchema.safeParse({ expiring_within_days: 42, notice_days: [7], expired_after_days }).success,
      ).toBe(true);
    for (const bad of [
      { expiring_within_days: 6, notice_days: [7] },
      { expiring_within_days: 181, notice_days: [7] },
      { expiring_within_days: 42, notice_days: [] },
      { expiring_within_days: 42, notice_days: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
      { expiring_within_days: 42, notice_days: [181] },
      { expiring_within_days: 42, notice_days: [5, 5] },
      { expiring_within_days: 42, notice_days: [7], expired_after_days: 0 },
      { expiring_within_days: 42, notice_days: [7], expired_after_days: 31 },
      { expiring_within_days: 42, notice_days: [7], expired_after_days: 2.5 },
    ])
      expect(expiryWindowsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
