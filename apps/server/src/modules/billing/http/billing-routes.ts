import { BILLING_ENDPOINTS } from '@licensewatch/shared/billing-endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import { actingWorkspace, workspaceToManage } from '../../accounts/http/acting-workspace.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signedInUser, signInRequired } from '../../accounts/http/signed-in-user.ts';
import { getCurrentPlan } from '../../plans/get-current-plan.ts';
import { switchTrialPlan } from '../../plans/switch-trial-plan.ts';
import type { Billing } from '../create-billing.ts';
import { createCheckoutSession } from '../create-checkout-session.ts';
import { createPortalSession } from '../create-portal-session.ts';
import { switchToFreePlan } from '../switch-to-free-plan.ts';
import { createDbTestObjectStore } from '../test-mode/create-db-test-object-store.ts';
import { describePlanPrices } from '../test-mode/describe-plan-prices.ts';
import { testStripePlugin } from '../test-mode/http/test-stripe-plugin.ts';
import { presentCurrentPlan, presentPlanPrices } from './billing-presenters.ts';
import { registerStripeWebhookRoute } from './stripe-webhook-route.ts';

/**
 * Plans and payments (docs/product-rules.md, Billing): the current plan,
 * trial switches, prices, checkout, the Customer Portal and switching to Free; Stripe's webhook;
 * and, in test mode, the built-in provider those calls reach instead of Stripe (ADR 009).
 */
export function registerBillingRoutes(
  fastify: FastifyInstance,
  ctx: Pick<Platform, 'db' | 'log' | 'baseURL'> & { billing: Billing; readSession: SessionReader },
) {
  const { db, billing } = ctx;

  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.get(BILLING_ENDPOINTS.prices.path, { schema: endpointSchema(BILLING_ENDPOINTS.prices) }, async () =>
      presentPlanPrices(billing),
    );
  });

  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.addHook('onRequest', signInRequired(ctx.readSession));

    app.post(
      BILLING_ENDPOINTS.currentPlan.path,
      // Clients may send {planType, planName}; the answer does not depend on it.
      { schema: endpointSchema(BILLING_ENDPOINTS.currentPlan) },
      async (request) => presentCurrentPlan(await getCurrentPlan(db, actingWorkspace(request).workspaceId)),
    );

    app.post(
      BILLING_ENDPOINTS.updateTrialPlan.path,
      { schema: endpointSchema(BILLING_ENDPOINTS.updateTrialPlan) },
      async (request) => {
        const { plan_type, plan_name } = request.body;
        await switchTrialPlan(db, workspaceToManage(request).workspaceId, { planType: plan_type, planName: plan_name });
        return { status: 'success', plan_name } as const;
      },
    );

    app.post(
      BILLING_ENDPOINTS.createCheckoutSession.path,
      { schema: endpointSchema(BILLING_ENDPOINTS.createCheckoutSession) },
      async (request) => createCheckoutSession(ctx, billedWorkspace(request), request.body),
    );

    app.post(
      BILLING_ENDPOINTS.createPortalSession.path,
      { schema: endpointSchema(BILLING_ENDPOINTS.createPortalSession) },
      async (request) => createPortalSession(ctx, workspaceToManage(request).workspaceId),
    );

    app.post(
      BILLING_ENDPOINTS.switchToFree.path,
      { schema: endpointSchema(BILLING_ENDPOINTS.switchToFree) },
      async (request) => {
        const { endsAt } = await switchToFreePlan(ctx, workspaceToManage(request).workspaceId);
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
        webhookUrl: () => `${test.localUrl}${BILLING_ENDPOINTS.webhook.path}`,
        publicUrl: () => ctx.baseURL,
        prices: describePlanPrices(billing.prices),
        log: ctx.log,
      }),
    );
  }
}

/**
 * Who pays: the acting workspace (an organisation's owner or admin pays for the organisation),
 * named to the provider by the organisation's name and reached at the email of who checks out.
 */
function billedWorkspace(request: FastifyRequest): { id: string; email: string; name: string } {
  const acting = workspaceToManage(request);
  const user = signedInUser(request);
  return { id: acting.workspaceId, email: user.email, name: acting.organisation?.name ?? user.name };
}
