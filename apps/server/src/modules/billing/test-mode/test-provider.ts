import type { TestObject, TestObjectStore } from './test-object-store.ts';

/** What a running test provider is configured with; the plugin and every operation take it. */
export type TestProvider = {
  store: TestObjectStore;
  /** The secret key the Stripe client must present (Authorization: Bearer …). */
  apiKey: string;
  webhookSecret: string;
  /** Where events are delivered (our /api/v1/stripe/webhook). */
  webhookUrl: () => string;
  /** Where browsers reach the hosted checkout and portal pages. */
  publicUrl: () => string;
  /** Price id → what the checkout page shows; other prices are refused like unknown ones at Stripe. */
  prices: Record<string, { label: string; amount: string; unitAmount: number }>;
  log?: { warn: (details: object, message: string) => void };
};

/** A request the test provider refuses, answered in Stripe's error format so the client throws as it would. */
export class TestStripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

// The Stripe shapes the provider keeps: the fields our billing reads, named as Stripe names them.

export type TestCustomer = TestObject & {
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
};

export type TestCheckoutSession = TestObject & {
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  subscription: string | null;
  line_items: { object: 'list'; data: { price: { id: string; object: 'price' }; quantity: number }[] };
  /** Copied to the subscription it creates (subscription_data.metadata at Stripe). */
  subscription_metadata: Record<string, string>;
  /** The first payment, in cents, as Stripe reports it on the session. */
  amount_total: number;
  currency: 'usd';
  created: number;
  expires_at: number;
  livemode: false;
};

export type TestSubscriptionItem = {
  id: string;
  object: 'subscription_item';
  price: { id: string; object: 'price'; recurring: { interval: 'month'; interval_count: 1 } };
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  created: number;
};

export type TestSubscription = TestObject & {
  object: 'subscription';
  customer: string;
  status: 'active' | 'canceled';
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  metadata: Record<string, string>;
  items: { object: 'list'; data: TestSubscriptionItem[]; has_more: false };
  livemode: false;
};

export type TestPortalSession = TestObject & {
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
  livemode: false;
};

export async function loadTestObject<T extends TestObject>(provider: TestProvider, kind: T['object'], id: string) {
  const found = await provider.store.get<T>(id);
  if (!found || found.object !== kind) {
    throw new TestStripeError(
      404,
      `No such ${kind.replace(/^.*\./, '').replaceAll('_', ' ')}: '${id}'`,
      'resource_missing',
    );
  }
  return found;
}
