import { describe, expect, it } from 'vitest';
import {
  ENTITLEMENTS,
  isEndDateExpired,
  isInTrial,
  isPlanExpired,
  monthlyPriceCents,
  nextFreeRenewal,
  PLAN_NAMES,
  PLAN_TYPE_OF,
  reportsPlanEndDate,
  withinLimit,
} from './plans.ts';

describe('plans', () => {
  const now = new Date('2026-06-01T12:00:00Z');

  it('has the documented entitlements, null meaning unlimited', () => {
    expect(PLAN_NAMES.map((p) => [p, PLAN_TYPE_OF[p], ENTITLEMENTS[p].reportCredits])).toEqual([
      ['free', 'free', 1],
      ['basic', 'individual', 3],
      ['premium', 'individual', 5],
      ['small', 'business', 50],
      ['growth', 'business', 200],
      ['enterprise', 'business', null],
    ]);
    expect(ENTITLEMENTS.free).toMatchObject({ statesPerReport: 1, trackedLicenses: 1, alerts: false });
    expect(ENTITLEMENTS.growth).toMatchObject({ trackedLicenses: 200, apiCreditsPerMonth: 5_000 });
  });

  it('a plan is expired when its end date is missing or past; Free never lapses', () => {
    expect(isPlanExpired({ planName: 'basic', endDate: null }, now)).toBe(true);
    expect(isPlanExpired({ planName: 'basic', endDate: '2026-06-01T11:59:59Z' }, now)).toBe(true);
    expect(isPlanExpired({ planName: 'basic', endDate: new Date('2026-06-02T00:00:00Z') }, now)).toBe(false);
    expect(isPlanExpired({ planName: 'free', endDate: null }, now)).toBe(false);
    expect(isPlanExpired({ planName: 'basic', endDate: 'not a date' }, now)).toBe(true);
    expect(isPlanExpired({ planName: 'free', endDate: '2020-01-01T00:00:00Z' }, now)).toBe(false);
  });

  it('knows whether a trial is running', () => {
    expect(isInTrial({ isTrial: true, trialEndsAt: '2026-08-01T00:00:00Z' }, now)).toBe(true);
    expect(isInTrial({ isTrial: true, trialEndsAt: '2026-05-01T00:00:00Z' }, now)).toBe(false);
    expect(isInTrial({ isTrial: false, trialEndsAt: '2026-08-01T00:00:00Z' }, now)).toBe(false);
  });

  it('counts against limits', () => {
    expect(withinLimit(0, 1)).toBe(true);
    expect(withinLimit(1, 1)).toBe(false);
    expect(withinLimit(10_000, null)).toBe(true);
  });
});

describe('monthlyPriceCents', () => {
  it('reads each plan’s monthly price from the catalogue the pricing page shows', () => {
    expect(PLAN_NAMES.map((plan) => [plan, monthlyPriceCents(plan)])).toEqual([
      ['free', 0],
      ['basic', 1_000],
      ['premium', 1_500],
      ['small', 25_000],
      ['growth', 50_000],
      ['enterprise', 100_000],
    ]);
  });
});

describe('reportsPlanEndDate and isEndDateExpired (ADR 026)', () => {
  const now = new Date('2026-11-27T15:00:00Z');
  const trialEndsAt = new Date('2027-02-27T10:00:00Z');
  it('gives Free its trial end, then the first of next month, always ahead of now', () => {
    const free = { planName: 'free' as const, endDate: null };
    expect(reportsPlanEndDate({ ...free, isTrial: true, trialEndsAt }, now)).toEqual(trialEndsAt);
    const after = reportsPlanEndDate({ ...free, isTrial: false, trialEndsAt: new Date('2026-10-01') }, now);
    expect(after).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(isEndDateExpired(after?.toISOString(), now)).toBe(false);
    // December rolls into the next year.
    expect(nextFreeRenewal(new Date('2026-12-31T23:59:59Z'))).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('gives other plans their stored end, and applies the expiry rule to it', () => {
    const endDate = new Date('2026-11-01T00:00:00Z');
    const lapsed = reportsPlanEndDate({ planName: 'premium', isTrial: false, trialEndsAt: null, endDate }, now);
    expect(lapsed).toEqual(endDate);
    expect(isEndDateExpired(lapsed?.toISOString(), now)).toBe(true);
    expect(isEndDateExpired(null, now)).toBe(true);
    expect(isEndDateExpired('not a date', now)).toBe(true);
    expect(isEndDateExpired('2027-01-01T00:00:00Z', now)).toBe(false);
  });
});
