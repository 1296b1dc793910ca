import { newTestId, unixNow } from './new-test-id.ts';
import { newTestSubscription } from './new-test-subscription.ts';
import { sendTestWebhook } from './send-test-webhook.ts';
import { loadTestObject, type TestCheckoutSession, type TestProvider, type TestSubscription } from './test-provider.ts';

/**
 * "Complete test payment": the session's subscription starts, active for one month, and
 * checkout.session.completed goes to the webhook before the browser is sent back — so the plan has
 * usually changed by the time the dashboard loads. A second click finds the session complete.
 */
export async function completeTestCheckout(provider: TestProvider, sessionId: string): Promise<TestCheckoutSession> {
  const open = await loadTestObject<TestCheckoutSession>(provider, 'checkout.session', sessionId);
  if (open.status !== 'open' || open.expires_at <= unixNow()) return open;
  const subscriptionId = newTestId('sub');
  const completed = await provider.store.update<TestCheckoutSession>(sessionId, (s) =>
    s.status === 'open' ? { ...s, status: 'complete', payment_status: 'paid', subscription: subscriptionId } : null,
  );
  // Someone else completed it between the read and the claim.
  if (!completed) return loadTestObject<TestCheckoutSession>(provider, 'checkout.session', sessionId);

  const start = unixNow();
  const priceId = completed.line_items.data[0]?.price.id ?? '';
  await provider.store.create<TestSubscription>(
    newTestSubscription({
      id: subscriptionId,
      customer: completed.customer,
      priceId,
      start,
      metadata: completed.subscription_metadata,
    }),
  );
  await sendTestWebhook(provider, 'checkout.session.completed', completed);
  return completed;
}
