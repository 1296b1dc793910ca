import { addOneMonth, newTestId } from './new-test-id.ts';
import type { TestSubscription } from './test-provider.ts';

/** An active monthly subscription to one price, its first period starting at `start` (unix seconds). */
export function newTestSubscription({
  id = newTestId('sub'),
  customer,
  priceId,
  start,
  metadata,
}: {
  id?: string;
  customer: string;
  priceId: string;
  start: number;
  metadata: Record<string, string>;
}): TestSubscription {
  return {
    id,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    created: start,
    start_date: start,
    metadata,
    items: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: newTestId('si'),
          object: 'subscription_item',
          price: { id: priceId, object: 'price', recurring: { interval: 'month', interval_count: 1 } },
          quantity: 1,
          current_period_start: start,
          current_period_end: addOneMonth(start),
          created: start,
        },
      ],
    },
    livemode: false,
  };
}
