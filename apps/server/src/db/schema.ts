import type { ApiUsageInfo, Role, UserType } from '@licensewatch/shared/auth';
import type { LicenseStatus, LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

// ---- License registry (docs/license-engine.md, "Registry tables"). Written by licensing/ingest and
// licensing/registry with set-based SQL, so the Drizzle definitions mainly serve migrations and reads.

/** One license as its board last published it, with the normalised names matching searches on. */
export const license = pgTable(
  'license',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    jurisdiction: text('jurisdiction').$type<StateCode>().notNull(),
    boardId: text('board_id').notNull(),
    licenseType: text('license_type').$type<LicenseType>().notNull(),
    licenseNumber: text('license_number'),
    // The license number, or for rows published without one a hash of board + names + issue date.
    recordKey: text('record_key').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    suffix: text('suffix'),
    // '' rather than NULL when a part is absent, so equality and prefix look-ups need no COALESCE.
    firstNorm: text('first_norm').notNull(),
    middleNorm: text('middle_norm').default('').notNull(),
    lastNorm: text('last_norm').notNull(),
    rawStatus: text('raw_status'),
    status: text('status').$type<LicenseStatus>().default('unknown').notNull(),
    issueDate: date('issue_date', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    discipline: text('discipline'),
    sourceKind: text('source_kind').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).defaultNow().notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('license_board_record_key_idx').on(t.boardId, t.recordKey),
    index('license_name_idx').on(t.lastNorm, t.firstNorm),
    index('license_jurisdiction_name_idx').on(t.jurisdiction, t.lastNorm, t.firstNorm),
    index('license_jurisdiction_number_idx').on(t.jurisdiction, t.licenseNumber),
  ],
);

export type LicenseEventKind = 'status' | 'expiry' | 'discipline';
export type LicenseEventSource = 'ingest' | 'lookup' | 'refresh';

/** Every change of a license's status, expiry or discipline; alerts read from here. */
export const licenseEvent = pgTable(
  'license_event',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    licenseId: text('license_id')
      .notNull()
      .references(() => license.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LicenseEventKind>().notNull(),
    before: text('before'),
    after: text('after'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).defaultNow().notNull(),
    source: text('source').$type<LicenseEventSource>().notNull(),
  },
  (t) => [
    index('license_event_license_idx').on(t.licenseId, t.occurredAt),
    // Alert jobs scan "what changed since the last run".
    index('license_event_occurred_at_idx').on(t.occurredAt),
  ],
);

/** Last known reachability of each board; no row = never checked (shown as Confirmed, spec §4). */
export const sourceHealth = pgTable('source_health', {
  boardId: text('board_id').primaryKey(),
  jurisdiction: text('jurisdiction').$type<StateCode>().notNull(),
  available: boolean('available').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).defaultNow().notNull(),
  latencyMs: integer('latency_ms'),
  lastError: text('last_error'),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
});

export type IngestRunStatus = 'running' | 'succeeded' | 'failed';

/** One roster ingest of one board; counters advance batch by batch while it runs. */
export const ingestRun = pgTable(
  'ingest_run',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    boardId: text('board_id').notNull(),
    status: text('status').$type<IngestRunStatus>().default('running').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).defaultNow().notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    rowsRead: integer('rows_read').default(0).notNull(),
    rowsUpserted: integer('rows_upserted').default(0).notNull(),
    rowsRejected: integer('rows_rejected').default(0).notNull(),
    error: text('error'),
  },
  (t) => [index('ingest_run_board_idx').on(t.boardId, t.startedAt)],
);
