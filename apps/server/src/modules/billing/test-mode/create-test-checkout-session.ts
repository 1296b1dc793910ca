import { newTestId, unixNow } from './new-test-id.ts';
import { metadataParam, stringParam } from './read-form-params.ts';
import {
  loadTestObject,
  type TestCheckoutSession,
  type TestCustomer,
  type TestProvider,
  TestStripeError,
} from './test-provider.ts';

const DAY = 24 * 60 * 60;

/** POST /v1/checkout/sessions — subscription mode, one price, an existing customer: what billing sends. */
export async function createTestCheckoutSession(
  provider: TestProvider,
  params: Record<string, unknown>,
): Promise<TestCheckoutSession> {
  if (params.mode !== 'subscription') {
    throw new TestStripeError(400, 'The test provider supports mode=subscription only.', 'parameter_invalid');
  }
  const customerId = stringParam(params.customer);
  if (!customerId) throw new TestStripeError(400, 'Missing required param: customer.', 'parameter_missing');
  await loadTestObject<TestCustomer>(provider, 'customer', customerId);
  const items = Array.isArray(params.line_items) ? params.line_items : [];
  const item = items[0] as Record<string, unknown> | undefined;
  const priceId = stringParam(item?.price);
  if (items.length !== 1 || !priceId) {
    throw new TestStripeError(400, 'Exactly one line item with a price is required.', 'parameter_invalid');
  }
  const price = provider.prices[priceId];
  if (!price) throw new TestStripeError(400, `No such price: '${priceId}'`, 'resource_missing');
  const successUrl = stringParam(params.success_url);
  const cancelUrl = stringParam(params.cancel_url);
  if (!successUrl || !cancelUrl) {
    throw new TestStripeError(400, 'success_url and cancel_url are required.', 'parameter_missing');
  }
  const id = newTestId('cs');
  const created = unixNow();
  const subscriptionData = params.subscription_data as Record<string, unknown> | undefined;
  return provider.store.create<TestCheckoutSession>({
    id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'open',
    payment_status: 'unpaid',
    customer: customerId,
    client_reference_id: stringParam(params.client_reference_id) ?? null,
    metadata: metadataParam(params.metadata),
    success_url: successUrl,
    cancel_url: cancelUrl,
    url: `${provider.publicUrl()}/test-checkout/${id}`,
    subscription: null,
    line_items: {
      object: 'list',
      data: [{ price: { id: priceId, object: 'price' }, quantity: Number(stringParam(item?.quantity) ?? 1) }],
    },
    subscription_metadata: metadataParam(subscriptionData?.metadata),
    amount_total: price.unitAmount * Number(stringParam(item?.quantity) ?? 1),
    currency: 'usd',
    created,
    expires_at: created + DAY,
    livemode: false,
  });
}
