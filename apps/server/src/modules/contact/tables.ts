import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, generatedId } from '../../platform/db/columns.ts';

/** A contact-form message, stored before Slack sees it so an outage loses nothing. */
export const contactMessage = pgTable(
  'contact_message',
  {
    id: generatedId(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ipAddress: text('ip_address'),
    status: text('status').$type<'pending' | 'delivered'>().default('pending').notNull(),
    attempts: integer('attempts').default(0).notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('contact_message_pending_idx').on(t.createdAt).where(sql`status = 'pending'`)],
);

/** Solved captcha challenges, kept until they expire so one solution is accepted only once. */
export const usedCaptcha = pgTable(
  'used_captcha',
  {
    challengeId: text('challenge_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_captcha_expires_idx').on(t.expiresAt)],
);
