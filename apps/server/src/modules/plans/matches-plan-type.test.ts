import { describe, expect, it } from 'vitest';
import { matchesPlanType } from './matches-plan-type.ts';

describe('matchesPlanType', () => {
  it('accepts a plan with its own type, and Free also as an individual card', () => {
    expect(matchesPlanType('basic', 'individual')).toBe(true);
    expect(matchesPlanType('growth', 'business')).toBe(true);
    expect(matchesPlanType('free', 'free')).toBe(true);
    expect(matchesPlanType('free', 'individual')).toBe(true);
  });

  it('refuses a type that is not the plan’s', () => {
    expect(matchesPlanType('basic', 'business')).toBe(false);
    expect(matchesPlanType('enterprise', 'individual')).toBe(false);
    expect(matchesPlanType('premium', 'free')).toBe(false);
    expect(matchesPlanType('free', 'business')).toBe(false);
  });
});
