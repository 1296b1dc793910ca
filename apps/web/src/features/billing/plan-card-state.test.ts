import type { CurrentPlan } from '@licensewatch/shared/billing';
import { type CataloguePlan, PLAN_CATALOGUE, PLAN_TYPE_OF, type PlanName } from '@licensewatch/shared/plans';
import { describe, expect, it } from 'vitest';
import { type PlanViewer, planCardState } from './plan-card-state';

function plan(name: PlanName): CataloguePlan {
  const found = PLAN_CATALOGUE.find((p) => p.name === name);
  if (!found) throw new Error(name);
  return found;
}

const PERSONAL = { organisation: null, canManage: true };

function onPlan(name: PlanName, extra: Partial<CurrentPlan> = {}): PlanViewer {
  return {
    signedIn: true,
    busy: false,
    workspace: PERSONAL,
    current: {
      plan_type: PLAN_TYPE_OF[name],
      plan_name: name,
      is_trial: false,
      cancel_at_period_end: false,
      ...extra,
    },
  };
}

const signedOut: PlanViewer = { signedIn: false, current: null, busy: false, workspace: null };
const trialOn = (name: PlanName) => onPlan(name, { is_trial: true });
const states = (viewer: PlanViewer) =>
  Object.fromEntries(PLAN_CATALOGUE.map((p) => [p.name, planCardState(p, viewer)])) as Record<
    PlanName,
    ReturnType<typeof planCardState>
  >;

describe('planCardState when signed out', () => {
  it('offers Sign Up on every card, marks nothing current and recommends Premium', () => {
    const all = states(signedOut);
    for (const state of Object.values(all)) {
      expect(state.action).toEqual({ kind: 'sign-up' });
      expect(state.buttonLabel).toBe('Sign Up');
      expect(state.current).toBe(false);
      expect(state.disabled).toBe(false);
      expect(state.trialLabel).toBe(false);
    }
    expect(all.premium.recommended).toBe(true);
    expect(all.basic.recommended).toBe(false);
  });

  it('disables the buttons while the session check runs', () => {
    expect(planCardState(plan('basic'), { ...signedOut, busy: true }).disabled).toBe(true);
  });

  it('says nothing a member would not be told until it is known who is looking', () => {
    for (const name of ['free', 'basic', 'premium', 'growth'] as const) {
      const state = planCardState(plan(name), { signedIn: null, current: null, busy: true, workspace: null });
      expect(state).toMatchObject({ action: { kind: 'pending' }, buttonLabel: 'Choose Plan', disabled: true });
      expect(state.current).toBe(false);
    }
  });
});

describe('planCardState during the trial', () => {
  it('marks Free current on the Free trial, recommends Premium and labels the paid individual cards', () => {
    const all = states(trialOn('free'));
    expect(all.free.current).toBe(true);
    expect(all.free.disabled).toBe(true);
    expect(all.free.buttonLabel).toBe('Current Plan');
    expect(all.premium.recommended).toBe(true);
    expect(all.basic.trialLabel).toBe(true);
    expect(all.premium.trialLabel).toBe(true);
    expect(all.free.trialLabel).toBe(false);
    expect(all.small.trialLabel).toBe(false);
  });

  it('switches individual plans directly, Free included, and sends a personal workspace to sales for business plans', () => {
    const all = states(trialOn('basic'));
    expect(all.basic.current).toBe(true);
    expect(all.premium.action).toEqual({ kind: 'trial-switch' });
    expect(all.premium.disabled).toBe(false);
    expect(all.free.action).toEqual({ kind: 'trial-switch' });
    expect(all.free.current).toBe(false);
    expect(all.premium.recommended).toBe(false);
    for (const name of ['small', 'growth', 'enterprise'] as const) {
      expect(all[name].action).toEqual({ kind: 'contact-sales' });
      expect(all[name].buttonLabel).toBe('Contact Sales');
    }
  });
});

