import { PAID_PLAN_NAMES, type PaidPlanName, type PlanName } from '@licensewatch/shared/plans';
import { PATHS } from '@licensewatch/shared/web-paths';

/**
 * The marker the payment provider brings back in the return address: `?checkout=success&plan=…`
 * on /dashboard, `?checkout=cancelled` on /pricing. It only says where the visitor comes from;
 * whether the plan is active is always asked of the server (the webhook decides, not the address).
 */
export const CHECKOUT_PARAM = 'checkout';
export const PLAN_PARAM = 'plan';

export type CheckoutReturn = { outcome: 'success'; plan: PaidPlanName } | { outcome: 'cancelled' };

/** The provider sends the browser back here: absolute, on this site (the server checks both). */
export function checkoutReturnUrls(origin: string, plan: PaidPlanName): { successUrl: string; cancelUrl: string } {
  const success = new URLSearchParams({ [CHECKOUT_PARAM]: 'success', [PLAN_PARAM]: plan });
  const cancel = new URLSearchParams({ [CHECKOUT_PARAM]: 'cancelled' });
  return {
    successUrl: `${origin}${PATHS.dashboard}?${success}`,
    cancelUrl: `${origin}${PATHS.pricing}?${cancel}`,
  };
}

function isPaidPlanName(value: string | null): value is PaidPlanName {
  return (PAID_PLAN_NAMES as readonly string[]).includes(value ?? '');
}

/** The marker in an address, or null when there is none or it names no plan we sell. */
export function readCheckoutReturn(params: URLSearchParams): CheckoutReturn | null {
  const outcome = params.get(CHECKOUT_PARAM);
  if (outcome === 'cancelled') return { outcome: 'cancelled' };
  const plan = params.get(PLAN_PARAM);
  if (outcome === 'success' && isPaidPlanName(plan)) return { outcome: 'success', plan };
  return null;
}

/** The same parameters less the marker: handled once, a reload must not say it again. */
export function withoutCheckoutReturn(params: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(params);
  rest.delete(CHECKOUT_PARAM);
  rest.delete(PLAN_PARAM);
  return rest;
}

/** How long a payment may take to be confirmed before the notice says it is taking a while. */
export const CONFIRM_TIMEOUT_MS = 60_000;
/** Polling while confirming: the webhook usually lands within seconds. */
export const CONFIRM_POLL_MS = 2_000;
/** Polling once it has been slow: the page still updates when the plan arrives, at less cost. */
export const SLOW_POLL_MS = 15_000;

export type ConfirmationState = 'confirming' | 'confirmed' | 'slow';

/**
 * Where a successful checkout stands. Only the server's current plan confirms it: an unread or
 * failed plan, or the old one, is still "confirming" — never a claim that the new plan is active.
 */
export function confirmationState(
  purchased: PaidPlanName,
  currentPlan: PlanName | undefined,
  timedOut: boolean,
): ConfirmationState {
  if (currentPlan === purchased) return 'confirmed';
  return timedOut ? 'slow' : 'confirming';
}

/** TanStack Query's refetchInterval for the current plan: stops once confirmed. */
export function confirmationPollInterval(state: ConfirmationState): number | false {
  if (state === 'confirmed') return false;
  return state === 'slow' ? SLOW_POLL_MS : CONFIRM_POLL_MS;
}
