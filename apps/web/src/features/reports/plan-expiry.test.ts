import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { isEndDateExpired, isPlanExpiredError } from './plan-expiry';

const now = new Date('2026-06-01T12:00:00Z');

describe('isEndDateExpired', () => {
  it('treats a missing or unreadable end date as expired (spec §4)', () => {
    expect(isEndDateExpired(null, now)).toBe(true);
    expect(isEndDateExpired(undefined, now)).toBe(true);
    expect(isEndDateExpired('', now)).toBe(true);
    expect(isEndDateExpired('not a date', now)).toBe(true);
  });

  it('is expired in the past and active in the future', () => {
    expect(isEndDateExpired('2026-05-31T12:00:00Z', now)).toBe(true);
    expect(isEndDateExpired('2026-06-02T12:00:00Z', now)).toBe(false);
  });
});

describe('isPlanExpiredError', () => {
  it('recognises only 403 with the PLAN_EXPIRED code', () => {
    expect(isPlanExpiredError(new ApiRequestError(403, 'PLAN_EXPIRED', 'x'))).toBe(true);
    expect(isPlanExpiredError(new ApiRequestError(403, 'PLAN_LIMIT', 'x'))).toBe(false);
    expect(isPlanExpiredError(new ApiRequestError(402, 'PLAN_EXPIRED', 'x'))).toBe(false);
    expect(isPlanExpiredError(new Error('PLAN_EXPIRED'))).toBe(false);
  });
});
