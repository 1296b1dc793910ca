import type Stripe from 'stripe';

/** What billing needs from a subscription, as Stripe reports it now. */
export type SubscriptionState = {
  id: string;
  customerId: string;
  status: Stripe.Subscription.Status;
  priceId: string | null;
  /** Null only for a subscription without items, which billing never creates. */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  created: Date;
  /** Our account id, put on the subscription at checkout (subscription_data.metadata). */
  userId: string | null;
};

/** Paid access continues: the plan is (or becomes) the subscription's. */
export const LIVE_STATUSES: readonly string[] = ['active', 'trialing'];
/** The subscription is over: if it paid for the user's plan, the plan lapses to Free. */
export const ENDED_STATUSES: readonly string[] = ['canceled', 'unpaid', 'incomplete_expired'];

/**
 * Since API 2025-03-31 the billing period lives on each subscription item, not the subscription;
 * ours have one item, and the latest end is the period's end either way.
 */
export function readSubscription(subscription: Stripe.Subscription): SubscriptionState {
  const items = subscription.items?.data ?? [];
  const ends = items.map((item) => item.current_period_end).filter((n): n is number => typeof n === 'number');
  const customer = subscription.customer;
  return {
    id: subscription.id,
    customerId: typeof customer === 'string' ? customer : customer.id,
    status: subscription.status,
    priceId: items[0]?.price?.id ?? null,
    currentPeriodEnd: ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    created: new Date(subscription.created * 1000),
    userId: subscription.metadata?.userId ?? null,
  };
}
