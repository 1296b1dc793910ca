import Stripe from 'stripe';
import { newTestId, unixNow } from './new-test-id.ts';
import type { TestProvider } from './test-provider.ts';

/**
 * Delivers an event the way Stripe does: JSON signed with the webhook secret in Stripe-Signature,
 * retried a few times on failure (Stripe retries for days; a test checkout waits a second at most).
 * Returns whether the receiver accepted it.
 */
export async function sendTestWebhook(
  provider: TestProvider,
  type: string,
  object: Record<string, unknown>,
  previousAttributes?: Record<string, unknown>,
): Promise<boolean> {
  const event = {
    id: newTestId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: unixNow(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
  };
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: provider.webhookSecret });
  let failure = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const res = await fetch(provider.webhookUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body: payload,
      });
      if (res.ok) return true;
      failure = `HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`;
    } catch (err) {
      failure = String(err);
    }
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
  provider.log?.warn({ type, eventId: event.id, failure }, 'test-mode webhook was not accepted');
  return false;
}
