import type { ApiUsageInfo, Role, UserType } from '@licensewatch/shared/accounts';
import type { AdminAction, AdminTargetType } from '@licensewatch/shared/admin';
import type { BillingEventKind } from '@licensewatch/shared/admin-insights';
import type { CreditKind, CreditReason } from '@licensewatch/shared/credentials';
import type { ExclusionMatchBasis, ExclusionMatchStatus, ExclusionSource } from '@licensewatch/shared/exclusions';
import type { ProbeOutcome } from '@licensewatch/shared/license-sources';
import type { LicenseStatus, LicenseType } from '@licensewatch/shared/licenses';
import type { InvitedRole, OrganisationRole, WorkspaceKind } from '@licensewatch/shared/organisations';
import type { PlanName } from '@licensewatch/shared/plans';
import type { RosterImportStatus, RosterRow, RosterRowFailure } from '@licensewatch/shared/roster-import';
import type { StateCode } from '@licensewatch/shared/states';
import type { WebhookDeliveryStatus, WebhookEvent, WebhookEventType } from '@licensewatch/shared/webhooks';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, generatedId } from './columns.ts';

/** Bytes as PostgreSQL stores them (bytea): an evidence file of a verification by hand. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date()),
};

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
  createdAt: createdAt(),
});

/** A clinic, practice or enterprise: its members share its reports, plan and credits (ADR 019). */
export const organisation = pgTable('organisation', {
  id: generatedId(),
  name: text('name').notNull(),
  ...timestamps,
});

/** A user's seat in an organisation. Exactly one owner per organisation (a partial unique index). */
export const organisationMember = pgTable(
  'organisation_member',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisation.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').$type<OrganisationRole>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId] }),
    index('organisation_member_user_idx').on(t.userId),
    uniqueIndex('organisation_member_owner_idx').on(t.organisationId).where(sql`role = 'owner'`),
    check('organisation_member_role_check', sql`${t.role} IN ('owner', 'admin', 'viewer')`),
  ],
);

/**
 * An invitation by email. The link carries the id and an HMAC of it (organisations/invitation-link.ts),
 * so nothing secret is stored; it works until `expires_at`, once, unless revoked.
 */
export const organisationInvitation = pgTable(
  'organisation_invitation',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisation.id, { onDelete: 'cascade' }),
    // Lower case, as typed by the inviter; the invitee must sign in with this address.
    email: text('email').notNull(),
    role: text('role').$type<InvitedRole>().notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('organisation_invitation_org_idx').on(t.organisationId, t.createdAt),
    check('organisation_invitation_role_check', sql`${t.role} IN ('admin', 'viewer')`),
  ],
);

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

