import type { ExclusionStatus } from '@licensewatch/shared/exclusions';
import { DEFAULT_EXPIRING_WITHIN_DAYS } from '@licensewatch/shared/expiry-windows';
import { reportStatusText } from '@licensewatch/shared/licenses';
import type { RosterCounts, RosterQuery, RosterResponse, RosterStatus } from '@licensewatch/shared/roster';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { utcToday } from './recount-reports.ts';
import { allConditions, filterConditions, rosterOrder, rosterRows } from './roster/roster-filter.ts';

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

/** The columns a row is read with, over `rosterRows`. */
export const ROSTER_COLUMNS = sql`id, report_id, physician, department, jurisdiction, license_number, license_type, board_status,
  issue_date::text AS issue_date, expiry_date::text AS expiry_date, standing, exclusion, excluded, exclusion_reviews,
  attention_licenses, matches, verifications_due, needs_attention`;

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

type CountsRow = {
  total: number;
  active: number;
  expiring: number;
  expired: number;
  needs_attention: number;
  f_total: number;
  f_active: number;
  f_expiring: number;
  f_expired: number;
  f_needs_attention: number;
};

/**
 * One page of the workspace's roster (docs/product-rules.md, The roster) and its counts: the
 * workspace's whatever the filters, and the filtered set's with the status filter left aside (so
 * each status chip says what picking it would show). One statement: the workspace's rows, read
 * once from its reports (report_workspace_idx) with each license by primary key, then counted
 * and paged; the timings at 10,000 licenses are in docs/data-flows.md (The roster view).
 */
export async function listRosterLicenses(db: Db, workspaceId: string, query: RosterQuery): Promise<RosterResponse> {
  const today = utcToday();
  const base = rosterRows(workspaceId, today);
  const filtered = filterConditions(query, today);
  // One statement: the workspace's rows are read once (MATERIALIZED), then counted and paged.
  const { rows: answer } = await db.execute<{
    counts: CountsRow;
    rows: RosterLicense[] | null;
    departments: string[] | null;
    expiring_within_days: number | null;
  }>(sql`
    WITH base AS MATERIALIZED (${base}),
    page AS (
      SELECT ${ROSTER_COLUMNS}, row_number() OVER (ORDER BY ${rosterOrder(query)}) AS n
      FROM base
      WHERE ${allConditions(query, today)}
      ORDER BY ${rosterOrder(query)}
      LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}
    )
    SELECT
      (SELECT json_build_object(
        'total', count(*),
        'active', count(*) FILTER (WHERE standing IN ('active', 'expiring')),
        'expiring', count(*) FILTER (WHERE standing = 'expiring'),
        'expired', count(*) FILTER (WHERE standing = 'expired'),
        'needs_attention', count(*) FILTER (WHERE standing = 'needs_attention'),
        'f_total', count(*) FILTER (WHERE ${filtered}),
        'f_active', count(*) FILTER (WHERE ${filtered} AND standing IN ('active', 'expiring')),
        'f_expiring', count(*) FILTER (WHERE ${filtered} AND standing = 'expiring'),
        'f_expired', count(*) FILTER (WHERE ${filtered} AND standing = 'expired'),
        'f_needs_attention', count(*) FILTER (WHERE ${filtered} AND standing = 'needs_attention')
      ) FROM base) AS counts,
      (SELECT json_agg(page ORDER BY n) FROM page) AS rows,
      (SELECT json_agg(DISTINCT department ORDER BY department) FROM base WHERE department IS NOT NULL)
        AS departments,
      (SELECT expiring_within_days FROM workspace WHERE id = ${workspaceId}) AS expiring_within_days`);
  const rows = answer[0]?.rows ?? [];
  const countRows = answer[0] ? [answer[0].counts] : [];
  const c = countRows[0];
  const workspace: RosterCounts = {
    total: c?.total ?? 0,
    active: c?.active ?? 0,
    expiring: c?.expiring ?? 0,
    expired: c?.expired ?? 0,
    needs_attention: c?.needs_attention ?? 0,
  };
  const filteredCounts: RosterCounts = {
    total: c?.f_total ?? 0,
    active: c?.f_active ?? 0,
    expiring: c?.f_expiring ?? 0,
    expired: c?.f_expired ?? 0,
    needs_attention: c?.f_needs_attention ?? 0,
  };
  return {
    rows: rows.map((row) => presentRosterLicense(row, today)),
    total: query.status ? filteredCounts[query.status] : filteredCounts.total,
    page: query.page,
    page_size: query.page_size,
    departments: answer[0]?.departments ?? [],
    expiring_within_days: Number(answer[0]?.expiring_within_days ?? DEFAULT_EXPIRING_WITHIN_DAYS),
    counts: { workspace, filtered: filteredCounts },
  };
}
