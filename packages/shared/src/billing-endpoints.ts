import {
  checkoutSessionRequestSchema,
  checkoutSessionResponseSchema,
  currentPlanRequestSchema,
  currentPlanResponseSchema,
  planPricesResponseSchema,
  portalSessionResponseSchema,
  switchToFreeResponseSchema,
  updateTrialPlanRequestSchema,
  updateTrialPlanResponseSchema,
} from './billing.ts';
import { BILLING_ROUTES } from './billing-routes.ts';
import { defineEndpoints } from './endpoint.ts';

/** The billing endpoints: plans, prices, checkout, the billing portal, and the provider's webhook. */
export const BILLING_ENDPOINTS = defineEndpoints({
  prices: {
    ...BILLING_ROUTES.prices,
    summary: "Each paid plan's price id, and whether checkout is the built-in test page",
    response: planPricesResponseSchema,
  },
  currentPlan: {
    ...BILLING_ROUTES.currentPlan,
    signedIn: true,
    summary: "The signed-in user's plan, trial and credits (the body is optional and changes nothing)",
    body: currentPlanRequestSchema.nullish(),
    response: currentPlanResponseSchema,
  },
  updateTrialPlan: {
    ...BILLING_ROUTES.updateTrialPlan,
    signedIn: true,
    summary: 'Switch individual plans during the trial, without payment',
    body: updateTrialPlanRequestSchema,
    response: updateTrialPlanResponseSchema,
    // NOT_A_TRIAL_PLAN (a business plan), TRIAL_ENDED.
    errors: [403],
  },
  createCheckoutSession: {
    ...BILLING_ROUTES.createCheckoutSession,
    signedIn: true,
    summary: "Start paying for a plan: the payment provider's checkout page to send the browser to",
    body: checkoutSessionRequestSchema,
    response: checkoutSessionResponseSchema,
    // ALREADY_SUBSCRIBED; the provider failing; payments or this plan's price not configured.
    errors: [409, 502, 503],
  },
  createPortalSession: {
    ...BILLING_ROUTES.createPortalSession,
    signedIn: true,
    summary: "The payment provider's billing portal for the signed-in user",
    response: portalSessionResponseSchema,
    // NO_BILLING_ACCOUNT (never paid); the provider failing; payments not configured.
    errors: [409, 502, 503],
  },
  switchToFree: {
    ...BILLING_ROUTES.switchToFree,
    signedIn: true,
    summary: 'Move to the Free plan (a paid plan ends at the end of its period)',
    response: switchToFreeResponseSchema,
    errors: [502, 503],
  },
  /** The payment provider's events, signed over the raw body; no browser calls it. */
  webhook: {
    method: 'POST',
    path: '/api/v1/stripe/webhook',
    summary: "The payment provider's events, signed over the raw body (Stripe-Signature)",
    // INVALID_SIGNATURE; the provider unreachable when re-reading; payments not configured.
    errors: [400, 502, 503],
  },
});
