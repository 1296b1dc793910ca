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
} from '@licensewatch/shared/billing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { signedInUser, signInRequired } from '../../accounts/http/signed-in-user.ts';
import { getCurrentPlan } from '../../plans/get-current-plan.ts';
import { switchTrialPlan } from '../../plans/switch-trial-plan.ts';
import { createCheckoutSession } from '../create-checkout-session.ts';
import { createPortalSession } from '../create-portal-session.ts';
import { switchToFreePlan } from '../switch-to-free-plan.ts';
import { createDbTestObjectStore } from '../test-mode/create-db-test-object-store.ts';
import { describePlanPrices } from '../test-mode/describe-plan-prices.ts';
import { testStripePlugin } from '../test-mode/test-stripe-plugin.ts';
import { presentCurrentPlan, presentPlanPrices } from './billing-presenters.ts';
import { registerStripeWebhookRoute } from './stripe-webhook-route.ts';

/**
 * Plans and payments (spec §4 plan cards, choosing a plan; §7 stripe calls): the current plan,
 * trial switches, prices, checkout, the Customer Portal and switching to Free; Stripe's webhook;
 * and, in test mode, the built-in provider those calls reach instead of Stripe (ADR 009).
 */
export function registerBillingRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const { db, billing } = ctx;

  fastify.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.get('/api/v2/stripe/prices', { schema: { response: { 200: planPricesResponseSchema } } }, async () =>
      presentPlanPrices(billing),
    );
  });

  fastify.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', signInRequired(ctx.readSession));

    app.post(
      '/api/v2/stripe/current-plan',
      // The spec's client sends {planType, planName}; the answer does not depend on it.
      { schema: { body: currentPlanRequestSchema.nullish(), response: { 200: currentPlanResponseSchema } } },
      async (request) => presentCurrentPlan(await getCurrentPlan(db, signedInUser(request).id)),
    );

    app.post(
      '/api/v2/stripe/update-trial-plan',
      { schema: { body: updateTrialPlanRequestSchema, response: { 200: updateTrialPlanResponseSchema } } },
      async (request) => {
        const { plan_type, plan_name } = request.body;
        await switchTrialPlan(db, signedInUser(request).id, { planType: plan_type, planName: plan_name });
        return { status: 'success', plan_name } as const;
      },
    );

    app.post(
      '/api/v1/stripe/create-checkout-session',
      { schema: { body: checkoutSessionRequestSchema, response: { 200: checkoutSessionResponseSchema } } },
      async (request) => createCheckoutSession(ctx, signedInUser(request), request.body),
    );

    app.post(
      '/api/v2/stripe/portal-session',
      { schema: { response: { 200: portalSessionResponseSchema } } },
      async (request) => createPortalSession(ctx, signedInUser(request).id),
    );

    app.post(
      '/api/v2/stripe/switch-to-free',
      { schema: { response: { 200: switchToFreeResponseSchema } } },
      async (request) => {
        const { endsAt } = await switchToFreePlan(ctx, signedInUser(request).id);
        return { status: 'success', ends_at: endsAt?.toISOString() ?? null } as const;
      },
    );
  });

  registerStripeWebhookRoute(fastify, ctx);

  const test = billing.testProvider;
  if (test) {
    fastify.register(
      testStripePlugin({
        store: createDbTestObjectStore(db),
        apiKey: test.apiKey,
        webhookSecret: test.webhookSecret,
        webhookUrl: () => `${test.localUrl}/api/v1/stripe/webhook`,
        publicUrl: () => ctx.baseURL,
        prices: describePlanPrices(billing.prices),
        log: ctx.log,
      }),
    );
  }
}