/** Operator settings (docs/product-rules.md, Settings), as text; platform/settings reads them by type. */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  description: text('description'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
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

/** Fixed-window counters shared by every server process (docs/security.md, Rate limits). */
export const requestLimit = pgTable('request_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

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

// ---- License registry (docs/license-engine.md, "Registry tables"). Written by licensing/ingest and
// licensing/registry with set-based SQL, so the Drizzle definitions mainly serve migrations and reads.

/** One license as its board last published it, with the normalised names matching searches on. */
export const license = pgTable(
  'license',
  {
    id: generatedId(),
    jurisdiction: text('jurisdiction').$type<StateCode>().notNull(),
    boardId: text('board_id').notNull(),
    // NULL: the board issues one physician license to MDs and DOs alike and does not say which
    // (docs/sources.md); such a license matches a physician of either type.
    licenseType: text('license_type').$type<LicenseType>(),
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
    // When what matching reads of the row (names, license type, number) last changed, or the row
    // arrived: status and expiry changes leave it, so the daily refresh re-matches only reports whose
    // names gained or changed rows (modules/reports/update/find-reports-to-rematch.ts).
    nameChangedAt: timestamp('name_changed_at', { withTimezone: true }).defaultNow().notNull(),
    // Set only on a license a person verified by hand on a board no machine reads (source_kind
    // 'manual'): it belongs to that workspace alone and is never matched for anyone else. NULL: the
    // public registry every report and search reads.
    workspaceId: text('workspace_id').references(() => workspace.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('license_board_record_key_idx').on(t.boardId, t.recordKey),
    index('license_name_idx').on(t.lastNorm, t.firstNorm),
    // The surname-typo search (fetch-license-candidates.ts, the same expressions): rows
    // whose surname shares its first two letters and, run together without a printed suffix, is
    // within a letter of the query's length — read directly instead of computed row by row.
    index('license_surname_typo_idx').on(
      sql`left(${t.lastNorm}, 2)`,
      sql`length(replace(regexp_replace(${t.lastNorm}, '( (jr|sr|ii|iii|iv|md))+$', ''), ' ', ''))`,
      t.firstNorm,
    ),
    index('license_jurisdiction_name_idx').on(t.jurisdiction, t.lastNorm, t.firstNorm),
    index('license_jurisdiction_number_idx').on(t.jurisdiction, t.licenseNumber),
    // The daily refresh reads the rows whose names changed since a report's last refresh.
    index('license_name_changed_at_idx').on(t.nameChangedAt),
    index('license_workspace_idx').on(t.workspaceId).where(sql`workspace_id IS NOT NULL`),
  ],
);

/**
 * A license verified by hand on a board no machine may read (docs/sources.md, docs/product-rules.md
 * Verification by hand): what the person read on the board's look-up, the day they checked it, who
 * they are, and the evidence they kept. The newest verification of a license is its data (the
 * `license` row, source_kind 'manual'); older ones stay as its history. Due again
 * MANUAL_VERIFICATION_VALID_DAYS after `checked_on`.
 */
export const manualVerification = pgTable(
  'manual_verification',
  {
    id: generatedId(),
    licenseId: text('license_id')
      .notNull()
      .references(() => license.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    // The report it was recorded on; kept when the report goes, like the license's data.
    reportId: text('report_id').references(() => report.id, { onDelete: 'set null' }),
    verifiedBy: text('verified_by').references(() => user.id, { onDelete: 'set null' }),
    // Who verified, as printed ("Jane Roe"), kept after the account is deleted.
    verifiedByName: text('verified_by_name').notNull(),
    checkedOn: date('checked_on', { mode: 'string' }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).defaultNow().notNull(),
    licenseNumber: text('license_number').notNull(),
    // The board's words, as the person read them, and their normalised status.
    rawStatus: text('raw_status').notNull(),
    status: text('status').$type<LicenseStatus>().notNull(),
    issueDate: date('issue_date', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    discipline: text('discipline'),
    evidenceName: text('evidence_name').notNull(),
    evidenceType: text('evidence_type').notNull(),
    evidenceSize: integer('evidence_size').notNull(),
    evidenceSha256: text('evidence_sha256').notNull(),
    // When "verification due" was told for this verification (once: a newer verification starts afresh).
    dueAlertedAt: timestamp('due_alerted_at', { withTimezone: true }),
  },
  (t) => [
    index('manual_verification_license_idx').on(t.licenseId, t.checkedOn),
    index('manual_verification_workspace_idx').on(t.workspaceId, t.checkedOn),
  ],
);

/** The evidence file of a verification by hand, apart so listing verifications never reads the bytes. */
export const manualVerificationEvidence = pgTable('manual_verification_evidence', {
  verificationId: text('verification_id')
    .primaryKey()
    .references(() => manualVerification.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});

// 'removed': the license is no longer published by its board (before 'listed', after NULL).
export type LicenseEventKind = 'status' | 'expiry' | 'discipline' | 'removed';
// 'manual': recorded by a person's verification by hand (modules/reports/manual).
export type LicenseEventSource = 'ingest' | 'lookup' | 'refresh' | 'manual';

/** Every change of a license's status, expiry or discipline; alerts read from here. */
export const licenseEvent = pgTable(
  'license_event',
  {
    id: generatedId(),
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

/**
 * Last known reachability of each board; no row = never checked (shown as Confirmed:
 * docs/product-rules.md, State availability).
 */
export const sourceHealth = pgTable('source_health', {
  boardId: text('board_id').primaryKey(),
  jurisdiction: text('jurisdiction').$type<StateCode>().notNull(),
  available: boolean('available').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).defaultNow().notNull(),
  latencyMs: integer('latency_ms'),
  lastError: text('last_error'),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  // The last `sources:probe` (docs/sources.md, Probing the boards): a search for a known name checked
  // field by field. NULL: never probed. A failed probe shows the board to users as "source unavailable".
  probeOutcome: text('probe_outcome').$type<ProbeOutcome>(),
  probedAt: timestamp('probed_at', { withTimezone: true }),
  // What failed, one line per check; NULL when the probe passed.
  probeFailures: jsonb('probe_failures').$type<string[]>(),
  // When a probe last passed: the board last verified to answer as configured.
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
});

/** `warned`: read to the end, but some board wording was unknown (below the share that fails a run). */
export type IngestRunStatus = 'running' | 'succeeded' | 'warned' | 'failed';

/** Board wording no vocabulary knew, per field: how many rows carried it and the most frequent values. */
export type UnknownValueSummary = {
  field: 'status' | 'licenseType';
  rows: number;
  samples: { value: string; rows: number }[];
};

/** One roster ingest of one board; counters advance batch by batch while it runs. */
export const ingestRun = pgTable(
  'ingest_run',
  {
    id: generatedId(),
    boardId: text('board_id').notNull(),
    status: text('status').$type<IngestRunStatus>().default('running').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).defaultNow().notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    rowsRead: integer('rows_read').default(0).notNull(),
    rowsUpserted: integer('rows_upserted').default(0).notNull(),
    rowsRejected: integer('rows_rejected').default(0).notNull(),
    error: text('error'),
    /** Null when every value was known; see docs/license-engine.md (Unknown wording). */
    unknownValues: jsonb('unknown_values').$type<UnknownValueSummary[]>(),
  },
  (t) => [index('ingest_run_board_idx').on(t.boardId, t.startedAt)],
);

// ---- Plans and credits (docs/product-rules.md, Plans; ADR 007).

/**
 * The plan a user is on. `end_date` is the end of paid access or of the trial; Free never lapses,
 * so its end_date is NULL and only Free may have none. Trial dates are kept after the trial ends:
 * they say when individual plans could be switched without payment.
 */
export const userPlan = pgTable(
  'user_plan',
  {
    workspaceId: text('workspace_id')
      .primaryKey()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    planName: text('plan_name').$type<PlanName>().notNull(),
    isTrial: boolean('is_trial').default(false).notNull(),
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    // Billing (Stripe, or the built-in test mode): the customer and the subscription paying for a
    // paid plan, as last read from the provider. NULL on Free and trial plans.
    stripeCustomerId: text('stripe_customer_id').unique(),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    subscriptionStatus: text('subscription_status'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').default(false).notNull(),
    // When API credits were last granted for a business plan's month.
    apiCreditsGrantedAt: timestamp('api_credits_granted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [check('user_plan_end_date_check', sql`${t.planName} = 'free' OR ${t.endDate} IS NOT NULL`)],
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
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.workspaceId] })],
);

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

/** Credit balances. report_credits NULL = unlimited (Enterprise); the other pools are always counted. */
export const userCredit = pgTable(
  'user_credit',
  {
    workspaceId: text('workspace_id')
      .primaryKey()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    reportCredits: integer('report_credits'),
    // Granted by administrators on top of the plan; spent before the plan's own credits.
    tempReportCredits: integer('temp_report_credits').default(0).notNull(),
    apiCredits: integer('api_credits').default(0).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('user_credit_report_credits_check', sql`${t.reportCredits} >= 0`),
    check('user_credit_temp_report_credits_check', sql`${t.tempReportCredits} >= 0`),
    check('user_credit_api_credits_check', sql`${t.apiCredits} >= 0`),
  ],
);

// The ledger's vocabulary is the API's (the credit history answers it as stored).
export type { CreditKind, CreditReason };

/** Every grant and spend, written in the same transaction as the balance change. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: generatedId(),
    // NULL once the workspace is deleted: the record of what was granted and spent stays, anonymised.
    workspaceId: text('workspace_id').references(() => workspace.id, { onDelete: 'set null' }),
    kind: text('kind').$type<CreditKind>().notNull(),
    delta: integer('delta').notNull(),
    // NULL when the pool is unlimited.
    balanceAfter: integer('balance_after'),
    reason: text('reason').$type<CreditReason>().notNull(),
    // The administrator who granted or reduced; NULL for the system and the user's own spending.
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    // No foreign key: deleting a report keeps the record of the credit it cost.
    reportId: text('report_id'),
    // The plan a plan row moved to (start, change, trial switch, billing period), so the credit
    // history can name it; NULL on spends and grants, and on plan rows written before it was kept.
    planName: text('plan_name').$type<PlanName>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_workspace_idx').on(t.workspaceId, t.createdAt),
    // The admin dashboard's credits used per day: spends only, with their amount, so the 30-day
    // window is read from the index alone (index-only scan once vacuumed).
    index('credit_ledger_spend_idx').on(t.createdAt, t.delta).where(sql`delta < 0`),
    // The admin billing page's latest temporary-credit grants and reductions.
    index('credit_ledger_reason_idx').on(t.reason, t.createdAt),
  ],
);

// ---- Reports (docs/product-rules.md, Reports; the background update: docs/data-flows.md).

/**
 * One physician's license report. Its license counts are stored (recount-reports.ts, the one place
 * they are computed) when an update or refresh ends and when hiding changes the set; a read
 * recounts first when they may be out of date (docs/product-rules.md, What is counted).
 */
export const report = pgTable(
  'report',
  {
    id: generatedId(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    licenseType: text('license_type').$type<LicenseType>().notNull(),
    states: text('states').array().$type<StateCode[]>().notNull(),
    createdAt: createdAt(),
    // The API calls it update_excuted_date (docs/product-rules.md, Reading reports).
    updateExecutedAt: timestamp('update_executed_at', { withTimezone: true }),
    googleSheetUrl: text('google_sheet_url'),
    airtableBaseUrl: text('airtable_base_url'),
    totalLicenses: integer('total_licenses').default(0).notNull(),
    activeLicenses: integer('active_licenses').default(0).notNull(),
    expiringLicenses: integer('expiring_licenses').default(0).notNull(),
    expiredLicenses: integer('expired_licenses').default(0).notNull(),
    needsAttentionLicenses: integer('needs_attention_licenses').default(0).notNull(),
    // When the counts were taken (NULL: never); a license or attachment changed since makes them stale.
    countedAt: timestamp('counted_at', { withTimezone: true }),
    // The first day on which the dates alone change a count (a license starts expiring or expires);
    // NULL when none will. From that day on the stored counts are stale.
    countsValidUntil: date('counts_valid_until', { mode: 'string' }),
    // The registry as of which the report's matches were last decided (its update or daily
    // refresh): registry rows changed since then are what the next refresh re-matches it for.
    // NULL: never decided, so the next refresh re-matches it whole.
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    // Set by a roster import (or the NPI look-up): the physician's NPI, the customer's own id for
    // them, and their department. A re-import finds its reports by these (roster-import).
    npi: text('npi'),
    externalId: text('external_id'),
    department: text('department'),
    // The names as the registry's *_norm columns spell them (normalize-name.ts), for the exclusion
    // screening's set-based name match. NULL until screening has filled them (screen-exclusions.ts).
    firstNorm: text('first_norm'),
    middleNorm: text('middle_norm'),
    lastNorm: text('last_norm'),
  },
  (t) => [
    index('report_workspace_idx').on(t.workspaceId, t.createdAt),
    uniqueIndex('report_workspace_external_id_idx').on(t.workspaceId, t.externalId).where(sql`external_id is not null`),
  ],
);

export type ReportStateStatus = 'pending' | 'done' | 'unavailable';

/** Progress of a report's update, one row per requested state, so any process can report it and a restarted worker resumes. */
export const reportState = pgTable(
  'report_state',
  {
    reportId: text('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    state: text('state').$type<StateCode>().notNull(),
    status: text('status').$type<ReportStateStatus>().default('pending').notNull(),
    attempts: integer('attempts').default(0).notNull(),
    lastError: text('last_error'),
    // Confident matches left untracked because the plan's tracked-license limit was reached.
    overLimit: integer('over_limit').default(0).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.state] }),
    // Worker start-up looks for updates left unfinished.
    index('report_state_pending_idx').on(t.reportId).where(sql`status <> 'done'`),
  ],
);

/** A registry license attached to a report. Hidden ones stay (so a re-match does not bring them back) but are not tracked. */
export const reportLicense = pgTable(
  'report_license',
  {
    id: generatedId(),
    reportId: text('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    licenseId: text('license_id')
      .notNull()
      .references(() => license.id, { onDelete: 'cascade' }),
    confidence: real('confidence').notNull(),
    matchReason: text('match_reason').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('report_license_report_license_idx').on(t.reportId, t.licenseId),
    index('report_license_license_idx').on(t.licenseId),
  ],
);

/** Why a candidate waits for the user: it fits a namesake too, or fits the query only loosely. */
export type CandidateKind = 'namesake' | 'near';
/** `open` until the user decides; a rejected candidate is kept so it is never offered again. */
export type CandidateStatus = 'open' | 'confirmed' | 'rejected';

/**
 * A license the matcher found for a report but could not decide on (docs/product-rules.md,
 * Possible matches): never tracked until the user confirms it.
 */
export const reportCandidate = pgTable(
  'report_candidate',
  {
    id: generatedId(),
    reportId: text('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    licenseId: text('license_id')
      .notNull()
      .references(() => license.id, { onDelete: 'cascade' }),
    // Denormalised from the license so a state's open candidates are counted without a join.
    state: text('state').$type<StateCode>().notNull(),
    kind: text('kind').$type<CandidateKind>().notNull(),
    confidence: real('confidence').notNull(),
    matchReason: text('match_reason').notNull(),
    status: text('status').$type<CandidateStatus>().default('open').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('report_candidate_report_license_idx').on(t.reportId, t.licenseId),
    index('report_candidate_license_idx').on(t.licenseId),
  ],
);

/**
 * An issued verification document (docs/product-rules.md, Verification); `verification` is
 * better-auth's table of e-mail codes, hence the longer name. `snapshot` is exactly
 * what the document printed, so /verify/{id} can confirm it after the licenses change or the
 * report is deleted (report_id then becomes NULL); `sha256` is the SHA-256 (hex) of that JSON text as issued.
 * The id is 128 random bits in base32: it is the only key to a public page, so it must not be guessable.
 */
export const licenseVerification = pgTable(
  'license_verification',
  {
    id: text('id').primaryKey(),
    reportId: text('report_id').references(() => report.id, { onDelete: 'set null' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Registry license ids (`license.id`) the document covers. */
    licenseIds: text('license_ids').array().notNull(),
    // Text, not jsonb: jsonb reorders keys, and the hash must be re-computable from the stored bytes.
    snapshot: text('snapshot').notNull(),
    sha256: text('sha256').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('license_verification_user_idx').on(t.userId, t.issuedAt)],
);

// ---- The search API (docs/product-rules.md, Search API).

/**
 * One search API call by a known key, written with the credit it cost (status 200) or without one
 * (an error). `query` is what the caller asked, nothing else about them; `key_id` is the first 12
 * hex characters of the key's look-up HMAC, so calls made with a regenerated key are told apart
 * without keeping the key.
 */
export const apiUsage = pgTable(
  'api_usage',
  {
    id: generatedId(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // The workspace the call was billed to: the key's (ADR 022).
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    keyId: text('key_id').notNull(),
    endpoint: text('endpoint').notNull(),
    status: integer('status').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    resultCount: integer('result_count').notNull(),
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('api_usage_user_idx').on(t.userId, t.createdAt),
    index('api_usage_workspace_idx').on(t.workspaceId, t.createdAt),
    // The admin dashboard's 30-day chart across every user.
    index('api_usage_created_idx').on(t.createdAt),
  ],
);

/**
 * When a look-up-only board was last searched live for a name (`query_key`: normalised first,
 * middle, last name and license type). A search API call within a day of it answers that board
 * from the registry, where the earlier search stored what the board returned.
 */
export const boardSearch = pgTable(
  'board_search',
  {
    boardId: text('board_id').notNull(),
    queryKey: text('query_key').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).defaultNow().notNull(),
  },
  // Query key first: a call asks for one name across the boards in scope.
  (t) => [primaryKey({ columns: [t.queryKey, t.boardId] })],
);

// ---- Alerts (docs/product-rules.md, Alerts).

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

/**
 * Every administrator action (docs/product-rules.md, Admin area), written in the same transaction
 * as its effect. No route edits or deletes a row; deleting an account only anonymises the rows
 * about it (target_label), so the record of who did what stays.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: generatedId(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    // The administrator's email at the time, kept if their account goes.
    actorEmail: text('actor_email').notNull(),
    action: text('action').$type<AdminAction>().notNull(),
    targetType: text('target_type').$type<AdminTargetType>().notNull(),
    // A user's id (no foreign key: the row outlives the account) or a setting's key.
    targetId: text('target_id').notNull(),
    // What an operator reads: the user's email, or the setting's key; 'Deleted user' once deleted.
    targetLabel: text('target_label').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt),
    index('admin_audit_target_idx').on(t.targetType, t.targetId),
    index('admin_audit_actor_idx').on(t.actorId, t.createdAt),
  ],
);

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
    // The account, when the customer (or the checkout's client_reference_id) is one of ours.
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
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

// ---- The daily refresh (modules/reports/update; docs/decisions, set-based daily refresh).

/**
 * One daily refresh: its look-up boards are asked again first (one `board` chunk per board), then
 * its reports are refreshed in ranges of ids (`reports` chunks). `started_at` is what a retried
 * board chunk compares `license.last_seen_at` with, so that no license is asked twice in a run.
 */
export const refreshRun = pgTable('refresh_run', {
  id: generatedId(),
  startedAt: timestamp('started_at', { withTimezone: true }).defaultNow().notNull(),
  // Set once every board chunk is done: the reports chunks have been queued.
  recheckedAt: timestamp('rechecked_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export type RefreshChunkKind = 'board' | 'reports';

/**
 * A share of a refresh run that one worker claims (`claimed_at`, a lease as long as the job's
 * expiry) and finishes (`done_at`, written with the chunk's last change): a second job for it, or a
 * retry after it finished, does nothing. `key`: the board id, or the chunk's number.
 */
export const refreshChunk = pgTable(
  'refresh_chunk',
  {
    runId: text('run_id')
      .notNull()
      .references(() => refreshRun.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RefreshChunkKind>().notNull(),
    key: text('key').notNull(),
    // reports chunks: the first and last report id of the range (inclusive).
    firstReportId: text('first_report_id'),
    lastReportId: text('last_report_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    // board: licenses asked, changed, events written, failed asks; reports: refreshed, re-matched,
    // newly attached. What the CLI and the benchmark report.
    asked: integer('asked').default(0).notNull(),
    changed: integer('changed').default(0).notNull(),
    events: integer('events').default(0).notNull(),
    failures: integer('failures').default(0).notNull(),
    reports: integer('reports').default(0).notNull(),
    rematched: integer('rematched').default(0).notNull(),
    attached: integer('attached').default(0).notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.kind, t.key] })],
);

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

/** Where the license.status_changed fan-out got to in license_event (one row, name 'status'). */
export const webhookCursor = pgTable('webhook_cursor', {
  name: text('name').primaryKey(),
  position: timestamp('position', { withTimezone: true }).notNull(),
});

/**
 * One roster upload being imported (roster-import): the rows the start endpoint validated, the
 * job's progress (`processed_rows`, a checkpoint a retried job resumes from) and per-row failures.
 */
export const rosterImport = pgTable(
  'roster_import',
  {
    id: generatedId(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    status: text('status').$type<RosterImportStatus>().default('queued').notNull(),
    totalRows: integer('total_rows').default(0).notNull(),
    processedRows: integer('processed_rows').default(0).notNull(),
    // Rows of the file left out because the check found errors in them.
    skippedRows: integer('skipped_rows').default(0).notNull(),
    createdCount: integer('created_count').default(0).notNull(),
    updatedCount: integer('updated_count').default(0).notNull(),
    unchangedCount: integer('unchanged_count').default(0).notNull(),
    failedCount: integer('failed_count').default(0).notNull(),
    // The file's row numbers whose outcome is counted, each written in the transaction that made
    // the row's change: a run resumed after a crash skips them and counts nothing twice.
    doneRows: integer('done_rows').array().default(sql`'{}'::integer[]`).notNull(),
    error: text('error'),
    rows: jsonb('rows').$type<RosterRow[]>().notNull(),
    failures: jsonb('failures').$type<RosterRowFailure[]>().default([]).notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('roster_import_workspace_idx').on(t.workspaceId, t.createdAt)],
);

// ---- Exclusion screening (docs/exclusions.md, ADR 025).

/**
 * One entry of a federal exclusion list: a row of the OIG's LEIE, or a SAM.gov exclusion record
 * met by a look-up. `entry_key` is the entry's identity within its source (LEIE rows have no id:
 * the hash of the fields that name the person and the exclusion, so a reinstatement supplement
 * meets the row the full file listed). `listed` is false once the source's latest full list no
 * longer carries it.
 */
export const exclusion = pgTable(
  'exclusion',
  {
    id: generatedId(),
    source: text('source').$type<ExclusionSource>().notNull(),
    entryKey: text('entry_key').notNull(),
    lastName: text('last_name'),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    businessName: text('business_name'),
    general: text('general'),
    specialty: text('specialty'),
    upin: text('upin'),
    npi: text('npi'),
    dob: date('dob', { mode: 'string' }),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    exclType: text('excl_type').notNull(),
    exclDate: date('excl_date', { mode: 'string' }),
    reinDate: date('rein_date', { mode: 'string' }),
    waiverDate: date('waiver_date', { mode: 'string' }),
    waiverState: text('waiver_state'),
    firstNorm: text('first_norm').default('').notNull(),
    middleNorm: text('middle_norm').default('').notNull(),
    lastNorm: text('last_norm').default('').notNull(),
    listed: boolean('listed').default(true).notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).defaultNow().notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('exclusion_source_entry_idx').on(t.source, t.entryKey),
    index('exclusion_npi_idx').on(t.npi).where(sql`npi is not null`),
    index('exclusion_name_idx').on(t.lastNorm, t.firstNorm),
  ],
);

export type ExclusionEventKind = 'added' | 'reinstated' | 'delisted';

/** What changed on a list entry, run by run: the history alerts and the report page read. */
export const exclusionEvent = pgTable(
  'exclusion_event',
  {
    id: generatedId(),
    exclusionId: text('exclusion_id')
      .notNull()
      .references(() => exclusion.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ExclusionEventKind>().notNull(),
    runId: text('run_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('exclusion_event_exclusion_idx').on(t.exclusionId, t.occurredAt)],
);

export type ExclusionFileKind = 'full' | 'exclusions' | 'reinstatements';
export type ExclusionRejection = { row: number; reason: string };

/** One read of a list file: what it held, what changed, and every malformed row counted (the first ones kept). */
export const exclusionIngestRun = pgTable(
  'exclusion_ingest_run',
  {
    id: generatedId(),
    source: text('source').$type<ExclusionSource>().notNull(),
    fileKind: text('file_kind').$type<ExclusionFileKind>().notNull(),
    /** The supplement's month (YYYY-MM); NULL for the full file. */
    period: text('period'),
    status: text('status').$type<IngestRunStatus>().default('running').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).defaultNow().notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    rowsRead: integer('rows_read').default(0).notNull(),
    rowsUpserted: integer('rows_upserted').default(0).notNull(),
    rowsRejected: integer('rows_rejected').default(0).notNull(),
    eventsRecorded: integer('events_recorded').default(0).notNull(),
    rejections: jsonb('rejections').$type<ExclusionRejection[]>(),
    error: text('error'),
  },
  (t) => [index('exclusion_ingest_run_source_idx').on(t.source, t.fileKind, t.startedAt)],
);

/**
 * A list entry matched to a report's physician. NPI-equal matches are confirmed by the screening;
 * name-and-state ones wait as `possible` for a person, whose decision is kept with who and when, so
 * a dismissed entry is never offered again. `alerted_at` / `reinstatement_alerted_at`: the alerts
 * sent once for it.
 */
export const exclusionMatch = pgTable(
  'exclusion_match',
  {
    id: generatedId(),
    reportId: text('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    exclusionId: text('exclusion_id')
      .notNull()
      .references(() => exclusion.id, { onDelete: 'cascade' }),
    basis: text('basis').$type<ExclusionMatchBasis>().notNull(),
    status: text('status').$type<ExclusionMatchStatus>().notNull(),
    foundAt: timestamp('found_at', { withTimezone: true }).defaultNow().notNull(),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    reinstatementAlertedAt: timestamp('reinstatement_alerted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('exclusion_match_report_exclusion_idx').on(t.reportId, t.exclusionId),
    index('exclusion_match_exclusion_idx').on(t.exclusionId),
  ],
);

/**
 * A source's check of one report: the last success and the last attempt's error, so a failing
 * source shows as stale with its last success rather than as clear.
 */
export const exclusionCheck = pgTable(
  'exclusion_check',
  {
    reportId: text('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    source: text('source').$type<ExclusionSource>().notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).defaultNow().notNull(),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.source] })],
);
