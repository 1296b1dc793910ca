import type { ApiUsageInfo, Role, UserType } from '@licensewatch/shared/accounts';
import type { ApiKeyScope } from '@licensewatch/shared/api-keys';
import type { WorkspaceKind } from '@licensewatch/shared/organisations';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, generatedId, timestamps } from '../../platform/db/columns.ts';

// The four better-auth tables keep better-auth's field names as keys (the adapter maps by key).
export const user = pgTable(
  'user',
  {
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
    // E.164 (libphonenumber-js), verified by an SMS code before any notice is texted to it.
    phoneNumber: text('phone_number'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    // Alert wishes (docs/product-rules.md, Alerts). SMS also needs a verified phone and a plan with
    // alerts; STOP by SMS turns it off.
    weeklyEmailReport: boolean('weekly_email_report').default(true).notNull(),
    smsRenewalNotice: boolean('sms_renewal_notice').default(true).notNull(),
    // Email (and, with SMS on, text) when a board changes a tracked license (status-change alerts).
    statusAlertEmail: boolean('status_alert_email').default(true).notNull(),
    // Send the Monday email even when nothing expires within 6 weeks.
    weeklyAllClear: boolean('weekly_all_clear').default(false).notNull(),
    // IANA zone of the Monday email; NULL = WEEKLY_REMINDER_TZ.
    timeZone: text('time_zone'),
    // The secret of the calendar feed URL; replaced (so the old URL stops) on regenerate.
    calendarToken: text('calendar_token').unique(),
    // Set when a session is created (sign-in, sign-up confirmation, Google): the admin user list.
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    // better-auth's two-factor plugin sets it once a TOTP code confirms the enrolment (ADR 038);
    // administrators cannot use the admin area without it.
    twoFactorEnabled: boolean('two_factor_enabled').default(false).notNull(),
    ...timestamps,
  },
  (t) => [index('user_created_at_idx').on(t.createdAt)],
);

/**
 * Who reports, plan and credits belong to (ADR 019): a user's own workspace (id = the user's id) or
 * an organisation's (id = the organisation's id). Rows are written by triggers when a user or an
 * organisation is inserted or deleted (migration 0015), so every way of creating either has one.
 */
export const workspace = pgTable('workspace', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<WorkspaceKind>().notNull(),
  // Its expiry windows (packages/shared/src/expiry-windows.ts, ADR 039, 046); the defaults are
  // DEFAULT_EXPIRING_WITHIN_DAYS, DEFAULT_NOTICE_DAYS and DEFAULT_EXPIRED_AFTER_DAYS, repeated here
  // because SQL holds them.
  expiringWithinDays: integer('expiring_within_days').notNull().default(42),
  expiryNoticeDays: integer('expiry_notice_days').array().notNull().default(sql`'{90,60,30,14,7,3,0}'::int[]`),
  expiredAfterDays: integer('expired_after_days').notNull().default(3),
  createdAt: createdAt(),
});

/** A clinic, practice or enterprise: its members share its reports, plan and credits (ADR 019). */
export const organisation = pgTable('organisation', {
  id: generatedId(),
  name: text('name').notNull(),
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
    // The organisation this session works in (ADR 019); NULL = the user's own workspace. Checked
    // against membership on every read, so a removed member is back in their own at once.
    activeOrganisationId: text('active_organisation_id').references(() => organisation.id, { onDelete: 'set null' }),
    // When this session passed a second factor (a TOTP or backup code, ADR 038); NULL for a
    // password-only or Google sign-in. The admin area asks for it, not only for two-factor on.
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
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

/**
 * A user's TOTP enrolment (better-auth's two-factor plugin, ADR 038): the secret and the unused
 * backup codes, both encrypted by better-auth with the server secret; `verified` turns true when the
 * first code confirms it. The failure count and lock are better-auth's per-account limit on wrong
 * codes at sign-in.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true).notNull(),
    failedVerificationCount: integer('failed_verification_count').default(0).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId)],
);

/**
 * API keys (docs/security.md, API keys): AES-256-GCM ciphertext so its owner can see and copy it,
 * and an HMAC-SHA-256 of the key for look-up, so a database dump reveals neither. One row per user
 * and workspace the key bills (their own, and each organisation they are a member of: a seat's key,
 * ADR 022); regenerating overwrites it, so the old key stops working at once.
 */
export const apiKey = pgTable(
  'api_key',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    ciphertext: text('ciphertext').notNull(),
    lookupHmac: text('lookup_hmac').notNull().unique(),
    // What the key may call (packages/shared/src/api-keys.ts); keys from before scopes keep search.
    scopes: text('scopes').array().$type<ApiKeyScope[]>().default(sql`'{search}'::text[]`).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.workspaceId] })],
);
