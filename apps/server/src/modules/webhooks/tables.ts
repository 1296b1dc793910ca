import type { WebhookDeliveryStatus, WebhookEvent, WebhookEventType } from '@licensewatch/shared/webhooks';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, generatedId } from '../../platform/db/columns.ts';
import { workspace } from '../accounts/tables.ts';

// ---- Webhooks (modules/webhooks; ADR 021).

export type WebhookDisabledReason = 'manual' | 'failing';

/**
 * An HTTPS endpoint of a workspace's and the events it takes. Its signing secret is stored
 * encrypted (AES-256-GCM, a key derived from the server secret, the endpoint id as associated
 * data): it must be read back to sign. After a rotation the previous secret signs beside the new
 * one until `previous_secret_expires_at`.
 */
export const webhookEndpoint = pgTable(
  'webhook_endpoint',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').default('').notNull(),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    enabled: boolean('enabled').default(true).notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason').$type<WebhookDisabledReason>(),
    // The first failed attempt since the last delivered one: 3 days of it disables the endpoint.
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoint_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * The webhook outbox: one row per event and endpoint, written in the transaction that records the
 * event (or advances the fan-out cursor), delivered by the deliver-webhook job, which claims it
 * with a guarded UPDATE. `dedupe_key` makes an event reach an endpoint once; a replay is a new row
 * with the same event id and payload.
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: generatedId(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    eventId: text('event_id').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    // pending (never tried) → sending (claimed until claimed_until) → delivered; failed: tried,
    // next try at next_attempt_at; dead: 24 h of failures, or its endpoint was disabled or deleted.
    status: text('status').$type<WebhookDeliveryStatus>().default('pending').notNull(),
    attempts: integer('attempts').default(0).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastResponseCode: integer('last_response_code'),
    lastLatencyMs: integer('last_latency_ms'),
    lastError: text('last_error'),
    replayOf: text('replay_of'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_delivery_dedupe_idx').on(t.endpointId, t.dedupeKey),
    index('webhook_delivery_endpoint_idx').on(t.endpointId, t.createdAt),
    // The dispatcher's scan for what is due.
    index('webhook_delivery_due_idx').on(t.nextAttemptAt).where(sql`status IN ('pending', 'failed', 'sending')`),
  ],
);

/**
 * Every event of a workspace, whether or not it has an endpoint: what the pull feed answers
 * (GET /api/v2/events) and the deliveries are made from (events/record-events.ts), kept 30 days.
 * `feed_seq` is the event's place in its workspace's feed, given when the feed is next read
 * (events/list-events.ts), in the order events became visible: a reader never sees a later number
 * before an earlier one, so a cursor never skips an event that committed late.
 */
export const webhookEvent = pgTable(
  'webhook_event',
  {
    id: generatedId(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type').$type<WebhookEventType>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    feedSeq: bigint('feed_seq', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_event_workspace_event_idx').on(t.workspaceId, t.eventId),
    uniqueIndex('webhook_event_feed_idx').on(t.workspaceId, t.feedSeq),
    index('webhook_event_unsequenced_idx').on(t.workspaceId, t.createdAt).where(sql`feed_seq IS NULL`),
    index('webhook_event_created_idx').on(t.createdAt),
  ],
);

/** Where the license.status_changed fan-out got to in license_event (one row, name 'status'). */
export const webhookCursor = pgTable('webhook_cursor', {
  name: text('name').primaryKey(),
  position: timestamp('position', { withTimezone: true }).notNull(),
});
