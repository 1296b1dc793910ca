import { describe, expect, it } from 'vitest';
import { monthlyPriceCents } from './admin-insights.ts';
import { PLAN_NAMES } from './plans.ts';

describe('monthlyPriceCents', () => {
  it('reads each plan’s monthly price from the catalogue the pricing page shows (spec §9)', () => {
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
