import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { isDashboardPlanExpired } from './plan-state';

const now = new Date('2026-06-01T00:00:00Z');
const plan = (end_date: string | null, plan_name: 'free' | 'premium' = 'premium') => ({
  reports_plan: { end_date, remain_report_number: 1, plan_name },
});

describe('isDashboardPlanExpired', () => {
  it('is expired when the list answers PLAN_EXPIRED', () => {
    expect(isDashboardPlanExpired(new ApiRequestError(403, 'PLAN_EXPIRED', 'x'), undefined, now)).toBe(true);
  });

  it('follows the credentials end date when they loaded', () => {
    expect(isDashboardPlanExpired(null, plan('2026-01-01T00:00:00Z'), now)).toBe(true);
    expect(isDashboardPlanExpired(null, plan(null), now)).toBe(true);
    expect(isDashboardPlanExpired(null, plan('2027-01-01T00:00:00Z'), now)).toBe(false);
  });

  it('applies the expiry rule whatever the plan: Free is judged by its end date too (ADR 026)', () => {
    // The server gives Free its renewal date, always ahead; a missing one is expired (docs/product-rules.md, Plan expiry).
    expect(isDashboardPlanExpired(null, plan('2026-07-01T00:00:00Z', 'free'), now)).toBe(false);
    expect(isDashboardPlanExpired(null, plan(null, 'free'), now)).toBe(true);
  });

  it('is not expired when nothing says so (credentials unavailable, other errors)', () => {
    expect(isDashboardPlanExpired(null, undefined, now)).toBe(false);
    expect(isDashboardPlanExpired(new ApiRequestError(500, '', 'x'), undefined, now)).toBe(false);
  });
});
