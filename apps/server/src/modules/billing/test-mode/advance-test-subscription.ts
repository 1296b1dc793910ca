import { addOneMonth, newTestId, unixNow } from './new-test-id.ts';
import { sendTestWebhook } from './send-test-webhook.ts';
import { loadTestObject, type TestProvider, TestStripeError, type TestSubscription } from './test-provider.ts';

/**
 * The test provider's clock, moved by hand from its portal page: the subscription reaches its
 * period end now. One set to cancel then ends (customer.subscription.deleted); any other renews
 * for another month (invoice.paid, then customer.subscription.updated), as Stripe does on a
 * successful renewal.
 */
export async function advanceTestSubscription(provider: TestProvider, id: string): Promise<TestSubscription> {
  const current = await loadTestObject<TestSubscription>(provider, 'subscription', id);
  if (current.status !== 'active') throw new TestStripeError(400, `Subscription '${id}' is not active.`);
  if (current.cancel_at_period_end) {
    const end = current.items.data[0]?.current_period_end ?? unixNow();
    const ended = await provider.store.update<TestSubscription>(id, (s) => ({
      ...s,
      status: 'canceled',
      canceled_at: unixNow(),
      ended_at: end,
    }));
    if (ended) await sendTestWebhook(provider, 'customer.subscription.deleted', ended);
    return ended ?? current;
  }
  const renewed = await provider.store.update<TestSubscription>(id, (s) => ({
    ...s,
    items: {
      ...s.items,
      data: s.items.data.map((item) => ({
        ...item,
        current_period_start: item.current_period_end,
        current_period_end: addOneMonth(item.current_period_end),
      })),
    },
  }));
  if (!renewed) return current;
  const item = renewed.items.data[0];
  await sendTestWebhook(provider, 'invoice.paid', {
    id: newTestId('in'),
    object: 'invoice',
    customer: renewed.customer,
    status: 'paid',
    amount_paid: provider.prices[item?.price.id ?? '']?.unitAmount ?? 0,
    currency: 'usd',
    billing_reason: 'subscription_cycle',
    period_start: item?.current_period_start,
    period_end: item?.current_period_end,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: renewed.id, metadata: renewed.metadata },
    },
    livemode: false,
  });
  await sendTestWebhook(provider, 'customer.subscription.updated', renewed, {
    items: current.items,
  });
  return renewed;
}
