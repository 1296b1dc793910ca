import type { ExclusionMatchBasis, ExclusionMatchStatus, ExclusionSource } from '@licensewatch/shared/exclusions';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { generatedId } from '../../platform/db/columns.ts';
import { user } from '../accounts/tables.ts';
import type { IngestRunStatus } from '../licensing/tables.ts';
import { report } from '../reports/tables.ts';

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

/**
 * The screening's copy of a report's names, spelt as the registry's *_norm columns spell them
 * (licensing's normalize-name.ts), for its set-based name match. Made by the screening for a report
 * that has none (screen-exclusions.ts); dropped when the report's names change, so the next
 * screening makes it again. Apart from the report so that the screening owns what it writes (ADR 035).
 */
export const reportNameNorm = pgTable('report_name_norm', {
  reportId: text('report_id')
    .primaryKey()
    .references(() => report.id, { onDelete: 'cascade' }),
  firstNorm: text('first_norm').notNull(),
  middleNorm: text('middle_norm').notNull(),
  lastNorm: text('last_norm').notNull(),
});
