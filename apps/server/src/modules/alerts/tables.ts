import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { user } from '../accounts/tables.ts';

// ---- Alerts (docs/product-rules.md, Alerts).

/** The code texted to verify a phone number: its SHA-256, valid 10 minutes, 5 tries. One per user. */
export const phoneVerification = pgTable('phone_verification', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  phoneNumber: text('phone_number').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').default(0).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * A new email address waiting for its confirmation link (the SHA-256 of the link's token); the
 * account keeps its old address until the link is opened. One per user: asking again replaces it.
 */
export const emailChange = pgTable('email_change', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export type WeeklyReminderStatus = 'queued' | 'sent' | 'skipped';

/**
 * The Monday email, one row per user and week (`week`: the Monday of the user's local week), written
 * set-based when the user's send time comes and then drained in batches: the primary key is what
 * makes it exactly one email per user per week, whatever retries or second workers do.
 * `skipped`: nothing to say and no weekly all-clear asked for, or no longer entitled.
 */
export const weeklyReminder = pgTable(
  'weekly_reminder',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    week: date('week', { mode: 'string' }).notNull(),
    status: text('status').$type<WeeklyReminderStatus>().default('queued').notNull(),
    messageId: text('message_id'),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.week] }),
    index('weekly_reminder_queued_idx').on(t.createdAt).where(sql`status = 'queued'`),
  ],
);
