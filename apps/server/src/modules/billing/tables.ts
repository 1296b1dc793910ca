import type { BillingEventKind } from '@licensewatch/shared/admin-insights';
import type { PlanName } from '@licensewatch/shared/plans';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../platform/db/columns.ts';
import { workspace } from '../accounts/tables.ts';

/**
 * The built-in test-mode payment provider's objects (customers, checkout sessions, subscriptions),
 * used when no Stripe keys are set outside production. Kept in the database so a test checkout
 * survives a restart and any server process can answer it.
 */
export const billingTestObject = pgTable('billing_test_object', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  data: jsonb('data').notNull(),
  ...timestamps,
});

/** Stripe webhook events already handled: each event id has its effect once (docs/security.md, Payment webhooks). */
export const stripeEvent = pgTable('stripe_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * What the payment webhook learnt about money moving (checkout completed, invoice paid, payment
 * failed, refund), read from the event's payload and kept so the admin billing page reads our own
 * table instead of calling Stripe per page view. One row per Stripe event id (the primary key), so
 * a redelivered event is recorded once.
 */
export const billingEvent = pgTable(
  'billing_event',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<BillingEventKind>().notNull(),
    // The workspace that pays, when the customer (or the checkout's client_reference_id) is one of
    // ours: a user's own (its id is the user's) or an organisation's (ADR 019). The column keeps its
    // first name, from before organisations could pay.
    userId: text('user_id').references(() => workspace.id, { onDelete: 'set null' }),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    // The checkout session, invoice or charge the event is about.
    objectId: text('object_id'),
    planName: text('plan_name').$type<PlanName>(),
    amountCents: integer('amount_cents'),
    currency: text('currency'),
    attempt: integer('attempt'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('billing_event_kind_idx').on(t.kind, t.occurredAt)],
);
