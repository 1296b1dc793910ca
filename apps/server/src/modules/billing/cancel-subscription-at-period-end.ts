import { eq } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import { setSubscriptionState } from '../plans/set-subscription-state.ts';
import { userPlan } from '../plans/tables.ts';
import type { Billing } from './create-billing.ts';
import { callStripe } from './provider/call-stripe.ts';
import { ENDED_STATUSES, readSubscription } from './read-subscription.ts';
import { requirePayments } from './require-payments.ts';

/**
 * Asks the provider to stop the user's live subscription at the end of the period paid for (an
 * account being deleted: no further charge, no refund owed). Returns the subscription's id, or null
 * when nothing is live. The provider's failure is a 502 PAYMENT_PROVIDER_ERROR (callStripe) and a
 * server without payments a 503, so the caller can refuse before changing anything.
 */
export async function cancelSubscriptionAtPeriodEnd(
  ctx: Pick<Platform, 'db' | 'log'> & { billing: Billing },
  userId: string,
): Promise<string | null> {
  const [row] = await ctx.db
    .select({ subscriptionId: userPlan.stripeSubscriptionId, status: userPlan.subscriptionStatus })
    .from(userPlan)
    .where(eq(userPlan.workspaceId, userId));
  const subscriptionId = row?.subscriptionId;
  if (!subscriptionId || ENDED_STATUSES.includes(row.status ?? '')) return null;
  const stripe = requirePayments(ctx.billing);
  const subscription = readSubscription(
    await callStripe(ctx.log, 'cancel at period end', () =>
      stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
    ),
  );
  await setSubscriptionState(ctx.db, userId, subscription);
  return subscription.id;
}
