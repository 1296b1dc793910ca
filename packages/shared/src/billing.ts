import { z } from 'zod';
import { PAID_PLAN_NAMES, PLAN_NAMES, PLAN_TYPES } from './plans.ts';

// Billing calls (docs/product-rules.md, Billing). Plan names travel lowercase; clients have sent
// 'Basic' to current-plan, so names are compared case-insensitively on the way in.
const planName = z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(PLAN_NAMES));
const paidPlanName = z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(PAID_PLAN_NAMES));
const planType = z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(PLAN_TYPES));

/** POST /api/v2/stripe/current-plan: a body ({planType, planName}) is accepted but not needed. */
export const currentPlanRequestSchema = z.object({ planType: z.string().optional(), planName: z.string().optional() });
export const currentPlanResponseSchema = z.object({
  plan_type: z.enum(PLAN_TYPES),
  plan_name: z.enum(PLAN_NAMES),
  /** In the trial window now: individual plans switch without payment. */
  is_trial: z.boolean(),
  trial_ends_at: z.string().nullable(),
  /** End of paid access or of the trial; null on Free, which never lapses. */
  end_date: z.string().nullable(),
  /** The paid subscription ends at its period end instead of renewing (switched to Free). */
  cancel_at_period_end: z.boolean(),
  /** A payment-provider customer exists, so the billing portal can open (plans assigned by staff have none). */
  has_billing_account: z.boolean(),
});
export type CurrentPlan = z.infer<typeof currentPlanResponseSchema>;

/** POST /api/v2/stripe/update-trial-plan: individual plans only, during the trial. */
export const updateTrialPlanRequestSchema = z.object({ plan_type: planType, plan_name: planName });
export type UpdateTrialPlanRequest = z.infer<typeof updateTrialPlanRequestSchema>;
export const updateTrialPlanResponseSchema = z.object({ status: z.literal('success'), plan_name: z.enum(PLAN_NAMES) });

/** GET /api/v2/stripe/prices: each paid plan's payment-provider price id, from server config. */
export const planPricesResponseSchema = z.object({
  prices: z.array(z.object({ plan_name: z.enum(PAID_PLAN_NAMES), price_id: z.string() })),
  /** No Stripe keys: checkout runs on the built-in test page, which never takes money. */
  test_mode: z.boolean(),
});
export type PlanPrices = z.infer<typeof planPricesResponseSchema>;

/** POST /api/v1/stripe/create-checkout-session (subscription mode). */
export const checkoutSessionRequestSchema = z.object({
  priceId: z.string().trim().min(1).max(200),
  planType: planType,
  planName: paidPlanName,
  successUrl: z.string().trim().max(2000).optional(),
  cancelUrl: z.string().trim().max(2000).optional(),
});
export type CheckoutSessionRequest = z.infer<typeof checkoutSessionRequestSchema>;
export const checkoutSessionResponseSchema = z.object({ id: z.string(), url: z.string() });

/** POST /api/v2/stripe/portal-session: Stripe's Customer Portal, to manage or cancel. */
export const portalSessionResponseSchema = z.object({ url: z.string() });

/** POST /api/v2/stripe/switch-to-free: a paid plan ends at its period end; a trial plan at once. */
export const switchToFreeResponseSchema = z.object({
  status: z.literal('success'),
  /** When the paid plan stops (null: already on Free). */
  ends_at: z.string().nullable(),
});