describe('planCardState on a paid plan (no trial)', () => {
  it('asks before Free, checks out other individual plans and shows no trial labels', () => {
    const all = states(onPlan('basic'));
    expect(all.basic.current).toBe(true);
    expect(all.basic.disabled).toBe(true);
    expect(all.free.action).toEqual({ kind: 'confirm-free' });
    expect(all.free.buttonLabel).toBe('Switch to Free');
    expect(all.premium.action).toEqual({ kind: 'checkout' });
    expect(all.premium.buttonLabel).toBe('Subscribe');
    expect(all.premium.recommended).toBe(false);
    expect(all.premium.trialLabel).toBe(false);
  });

  it('does not ask again once the switch to Free is scheduled', () => {
    const state = planCardState(plan('free'), onPlan('premium', { cancel_at_period_end: true }));
    expect(state.action).toEqual({ kind: 'confirm-free' });
    expect(state.disabled).toBe(true);
  });

  it('marks a business plan current by type and name, its button reading Current Plan, disabled', () => {
    const state = planCardState(plan('growth'), onPlan('growth'));
    expect(state.current).toBe(true);
    expect(state.buttonLabel).toBe('Current Plan');
    expect(state.disabled).toBe(true);
    expect(planCardState(plan('small'), onPlan('growth')).current).toBe(false);
  });

  it('needs the type to match as well as the name', () => {
    const mismatched: PlanViewer = {
      signedIn: true,
      busy: false,
      current: { plan_type: 'business', plan_name: 'basic', is_trial: false, cancel_at_period_end: false },
      workspace: PERSONAL,
    };
    expect(planCardState(plan('basic'), mismatched).current).toBe(false);
  });
});

describe('planCardState on Free after the trial', () => {
  it('recommends Premium and checks out paid plans', () => {
    const all = states(onPlan('free'));
    expect(all.free.current).toBe(true);
    expect(all.premium.recommended).toBe(true);
    expect(all.basic.action).toEqual({ kind: 'checkout' });
  });
});

describe('planCardState without a plan type', () => {
  it('treats Free as current and Premium as recommended', () => {
    const viewer: PlanViewer = { signedIn: true, current: null, busy: false, workspace: PERSONAL };
    expect(planCardState(plan('free'), viewer).current).toBe(true);
    expect(planCardState(plan('premium'), viewer).recommended).toBe(true);
    expect(planCardState(plan('basic'), viewer).action).toEqual({ kind: 'checkout' });
  });

  it('disables every button while the plan loads', () => {
    const viewer: PlanViewer = { signedIn: true, current: null, busy: true, workspace: PERSONAL };
    for (const p of PLAN_CATALOGUE) expect(planCardState(p, viewer).disabled).toBe(true);
  });
});

describe("planCardState in an organisation's workspace", () => {
  const clinic = (name: PlanName, canManage: boolean, extra: Partial<CurrentPlan> = {}): PlanViewer => ({
    ...onPlan(name, extra),
    workspace: { organisation: 'Lakeside Medical Group', canManage },
  });

  it('lets an owner or admin buy a business plan for it, in the trial too (business plans are never trial plans)', () => {
    for (const viewer of [clinic('free', true), clinic('free', true, { is_trial: true })]) {
      const all = states(viewer);
      for (const name of ['small', 'growth', 'enterprise'] as const) {
        expect(all[name].action).toEqual({ kind: 'checkout' });
        expect(all[name].buttonLabel).toBe('Subscribe');
        expect(all[name].disabled).toBe(false);
      }
    }
  });

  it('marks its business plan current and offers the others', () => {
    const all = states(clinic('growth', true));
    expect(all.growth).toMatchObject({ current: true, buttonLabel: 'Current Plan', disabled: true });
    expect(all.enterprise.action).toEqual({ kind: 'checkout' });
    expect(all.free.action).toEqual({ kind: 'confirm-free' });
  });

  it('gives a viewer no button that would be refused: every other card asks for an admin, disabled', () => {
    const all = states(clinic('growth', false));
    expect(all.growth).toMatchObject({ current: true, buttonLabel: 'Current Plan' });
    for (const name of ['free', 'basic', 'premium', 'small', 'enterprise'] as const) {
      expect(all[name]).toMatchObject({
        action: { kind: 'managers-only' },
        buttonLabel: 'Ask an Admin',
        disabled: true,
      });
    }
  });
});
