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
  prices: { ...BILLING_ROUTES.prices, response: planPricesResponseSchema },
  currentPlan: {
    ...BILLING_ROUTES.currentPlan,
    body: currentPlanRequestSchema.nullish(),
    response: currentPlanResponseSchema,
  },
  updateTrialPlan: {
    ...BILLING_ROUTES.updateTrialPlan,
    body: updateTrialPlanRequestSchema,
    response: updateTrialPlanResponseSchema,
  },
  createCheckoutSession: {
    ...BILLING_ROUTES.createCheckoutSession,
    body: checkoutSessionRequestSchema,
    response: checkoutSessionResponseSchema,
  },
  createPortalSession: { ...BILLING_ROUTES.createPortalSession, response: portalSessionResponseSchema },
  switchToFree: { ...BILLING_ROUTES.switchToFree, response: switchToFreeResponseSchema },
  /** The payment provider's events, signed over the raw body; no browser calls it. */
  webhook: { method: 'POST', path: '/api/v1/stripe/webhook' },
});
