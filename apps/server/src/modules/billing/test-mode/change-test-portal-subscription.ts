import { advanceTestSubscription } from './advance-test-subscription.ts';
import { sendTestWebhook } from './send-test-webhook.ts';
import {
  loadTestObject,
  type TestPortalSession,
  type TestProvider,
  TestStripeError,
  type TestSubscription,
} from './test-provider.ts';
import { updateTestSubscription } from './update-test-subscription.ts';

export type TestPortalAction = 'cancel' | 'resume' | 'advance';

/**
 * A button on the test portal page. Cancel and resume flip cancel_at_period_end and tell the
 * webhook (customer.subscription.updated), as Stripe's portal does; advance moves the test clock.
 */
export async function changeTestPortalSubscription(
  provider: TestProvider,
  portalSessionId: string,
  subscriptionId: string,
  action: TestPortalAction,
): Promise<TestPortalSession> {
  const session = await loadTestObject<TestPortalSession>(provider, 'billing_portal.session', portalSessionId);
  const subscription = await loadTestObject<TestSubscription>(provider, 'subscription', subscriptionId);
  // The portal link is the customer's capability: it reaches only their own subscriptions.
  if (subscription.customer !== session.customer) {
    throw new TestStripeError(404, `No such subscription: '${subscriptionId}'`, 'resource_missing');
  }
  if (action === 'advance') {
    await advanceTestSubscription(provider, subscriptionId);
    return session;
  }
  const cancel = action === 'cancel';
  if (subscription.cancel_at_period_end === cancel) return session;
  const updated = await updateTestSubscription(provider, subscriptionId, { cancel_at_period_end: String(cancel) });
  await sendTestWebhook(provider, 'customer.subscription.updated', updated, { cancel_at_period_end: !cancel });
  return session;
}
