import type { ApiUsageInfo, Role, UserType } from '@licensewatch/shared/auth';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date()),
};

// The four better-auth tables keep better-auth's field names as keys (the adapter maps by key).
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').default(false).notNull(),
  image: text('image'),
  organization: text('organization'),
  userType: text('user_type').$type<UserType>().default('individual_physician').notNull(),
  apiUsageInfo: jsonb('api_usage_info').$type<ApiUsageInfo | null>(),
  role: text('role').$type<Role>().default('user').notNull(),
  isActive: boolean('is_active').default(true).notNull(),
  phoneNumber: text('phone_number'),
  ...timestamps,
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Fixed-window counters shared by every server process (DESIGN §8: limits live in the database). */
export const requestLimit = pgTable('request_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/** Every email/SMS is written here first, then delivered; undelivered ones stay for retry or the dev outbox. */
export const outboundMessage = pgTable(
  'outbound_message',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    // 'outbox' = no real provider configured; 'smtp' = real delivery.
    transport: text('transport').$type<'outbox' | 'smtp'>().notNull(),
    status: text('status').$type<'stored' | 'pending' | 'sent'>().notNull(),
    attempts: integer('attempts').default(0).notNull(),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbound_message_to_idx').on(t.to, t.createdAt),
    index('outbound_message_pending_idx').on(t.status).where(sql`status = 'pending'`),
    uniqueIndex('outbound_message_dedupe_idx').on(t.dedupeKey),
  ],
);
