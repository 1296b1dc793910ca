import { z } from 'zod';

/** The events an endpoint may subscribe to (ADR 021). */
export const WEBHOOK_EVENTS = [
  'license.status_changed',
  'license.expiring',
  'license.found',
  'report.updated',
  // A physician matched on a federal exclusion list, and a confirmed exclusion ended (docs/exclusions.md).
  'exclusion.added',
  'exclusion.reinstated',
  // A license verified by hand is due to be verified again (30 days after it was checked).
  'license.verification_due',
  // From the license's changes as the boards publish them (docs/product-rules.md, Events).
  'license.discipline_added',
  'license.renewed',
  'license.removed',
  // A tracked license whose expiry date passed the workspace's expired_after_days ago (3 by
  // default; expiry-windows.ts) without a renewal.
  'license.expired',
  // A report's state whose board could not be read at its check: once per turn into unavailable.
  'source.unavailable',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What "Send test event" delivers: to any endpoint, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookEventType = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_SIGNATURE_HEADER = 'LicenseWatch-Signature';
export const WEBHOOK_EVENT_HEADER = 'LicenseWatch-Event';
export const WEBHOOK_DELIVERY_HEADER = 'LicenseWatch-Delivery';
/** A receiver should reject a signature whose timestamp is older than this (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** How long the secret a rotation replaced keeps signing beside the new one. */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

const url = z.string().trim().min(1).max(WEBHOOK_URL_MAX).url();
const events = z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length);

export const webhookEndpointInputSchema = z.object({
  url,
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).default(''),
  events,
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointUpdateSchema = z.object({
  url: url.optional(),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

/** active; failing: its deliveries fail since `failing_since`; disabled: by someone or after 3 days failing. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  status: z.enum(['active', 'failing', 'disabled']),
  enabled: z.boolean(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.enum(['manual', 'failing']).nullable(),
  failing_since: z.string().nullable(),
  /** Until when the secret a rotation replaced still signs beside the new one. */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointSchema) });

/** The create and rotate answers: the only time the secret is shown. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  event_type: z.string(),
  event_id: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_response_code: z.number().int().nullable(),
  last_latency_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  /** The delivery this one replays, if any. */
  replay_of: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const webhookDeliveryPageSchema = z.object({
  data: z.array(webhookDeliverySchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});

/** Events kept for the pull feed, in days (docs/product-rules.md, Events feed). */
export const EVENT_FEED_RETENTION_DAYS = 30;
export const EVENT_FEED_PAGE_DEFAULT = 100;
export const EVENT_FEED_PAGE_MAX = 500;

/** GET /api/v2/events: the events after `after` (a `next_cursor`; none: from the oldest kept). */
export const eventFeedQuerySchema = z.object({
  after: z
    .string()
    .regex(/^\d{1,18}$/, 'after must be a next_cursor this feed gave')
    .optional(),
  limit: z.coerce.number().int().min(1).max(EVENT_FEED_PAGE_MAX).default(EVENT_FEED_PAGE_DEFAULT),
  type: z.enum(WEBHOOK_EVENTS, { error: `type must be one of ${WEBHOOK_EVENTS.join(', ')}` }).optional(),
});

/** An event as a webhook delivers it (`{id, type, created_at, data}`), with its place in the feed. */
export const feedEventSchema = z.object({
  cursor: z.string(),
  id: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  created_at: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type FeedEvent = z.infer<typeof feedEventSchema>;

export const eventFeedSchema = z.object({
  events: z.array(feedEventSchema),
  /**
   * Pass as `after` for what comes next: the last event's cursor, or the one given when there was
   * none yet. Always set, so a system polls with the cursor it has.
   */
  next_cursor: z.string().nullable(),
});
