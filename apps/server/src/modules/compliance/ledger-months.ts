import { sql } from 'drizzle-orm';

// How an entry of `compliance_entry` files into the month tables (tables.ts, ADR 043), written once
// for the append that keeps them and the verification that recounts them. Column names bare: each
// is used where `compliance_entry`'s columns (or a row set of the same names) are in scope.

/** The UTC month of the check, as its first day. */
export const ENTRY_MONTH = sql.raw(`date_trunc('month', checked_at AT TIME ZONE 'UTC')::date`);

/** The line checked: a license as 'STATE:number', an exclusion list by its name. */
export const ENTRY_LINE = sql.raw(`CASE WHEN kind = 'license' THEN state || ':' || license_number ELSE source END`);

/** Entries that are a report's line: a check made for no report, or of no numbered license, is none. */
export const LINE_ENTRY = sql.raw(
  `report_id IS NOT NULL AND (kind <> 'license' OR (state IS NOT NULL AND license_number IS NOT NULL))`,
);
