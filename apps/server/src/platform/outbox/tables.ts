import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, generatedId } from '../db/columns.ts';

export type OutboundTransport = 'outbox' | 'smtp' | 'twilio';
// cancelled: an alert SMS not sent because its user texted STOP (or turned SMS off, or changed
// phone) after it was queued.
export type OutboundStatus = 'stored' | 'pending' | 'sending' | 'sent' | 'paused' | 'cancelled';
/** 'account': sign-up, reset, email change — always sent. 'alert': paused by email_notifications_enabled. */
export type OutboundKind = 'account' | 'alert';

/** Every email/SMS is written here first, then delivered; undelivered ones stay for retry or the dev outbox. */
export const outboundMessage = pgTable(
  'outbound_message',
  {
    id: generatedId(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    kind: text('kind').$type<OutboundKind>().default('account').notNull(),
    // Whose alert it is (NULL for account mail to an address); kept when the user goes, for the record.
    userId: text('user_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    // Extra mail headers, e.g. List-Unsubscribe (RFC 8058) on alert emails.
    headers: jsonb('headers').$type<Record<string, string>>(),
    // 'outbox' = no real provider configured; 'smtp' / 'twilio' = real delivery.
    transport: text('transport').$type<OutboundTransport>().notNull(),
    // stored: dev outbox only; pending → sending (claimed until claimed_until) → sent; paused: an
    // alert email held while email_notifications_enabled is off.
    status: text('status').$type<OutboundStatus>().notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    attempts: integer('attempts').default(0).notNull(),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbound_message_to_idx').on(t.to, t.createdAt),
    index('outbound_message_pending_idx').on(t.status).where(sql`status IN ('pending', 'paused')`),
    index('outbound_message_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('outbound_message_dedupe_idx').on(t.dedupeKey),
    // The admin dashboard's alerts sent and failed in the last 30 days.
    index('outbound_message_alert_idx').on(t.createdAt).where(sql`kind = 'alert'`),
  ],
);
