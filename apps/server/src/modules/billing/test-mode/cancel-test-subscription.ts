import { unixNow } from './new-test-id.ts';
import { loadTestObject, type TestProvider, TestStripeError, type TestSubscription } from './test-provider.ts';

/** DELETE /v1/subscriptions/:id — ends it now, as Stripe's cancel does. */
export async function cancelTestSubscription(provider: TestProvider, id: string): Promise<TestSubscription> {
  const current = await loadTestObject<TestSubscription>(provider, 'subscription', id);
  if (current.status === 'canceled') {
    throw new TestStripeError(400, `This subscription is already canceled: '${id}'`, 'subscription_canceled');
  }
  const now = unixNow();
  const canceled = await provider.store.update<TestSubscription>(id, (s) => ({
    ...s,
    status: 'canceled',
    canceled_at: now,
    ended_at: now,
  }));
  return canceled ?? current;
}
