import type { ProbeOutcome } from '@licensewatch/shared/license-sources';
import type { LicenseStatus, LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { generatedId } from '../../platform/db/columns.ts';
import { workspace } from '../accounts/tables.ts';

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

/** One bulk-file ingest of one board; counters advance batch by batch while it runs. */
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
