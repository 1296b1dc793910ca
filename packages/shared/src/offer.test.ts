import { describe, expect, it } from 'vitest';
import { OFFER, planComparison } from './offer.ts';
import { ENTITLEMENTS, PLAN_CATALOGUE, PLAN_LABELS, PLAN_NAMES, TRIAL_MONTHS } from './plans.ts';

const alertPlans = PLAN_NAMES.filter((plan) => ENTITLEMENTS[plan].alerts);

describe('the offer the public pages make', () => {
  it('promises the trial the catalogue gives, in months', () => {
    for (const claim of [OFFER.trial, OFFER.trialShort, OFFER.trialBadge]) {
      const months = [...claim.matchAll(/(\d+)[ -]months?/g)].map((m) => Number(m[1]));
      expect(months, claim).toEqual([TRIAL_MONTHS]);
    }
  });

  it('offers the trial on exactly the individual plans it switches to without payment', () => {
    const named = PLAN_NAMES.filter((plan) => OFFER.trial.includes(PLAN_LABELS[plan]));
    expect(named).toEqual(
      PLAN_CATALOGUE.filter((p) => p.type === 'individual' && p.name !== 'free').map((p) => p.name),
    );
  });

  it('says what Free allows, and names exactly the individual plans with alerts', () => {
    expect(ENTITLEMENTS.free).toMatchObject({ trackedLicenses: 1, statesPerReport: 1 });
    expect(OFFER.free).toContain('one license in one state');
    const named = PLAN_NAMES.filter((plan) => OFFER.alerts.includes(PLAN_LABELS[plan]));
    expect(named).toEqual(
      alertPlans.filter((plan) => PLAN_CATALOGUE.find((p) => p.name === plan)?.type === 'individual'),
    );
    expect(OFFER.alerts.includes('every business plan')).toBe(
      PLAN_CATALOGUE.filter((p) => p.type === 'business').every((p) => ENTITLEMENTS[p.name].alerts),
    );
  });
});

describe('the comparison table', () => {
  const rows = Object.fromEntries(planComparison().map((row) => [row.feature, row.values]));

  it('shows each plan’s limits as the entitlements set them', () => {
    for (const plan of PLAN_NAMES) {
      const e = ENTITLEMENTS[plan];
      expect(rows['States per report']?.[plan]).toBe(e.statesPerReport === null ? 'All 51' : String(e.statesPerReport));
      expect(rows['Tracked licenses']?.[plan]).toBe(
        e.trackedLicenses === null ? 'Unlimited' : e.trackedLicenses.toLocaleString('en-US'),
      );
      expect(rows['Report credits']?.[plan]).toBe(
        e.reportCredits === null ? 'Unlimited' : e.reportCredits.toLocaleString('en-US'),
      );
      expect(rows['API credits a month']?.[plan]).toBe(
        e.apiCreditsPerMonth > 0 ? e.apiCreditsPerMonth.toLocaleString('en-US') : false,
      );
      expect(rows['Email alerts']?.[plan]).toBe(e.alerts);
      expect(rows['SMS renewal notices']?.[plan]).toBe(e.alerts);
    }
  });

  it('gives the business cards their API credits', () => {
    for (const plan of PLAN_CATALOGUE.filter((p) => p.type === 'business')) {
      const credits = ENTITLEMENTS[plan.name].apiCreditsPerMonth.toLocaleString('en-US');
      expect(
        plan.features.some((line) => line.includes(`${credits} credits a month`)),
        plan.name,
      ).toBe(true);
    }
  });
});
