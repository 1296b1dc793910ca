import type { CheckoutSessionRequest } from '@licensewatch/shared/billing';
import { PLAN_LABELS, PLAN_TYPE_OF } from '@licensewatch/shared/plans';
import { eq } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { matchesPlanType } from '../plans/matches-plan-type.ts';
import { userPlan } from '../plans/tables.ts';
import type { Billing } from './create-billing.ts';
import { ensureStripeCustomer } from './ensure-stripe-customer.ts';
import { callStripe, PAYMENT_FAILED } from './provider/call-stripe.ts';
import { LIVE_STATUSES } from './read-subscription.ts';
import { requirePayments } from './require-payments.ts';
import { resolveRedirectUrl } from './resolve-redirect-url.ts';

/**
 * docs/product-rules.md, Choosing a plan: a subscription checkout at the payment provider for one
 * paid plan. Only the server's own price for the plan is accepted, and the browser comes back only
 * to this site (/dashboard on success, /pricing on cancel). Nothing changes here: the plan follows
 * the provider's webhook once the payment is made.
 */
export async function createCheckoutSession(
  ctx: Pick<Platform, 'db' | 'log' | 'baseURL'> & { billing: Billing },
  user: { id: string; email: string; name: string },
  input: CheckoutSessionRequest,
): Promise<{ id: string; url: string }> {
  const stripe = requirePayments(ctx.billing);
  const { planName, planType } = input;
  if (!matchesPlanType(planName, planType)) {
    throw AppError.validation(
      `planType "${planType}" does not match the ${PLAN_LABELS[planName]} plan (${PLAN_TYPE_OF[planName]}).`,
    );
  }
  const priceId = ctx.billing.prices[planName];
  if (!priceId) {
    throw new AppError(
      'PLAN_NOT_FOR_SALE',
      `The ${PLAN_LABELS[planName]} plan cannot be bought on this server yet.`,
      503,
    );
  }
  if (input.priceId !== priceId) {
    throw new AppError('PRICE_MISMATCH', `priceId is not the price of the ${PLAN_LABELS[planName]} plan.`, 400);
  }
  const successUrl = resolveRedirectUrl(ctx.baseURL, input.successUrl, '/dashboard');
  if (!successUrl) throw AppError.validation('successUrl: must be an address on this site.');
  const cancelUrl = resolveRedirectUrl(ctx.baseURL, input.cancelUrl, '/pricing');
  if (!cancelUrl) throw AppError.validation('cancelUrl: must be an address on this site.');

  const [current] = await ctx.db
    .select({
      planName: userPlan.planName,
      status: userPlan.subscriptionStatus,
      cancelAtPeriodEnd: userPlan.cancelAtPeriodEnd,
    })
    .from(userPlan)
    .where(eq(userPlan.workspaceId, user.id));
  // Paying twice for the plan one already pays for is never what the user meant.
  if (
    current?.planName === planName &&
    current.status &&
    LIVE_STATUSES.includes(current.status) &&
    !current.cancelAtPeriodEnd
  ) {
    throw new AppError('ALREADY_SUBSCRIBED', `You are already subscribed to the ${PLAN_LABELS[planName]} plan.`, 409);
  }

  const customer = await ensureStripeCustomer(ctx, stripe, user);
  const metadata = { userId: user.id, planName };
  const session = await callStripe(ctx.log, 'create checkout session', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: successUrl,
      cancel_url: cancelUrl,
      client_reference_id: user.id,
      metadata,
      subscription_data: { metadata },
    }),
  );
  if (!session.url) throw new AppError('PAYMENT_PROVIDER_ERROR', PAYMENT_FAILED, 502);
  return { id: session.id, url: session.url };
}
