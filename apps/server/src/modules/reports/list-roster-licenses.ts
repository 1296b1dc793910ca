import type { ExclusionStatus } from '@licensewatch/shared/exclusions';
import { DEFAULT_EXPIRING_WITHIN_DAYS } from '@licensewatch/shared/expiry-windows';
import { reportStatusText } from '@licensewatch/shared/licenses';
import type { RosterCounts, RosterQuery, RosterResponse, RosterStatus } from '@licensewatch/shared/roster';
import type { StateCode } from '@licensewatch/shared/states';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { utcToday } from './recount-reports.ts';
import {
  allConditions,
  filterConditions,
  hasFilters,
  type RosterDay,
  reportsWithVerificationsDue,
  rosterOrder,
  rosterStanding,
  statusCondition,
} from './roster/roster-filter.ts';

export type RosterLicense = {
  id: string;
  report_id: string;
  physician: string;
  department: string | null;
  jurisdiction: StateCode;
  license_number: string;
  license_type: string;
  board_status: string;
  issue_date: string | null;
  expiry_date: string | null;
  standing: RosterStatus;
  exclusion: ExclusionStatus;
  excluded: boolean;
  exclusion_reviews: number;
  attention_licenses: number;
  matches: number;
  verifications_due: number;
  needs_attention: number;
};

/**
 * The columns a row is read with, over roster_license and the workspace's reports with
 * verifications due (aliased `due`): what depends on the day worked out for `day`.
 */
export function rosterColumns(day: RosterDay): SQL {
  return sql`id, report_id, physician, department, jurisdiction, license_number, license_type, board_status,
  issue_date::text AS issue_date, expiry_date::text AS expiry_date, ${rosterStanding(day)} AS standing, exclusion,
  excluded, exclusion_reviews, attention_licenses, matches,
  coalesce((SELECT due.due FROM due WHERE due.report_id = roster_license.report_id), 0) AS verifications_due,
  attention_undated + coalesce((SELECT due.due FROM due WHERE due.report_id = roster_license.report_id), 0) AS needs_attention`;
}

/** The day a read of `workspaceId`'s roster judges it on: today and the workspace's expiry window. */
export async function readRosterDay(db: Db, workspaceId: string): Promise<RosterDay> {
  const { rows } = await db.execute<{ days: number }>(
    sql`SELECT expiring_within_days AS days FROM workspace WHERE id = ${workspaceId}`,
  );
  return { workspaceId, today: utcToday(), expiringWithinDays: Number(rows[0]?.days ?? DEFAULT_EXPIRING_WITHIN_DAYS) };
}

export function presentRosterLicense(row: RosterLicense, today: string): RosterResponse['rows'][number] {
  return {
    id: row.id,
    report_id: row.report_id,
    physician: row.physician,
    department: row.department,
    state: row.jurisdiction,
    license_number: row.license_number,
    license_type: row.license_type,
    status: row.standing,
    status_text: reportStatusText(row.standing === 'needs_attention' ? 'attention' : row.standing, row.board_status),
    issue_date: row.issue_date,
    expiry_date: row.expiry_date,
    days_to_expiry: daysBetween(today, row.expiry_date),
    exclusion: row.exclusion,
    attention: {
      excluded: row.excluded,
      exclusion_reviews: row.exclusion_reviews,
      licenses: row.attention_licenses,
      matches: row.matches,
      verifications_due: row.verifications_due,
    },
    needs_attention: row.needs_attention,
  };
}

/** Whole UTC days from `today` to `date` (negative once past), null without a date. */
function daysBetween(today: string, date: string | null): number | null {
  if (date === null) return null;
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The five counts of the rows `where` picks, by index (roster_license_standing_idx and the filters' own). */
function countRows(day: RosterDay, where: SQL): SQL {
  return sql`SELECT json_build_object(
      'total', count(*),
      'active', count(*) FILTER (WHERE ${statusCondition('active', day)}),
      'expiring', count(*) FILTER (WHERE ${statusCondition('expiring', day)}),
      'expired', count(*) FILTER (WHERE ${statusCondition('expired', day)}),
      'needs_attention', count(*) FILTER (WHERE ${statusCondition('needs_attention', day)})
    ) FROM roster_license WHERE workspace_id = ${day.workspaceId} AND ${where}`;
}

/**
 * One page of the workspace's roster (docs/product-rules.md, The roster) and its counts: the
 * workspace's whatever the filters, and the filtered set's with the status filter left aside (so
 * each status chip says what picking it would show). One statement over the stored rows
 * (roster_license, ADR 047): the page read in its sort's index order, the counts by index, the
 * departments one index probe each; what depends on the day is judged here. The timings at 10,000
 * licenses are in docs/data-flows.md (The roster view).
 */
export async function listRosterLicenses(db: Db, workspaceId: string, query: RosterQuery): Promise<RosterResponse> {
  const day = await readRosterDay(db, workspaceId);
  const filtered = hasFilters(query) ? filterConditions(query, day) : null;
  const { rows: answer } = await db.execute<{
    counts: RosterCounts;
    filtered: RosterCounts | null;
    rows: RosterLicense[] | null;
    departments: string[] | null;
  }>(sql`
    WITH due AS MATERIALIZED (${reportsWithVerificationsDue(day)}),
    page AS (
      SELECT * FROM roster_license
      WHERE workspace_id = ${workspaceId} AND ${allConditions(query, day)}
      ORDER BY ${rosterOrder(query, day)}
      LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}
    ),
    -- Numbered in the page's order once it is cut (a window over every row would sort them all).
    numbered AS (
      SELECT ${rosterColumns(day)}, row_number() OVER (ORDER BY ${rosterOrder(query, day)}) AS n
      FROM page roster_license
    ),
    -- The workspace's departments, each found by one probe of roster_license_departments_idx.
    departments AS (
      WITH RECURSIVE d AS (
        (SELECT department FROM roster_license
          WHERE workspace_id = ${workspaceId} AND department IS NOT NULL ORDER BY department LIMIT 1)
        UNION ALL
        SELECT (SELECT r.department FROM roster_license r
          WHERE r.workspace_id = ${workspaceId} AND r.department > d.department ORDER BY r.department LIMIT 1)
        FROM d WHERE d.department IS NOT NULL
      )
      SELECT department FROM d WHERE department IS NOT NULL
    )
    SELECT
      (${countRows(day, sql`TRUE`)}) AS counts,
      ${filtered ? sql`(${countRows(day, filtered)})` : sql`NULL::json`} AS filtered,
      (SELECT json_agg(numbered ORDER BY n) FROM numbered) AS rows,
      (SELECT json_agg(department ORDER BY department) FROM departments) AS departments`);
  const first = answer[0];
  const zero: RosterCounts = { total: 0, active: 0, expiring: 0, expired: 0, needs_attention: 0 };
  const workspace: RosterCounts = { ...zero, ...first?.counts };
  const filteredCounts: RosterCounts = first?.filtered ? { ...zero, ...first.filtered } : workspace;
  return {
    rows: (first?.rows ?? []).map((row) => presentRosterLicense(row, day.today)),
    total: query.status ? filteredCounts[query.status] : filteredCounts.total,
    page: query.page,
    page_size: query.page_size,
    departments: first?.departments ?? [],
    expiring_within_days: day.expiringWithinDays,
    counts: { workspace, filtered: filteredCounts },
  };
}
