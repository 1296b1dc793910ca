import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
    // A workspace's checks of a month (the monthly record).
    index('compliance_entry_workspace_checked_idx').on(t.workspaceId, t.checkedAt),
  ],
);
