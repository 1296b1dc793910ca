import { bigint, date, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspace } from '../accounts/tables.ts';

/** What was checked: a license at a board, or a physician on an exclusion list. */
export type ComplianceKind = 'license' | 'exclusion';
/** How: a board's bulk file, its look-up, a person by hand with evidence, or an exclusion list. */
export type ComplianceMethod = 'bulk' | 'lookup' | 'manual' | 'list';
/** What the check found, as plain JSON (hashed with its keys sorted: hash-compliance-entry.ts). */
export type ComplianceResult = { [key: string]: string | number | boolean | null };

// ---- The compliance ledger (ADR 040): every check the product makes, per workspace, hash-chained.

/**
 * One check, appended and never changed (append-compliance-entries.ts): `seq` counts a workspace's
 * entries from 1, and `hash` is the SHA-256 of `prev_hash` (the previous entry's hash, 64 zeros for the
 * first) and the entry's fields, so an edited or deleted entry breaks the chain
 * (verify-compliance-ledger.ts). `report_id` has no foreign key: the record of a check outlives the
 * report it was made for.
 */
export const complianceEntry = pgTable(
  'compliance_entry',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    // Null for a check made for no report.
    reportId: text('report_id'),
    /** The physician's name as it was checked. */
    subject: text('subject').notNull(),
    kind: text('kind').$type<ComplianceKind>().notNull(),
    state: text('state'),
    licenseNumber: text('license_number'),
    /** The board's or the list's name. */
    source: text('source').notNull(),
    sourceUrl: text('source_url'),
    method: text('method').$type<ComplianceMethod>().notNull(),
    result: jsonb('result').$type<ComplianceResult>().notNull(),
    /** The SHA-256 of the evidence a person uploaded (a verification by hand). */
    evidenceSha256: text('evidence_sha256'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.seq] }),
    // A workspace's checks over a span of time, as an operator asks for them. The app's own reads use
    // the month tables since ADR 043; dropping this is worth measuring against the appends it slows.
    index('compliance_entry_workspace_checked_idx').on(t.workspaceId, t.checkedAt),
  ],
);

/**
 * The last check of each line in each month (ADR 043), kept by the append in the statement that
 * appends the entries (append-compliance-entries.ts): a line is a report's license (`line` is
 * 'STATE:number') or exclusion list (`line` is the list's name), and the months are UTC months of
 * `checked_at`. The monthly record reads a month's lines instead of the month's entries — a
 * 10,000-license workspace checked daily appends 300,000 entries a month, and finding the last of
 * each line among them took seconds. A copy, not the record: `last_seq` names the entry it copies,
 * and ledger:verify recounts the lines from the entries (verify-compliance-ledger.ts).
 */
export const complianceMonthLine = pgTable(
  'compliance_month_line',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    reportId: text('report_id').notNull(),
    kind: text('kind').$type<ComplianceKind>().notNull(),
    line: text('line').notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    source: text('source').notNull(),
    method: text('method').$type<ComplianceMethod>().notNull(),
    result: jsonb('result').$type<ComplianceResult>().notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.month, t.reportId, t.kind, t.line] })],
);

/**
 * The last entry of each workspace's month (by `checked_at`), kept by the append likewise: the
 * ledger's head at a month's end is the greatest `last_seq` of the months up to it. `checked_at` does
 * not follow `seq` (a verification by hand carries the day the person checked), so without this
 * the head was found by walking back through every later entry.
 */
export const complianceMonthHead = pgTable(
  'compliance_month_head',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.month] })],
);
