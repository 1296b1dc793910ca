import type { LicenseType } from '@licensewatch/shared/licenses';
import { EXPIRING_WITHIN_DAYS } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import { createBatchedLookup } from '../../platform/db/batched-lookup.ts';
import type { Db } from '../../platform/db/client.ts';
import { queryPrepared } from '../../platform/db/query-prepared.ts';

export type ReportSummary = {
  id: string;
  name: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  licenseType: LicenseType;
  states: StateCode[];
  createdAt: Date;
  updateExecutedAt: Date | null;
  googleSheetUrl: string | null;
  airtableBaseUrl: string | null;
  total: number;
  active: number;
  expiring: number;
  expired: number;
  untrackedOverLimit: number;
};

/** Today in UTC, the day every count and status is judged on. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

type Row = {
  user_id: string;
  id: string;
  name: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  license_type: LicenseType;
  states: StateCode[];
  created_at: string | Date;
  update_executed_at: string | Date | null;
  google_sheet_url: string | null;
  airtable_base_url: string | null;
  total: number;
  active: number;
  expiring: number;
  expired: number;
  over_limit: number;
};

/**
 * The reports of each of `userIds`, newest first, with the counts of docs/product-rules.md (What is
 * counted, License status): only licenses with a number and not hidden; Active = expiry after
 * today; expiring = active and expiring within 42 days; Expired = expiry today or earlier, or none
 * at all. `reportId` narrows to one report. One query however many users, so that concurrent list
 * requests can share it (batchedReportLists).
 */
async function listReportsOfUsers(db: Db, userIds: string[], reportId?: string): Promise<Map<string, ReportSummary[]>> {
  const today = utcToday();
  const rows = await queryPrepared<Row>(
    db,
    'list-reports',
    sql`
    SELECT r.user_id, r.id, r.name, r.first_name, r.middle_name, r.last_name, r.license_type, r.states, r.created_at,
      r.update_executed_at, r.google_sheet_url, r.airtable_base_url,
      count(l.id)::int AS total,
      count(l.id) FILTER (WHERE l.expiry_date > ${today}::date)::int AS active,
      count(l.id) FILTER (
        WHERE l.expiry_date > ${today}::date AND l.expiry_date <= ${today}::date + ${EXPIRING_WITHIN_DAYS}::int
      )::int AS expiring,
      count(l.id) FILTER (WHERE l.expiry_date IS NULL OR l.expiry_date <= ${today}::date)::int AS expired,
      (SELECT coalesce(sum(s.over_limit), 0) FROM report_state s WHERE s.report_id = r.id)::int AS over_limit
    FROM report r
    LEFT JOIN report_license rl ON rl.report_id = r.id AND rl.hidden_at IS NULL
    LEFT JOIN license l ON l.id = rl.license_id AND l.license_number IS NOT NULL
    WHERE r.user_id = ANY(${sql.param(userIds)}::text[]) ${reportId === undefined ? sql`` : sql`AND r.id = ${reportId}`}
    GROUP BY r.id
    ORDER BY r.created_at DESC, r.id DESC`,
  );
  const lists = new Map<string, ReportSummary[]>(userIds.map((id) => [id, []]));
  for (const r of rows)
    lists.get(r.user_id)?.push({
      id: r.id,
      name: r.name,
      firstName: r.first_name,
      middleName: r.middle_name,
      lastName: r.last_name,
      licenseType: r.license_type,
      states: r.states,
      createdAt: new Date(r.created_at),
      updateExecutedAt: r.update_executed_at === null ? null : new Date(r.update_executed_at),
      googleSheetUrl: r.google_sheet_url,
      airtableBaseUrl: r.airtable_base_url,
      total: r.total,
      active: r.active,
      expiring: r.expiring,
      expired: r.expired,
      untrackedOverLimit: r.over_limit,
    });
  return lists;
}

/** The user's reports (see listReportsOfUsers); `reportId` narrows to one. */
export async function listReports(db: Db, userId: string, { reportId }: { reportId?: string } = {}) {
  return (await listReportsOfUsers(db, [userId], reportId)).get(userId) ?? [];
}

/**
 * listReports for the list route: lists asked for while one is being read share the next query
 * (db/batched-lookup.ts), so under load the database answers one query per round trip rather than
 * one per request. Nothing is kept between batches: each list is read after its request arrived.
 */
export function batchedReportLists(db: Db): (userId: string) => Promise<ReportSummary[]> {
  const read = createBatchedLookup((userIds: string[]) => listReportsOfUsers(db, userIds));
  return async (userId) => (await read(userId)) ?? [];
}
