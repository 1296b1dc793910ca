import { newTestId, unixNow } from './new-test-id.ts';
import { stringParam } from './read-form-params.ts';
import {
  loadTestObject,
  type TestCustomer,
  type TestPortalSession,
  type TestProvider,
  TestStripeError,
} from './test-provider.ts';

/** POST /v1/billing_portal/sessions */
export async function createTestPortalSession(
  provider: TestProvider,
  params: Record<string, unknown>,
): Promise<TestPortalSession> {
  const customerId = stringParam(params.customer);
  if (!customerId) throw new TestStripeError(400, 'Missing required param: customer.', 'parameter_missing');
  await loadTestObject<TestCustomer>(provider, 'customer', customerId);
  const id = newTestId('bps');
  return provider.store.create<TestPortalSession>({
    id,
    object: 'billing_portal.session',
    customer: customerId,
    return_url: stringParam(params.return_url) ?? null,
    url: `${provider.publicUrl()}/test-portal/${id}`,
    created: unixNow(),
    livemode: false,
  });
}
