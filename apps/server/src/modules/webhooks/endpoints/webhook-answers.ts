import type { WebhookDelivery, WebhookEndpoint } from '@licensewatch/shared/webhooks';
import type { webhookDelivery, webhookEndpoint } from '../tables.ts';

type EndpointRow = typeof webhookEndpoint.$inferSelect;
type DeliveryRow = typeof webhookDelivery.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An endpoint as the API shows it: never its secret (only the create and rotate answers carry it). */
export function endpointAnswer(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    status: !row.enabled ? 'disabled' : row.failingSince ? 'failing' : 'active',
    enabled: row.enabled,
    disabled_at: iso(row.disabledAt),
    disabled_reason: row.disabledReason,
    failing_since: iso(row.failingSince),
    previous_secret_expires_at:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? iso(row.previousSecretExpiresAt) : null,
    created_at: row.createdAt.toISOString(),
  };
}

export function deliveryAnswer(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    event_type: row.eventType,
    event_id: row.eventId,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: iso(row.nextAttemptAt),
    last_response_code: row.lastResponseCode,
    last_latency_ms: row.lastLatencyMs,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    delivered_at: iso(row.deliveredAt),
    replay_of: row.replayOf,
  };
}
