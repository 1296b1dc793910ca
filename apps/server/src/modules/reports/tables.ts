import { type CheckInterval, DEFAULT_CHECK_INTERVAL } from '@licensewatch/shared/check-intervals';
import type { LicenseStatus, LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, generatedId } from '../../platform/db/columns.ts';
import { user, workspace } from '../accounts/tables.ts';
import { license } from '../licensing/tables.ts';

/** Bytes as PostgreSQL stores them (bytea): an evidence file of a verification by hand. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

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
    // How often the daily refresh checks the report again (update/list-reports-to-refresh.ts, ADR 045):
    // daily, as every report was before there was a choice.
    checkInterval: text('check_interval').$type<CheckInterval>().default(DEFAULT_CHECK_INTERVAL).notNull(),
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

// ---- The roster's rows (docs/decisions/047-stored-roster-rows.md).

/**
 * One row per tracked license of a report — attached, not hidden, with a number — holding what the
 * roster's filters, sorts, counts and page read, so a request reads its page and counts by index
 * instead of rebuilding the workspace (ADR 047). Only what does not depend on the day is stored:
 * `board_standing` is the board's verdict (expired, or needs attention), NULL when the dates decide,
 * and the read judges those dates against today and the workspace's window; `verified_on` is the
 * newest verification by hand, from which the read tells a verification due. Written by the database
 * function `roster_license_rederive` only, which triggers on every table it reads call in the writer's
 * statement (migration 0036), so no writer can leave it behind.
 */
export const rosterLicense = pgTable(
  'roster_license',
  {
    // The report's license row (report_license id), as the roster's rows have always been named.
    id: text('id')
      .primaryKey()
      .references(() => reportLicense.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    reportId: text('report_id')
      .notNull()
      .references(() => report.id, { onDelete: 'cascade' }),
    licenseId: text('license_id').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    physician: text('physician').notNull(),
    department: text('department'),
    // lower(…) of the names and department, as the sorts and the department filter compare them.
    lastKey: text('last_key').notNull(),
    firstKey: text('first_key').notNull(),
    middleKey: text('middle_key').notNull(),
    departmentKey: text('department_key'),
    jurisdiction: text('jurisdiction').$type<StateCode>().notNull(),
    licenseNumber: text('license_number').notNull(),
    licenseType: text('license_type').notNull(),
    boardStatus: text('board_status').$type<LicenseStatus>().notNull(),
    issueDate: date('issue_date', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    boardStanding: text('board_standing').$type<'expired' | 'needs_attention'>(),
    verifiedOn: date('verified_on', { mode: 'string' }),
    // What waits about the physician, the same on each of their rows, verifications due aside
    // (they depend on the day): exclusion standing, confirmed exclusion, reviews, licenses needing
    // attention, open possible matches, and their sum.
    exclusion: text('exclusion').notNull(),
    excluded: boolean('excluded').notNull(),
    exclusionReviews: integer('exclusion_reviews').notNull(),
    attentionLicenses: integer('attention_licenses').notNull(),
    matches: integer('matches').notNull(),
    attentionUndated: integer('attention_undated').notNull(),
  },
  (t) => [
    index('roster_license_report_idx').on(t.reportId),
    // Each index below reads a sort's first page in its order, or a filter's rows; each ends on the
    // board's verdict (and the dates), so a filter's counts are read from the index alone.
    // The default sort (expiry, then the physician), both ways.
    index('roster_license_expiry_idx').on(
      t.workspaceId,
      t.expiryDate,
      t.lastKey,
      t.firstKey,
      t.reportId,
      t.jurisdiction,
      t.licenseNumber,
      t.id,
      t.boardStanding,
    ),
    index('roster_license_expiry_desc_idx').on(
      t.workspaceId,
      t.expiryDate.desc().nullsLast(),
      t.lastKey,
      t.firstKey,
      t.reportId,
      t.jurisdiction,
      t.licenseNumber,
      t.id,
    ),
    index('roster_license_physician_idx').on(
      t.workspaceId,
      t.lastKey,
      t.firstKey,
      t.middleKey,
      t.reportId,
      t.expiryDate,
      t.jurisdiction,
      t.licenseNumber,
      t.id,
    ),
    index('roster_license_physician_desc_idx').on(
      t.workspaceId,
      t.lastKey.desc().nullsFirst(),
      t.firstKey.desc().nullsFirst(),
      t.middleKey.desc().nullsFirst(),
      t.reportId.desc().nullsFirst(),
      t.expiryDate,
      t.jurisdiction,
      t.licenseNumber,
      t.id,
    ),
    index('roster_license_state_idx').on(
      t.workspaceId,
      t.jurisdiction,
      t.expiryDate,
      t.lastKey,
      t.firstKey,
      t.reportId,
      t.licenseNumber,
      t.id,
      t.boardStanding,
    ),
    // The workspace's counts and the status filters: the board's verdict, then the dates.
    index('roster_license_standing_idx').on(t.workspaceId, t.boardStanding, t.expiryDate),
    index('roster_license_department_idx').on(t.workspaceId, t.departmentKey, t.boardStanding, t.expiryDate),
    // The department list, one index probe per department.
    index('roster_license_departments_idx').on(t.workspaceId, t.department),
    index('roster_license_verified_idx').on(t.workspaceId, t.verifiedOn).where(sql`verified_on is not null`),
  ],
);

// ---- Saved roster views (docs/product-rules.md, The roster).

/**
 * A roster view a user saved by name in a workspace: the filters and sort as the roster's query
 * string, re-validated when saved. Each user's own; a name saved again replaces its query.
 */
export const rosterView = pgTable(
  'roster_view',
  {
    id: generatedId(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('roster_view_owner_name_idx').on(t.workspaceId, t.userId, t.name)],
);
