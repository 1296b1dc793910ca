import type { Route } from './endpoint.ts';

/**
 * The billing endpoints that zod-free code calls: the pricing page is public and the app shell
 * asks for the current plan. Their schemas, and the webhook: billing-endpoints.ts. `/stripe/` is
 * the wire name API clients know, whichever payment provider answers.
 */
export const BILLING_ROUTES = {
  /** Public: each paid plan's price id, and whether checkout is the built-in test page. */
  prices: { method: 'GET', path: '/api/v2/stripe/prices' },
  /** A POST, as API clients know it; the body is optional and changes nothing. */
  currentPlan: { method: 'POST', path: '/api/v2/stripe/current-plan' },
  updateTrialPlan: { method: 'POST', path: '/api/v2/stripe/update-trial-plan' },
  createCheckoutSession: { method: 'POST', path: '/api/v1/stripe/create-checkout-session' },
  createPortalSession: { method: 'POST', path: '/api/v2/stripe/portal-session' },
  switchToFree: { method: 'POST', path: '/api/v2/stripe/switch-to-free' },
} as const satisfies Record<string, Route>;
