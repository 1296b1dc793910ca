import type { CurrentPlan } from '@licensewatch/shared/billing';
import { type CataloguePlan, PLAN_TYPE_OF } from '@licensewatch/shared/plans';

/** What pressing a plan's button does (docs/product-rules.md, Choosing a plan). */
export type PlanAction =
  /** Who is looking is not known yet (the prerendered page, the session or plan loading): a neutral, disabled button. */
  | { kind: 'pending' }
  | { kind: 'sign-up' }
  /** A business plan seen from a personal workspace: they are bought for an organisation, in its workspace. */
  | { kind: 'contact-sales' }
  /** A viewer of an organisation: only its owner and admins change its plan. */
  | { kind: 'managers-only' }
  /** During the trial an individual plan is switched without payment. */
  | { kind: 'trial-switch' }
  /** Leaving a paid plan for Free asks first. */
  | { kind: 'confirm-free' }
  | { kind: 'checkout' }
  /** The current plan: nothing to do. */
  | { kind: 'none' };

export type PlanViewer = {
  /** Null until the session (and a signed-in visitor's plan) is known: no card says 'Sign Up' to a member. */
  signedIn: boolean | null;
  /** The user's plan; null when signed out or when it could not be read. */
  current: Pick<CurrentPlan, 'plan_type' | 'plan_name' | 'is_trial' | 'cancel_at_period_end'> | null;
  /** The session or the plan is still loading, or a plan change is on its way. */
  busy: boolean;
  /**
   * The workspace the plan belongs to (ADR 019): an organisation's name, or null for one's own; and
   * whether this user may change its plan. Null when signed out or not known yet.
   */
  workspace: PlanWorkspace | null;
};

export type PlanWorkspace = { organisation: string | null; canManage: boolean };

export type PlanCardState = {
  current: boolean;
  recommended: boolean;
  /** '3 months free trial' on the card. */
  trialLabel: boolean;
  buttonLabel: string;
  disabled: boolean;
  action: PlanAction;
};

/** A trial lets individual plans switch without payment (docs/product-rules.md, Trial). */
export function isTrialViewer(viewer: PlanViewer): boolean {
  return viewer.signedIn === true && Boolean(viewer.current?.is_trial);
}

function isCurrentPlan(plan: CataloguePlan, viewer: PlanViewer): boolean {
  if (!viewer.signedIn) return false;
  const current = viewer.current;
  // Free is also current when the user has no plan type.
  if (!current?.plan_type) return plan.name === 'free';
  return PLAN_TYPE_OF[plan.name] === current.plan_type && plan.name === current.plan_name;
}

function chooseAction(plan: CataloguePlan, viewer: PlanViewer, current: boolean): PlanAction {
  if (viewer.signedIn === null) return { kind: 'pending' };
  if (!viewer.signedIn) return { kind: 'sign-up' };
  if (current) return { kind: 'none' };
  const workspace = viewer.workspace;
  if (workspace && !workspace.canManage) return { kind: 'managers-only' };
  // An organisation buys its business plan itself, in its workspace; business plans are never part
  // of the trial, so they are always paid for.
  if (plan.type === 'business') return workspace?.organisation ? { kind: 'checkout' } : { kind: 'contact-sales' };
  if (isTrialViewer(viewer)) return { kind: 'trial-switch' };
  if (plan.name === 'free') return { kind: 'confirm-free' };
  return { kind: 'checkout' };
}

const LABELS: Record<PlanAction['kind'], string> = {
  pending: 'Choose Plan',
  'sign-up': 'Sign Up',
  'contact-sales': 'Contact Sales',
  'managers-only': 'Ask an Admin',
  'trial-switch': 'Switch Plan',
  'confirm-free': 'Switch to Free',
  checkout: 'Subscribe',
  none: 'Current Plan',
};

/** Every rule of docs/product-rules.md, Plan cards and Choosing a plan, for one card, as data. */
export function planCardState(plan: CataloguePlan, viewer: PlanViewer): PlanCardState {
  const current = isCurrentPlan(plan, viewer);
  const action = chooseAction(plan, viewer, current);
  const planName = viewer.signedIn ? viewer.current?.plan_name : undefined;
  // A switch to Free already scheduled (paid plan ends at its period end) needs no second request.
  const freeScheduled = action.kind === 'confirm-free' && Boolean(viewer.current?.cancel_at_period_end);
  return {
    current,
    recommended: plan.name === 'premium' && (!planName || planName === 'free'),
    trialLabel: isTrialViewer(viewer) && plan.type === 'individual' && plan.name !== 'free',
    buttonLabel: LABELS[action.kind],
    disabled: viewer.busy || action.kind === 'pending' || action.kind === 'managers-only' || current || freeScheduled,
    action,
  };
}
