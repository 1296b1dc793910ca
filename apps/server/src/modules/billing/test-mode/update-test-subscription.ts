import { metadataParam } from './read-form-params.ts';
import { loadTestObject, type TestProvider, TestStripeError, type TestSubscription } from './test-provider.ts';

/** POST /v1/subscriptions/:id — cancel_at_period_end and metadata, the fields billing changes. */
export async function updateTestSubscription(
  provider: TestProvider,
  id: string,
  params: Record<string, unknown>,
): Promise<TestSubscription> {
  const current = await loadTestObject<TestSubscription>(provider, 'subscription', id);
  if (current.status === 'canceled') {
    throw new TestStripeError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
  }
  const updated = await provider.store.update<TestSubscription>(id, (s) => ({
    ...s,
    ...(params.cancel_at_period_end !== undefined
      ? { cancel_at_period_end: params.cancel_at_period_end === 'true' }
      : {}),
    ...(params.metadata !== undefined ? { metadata: { ...s.metadata, ...metadataParam(params.metadata) } } : {}),
  }));
  return updated ?? current;
}
