import type { CheckInterval } from '@licensewatch/shared/check-intervals';
import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import { createBatchedLookup } from '../../platform/db/batched-lookup.ts';
import type { Db } from '../../platform/db/client.ts';
import { queryPrepared } from '../../platform/db/query-prepared.ts';
import type { LicenseCounts } from './count-licenses.ts';
import { recountReports, utcToday } from './recount-reports.ts';
import { selectReportAttention, verificationDue } from './select-report-attention.ts';
import { REFRESHABLE_REPORT } from './update/list-reports-to-refresh.ts';
import { nextCheckAt } from './update/next-check-at.ts';

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
  counts: LicenseCounts;
  /** Its workspace's expiry window (expiry-windows.ts): what `counts.expiring` counts. */
  expiringWithinDays: number;
  attention: ReportAttention;
  untrackedOverLimit: number;
  npi: string | null;
  /** The Internal ID a roster import gave the physician. */
  externalId: string | null;
  /** How often the daily refresh checks it again, when it last did in full and will next (next-check-at.ts). */
  checkInterval: CheckInterval;
  lastCheckedAt: Date | null;
  nextCheckAt: Date | null;
};

/**
 * What about the physician waits for someone to act, besides the licenses counted as needing
 * attention (docs/product-rules.md, Needs attention): excluded (a confirmed match on an exclusion in
 * force, on any list), possible exclusion matches in force to review, possible license matches to
 * review, and licenses verified by hand whose newest check is due again.
 */
export type ReportAttention = {
  excluded: boolean;
  exclusionReviews: number;
  matches: number;
  verificationsDue: number;
};

type Row = {
  workspace_id: string;
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
  total_licenses: number;
  active_licenses: number;
  expiring_licenses: number;
  expiring_within_days: number;
  expired_licenses: number;
  needs_attention_licenses: number;
  stale: boolean;
  over_limit: number;
  excluded: boolean;
  exclusion_reviews: number;
  matches: number;
  verifications_due: number;
  npi: string | null;
  external_id: string | null;
  check_interval: CheckInterval;
  last_checked_at: string | Date | null;
  settled: boolean;
  refreshable: boolean;
};

/**
 * The reports of each of `workspaceIds`, newest first, with their stored counts (recount-reports.ts).
 * Counts that may be out of date are recounted first, so they always equal the licenses the
 * report shows: never counted, or a day reached on which the dates change a count
 * (counts_valid_until), or a license or attachment of the report changed since they were taken
 * (the ingest and other reports' look-ups update licenses without passing through a report).
 * `reportId` narrows to one report. One query however many users, so that concurrent list
 * requests can share it (batchedReportLists).
 *
 * Every read is a look-up by the user (report_workspace_idx) and, per report of theirs, by report id:
 * nothing here joins report_license as a set, which for a batch of several users the planner ran
 * as a sequential scan of every report's licenses, so the list slowed as reports accumulated
 * (docs/data-flows.md, Reports: Counters; npm run bench:reports).
 */
async function listReportsOfWorkspaces(
  db: Db,
  workspaceIds: string[],
  reportId?: string,
): Promise<Map<string, ReportSummary[]>> {
  const today = utcToday();
  const attention = selectReportAttention();
  const rows = await queryPrepared<Row>(
    db,
    'list-reports',
    sql`
    SELECT r.workspace_id, r.id, r.name, r.first_name, r.middle_name, r.last_name, r.license_type, r.states, r.created_at,
      r.update_executed_at, r.google_sheet_url, r.airtable_base_url, r.npi, r.external_id, r.check_interval,
      r.total_licenses, r.active_licenses, r.expiring_licenses, r.expired_licenses, r.needs_attention_licenses,
      w.expiring_within_days,
      coalesce(
        r.counted_at IS NULL OR r.counts_valid_until <= ${today}::date
          OR (SELECT max(greatest(l.updated_at, rl.created_at, rl.hidden_at))
              FROM report_license rl JOIN license l ON l.id = rl.license_id
              WHERE rl.report_id = r.id) > r.counted_at,
        false) AS stale,
      st.over_limit, st.last_checked_at, st.settled, ${REFRESHABLE_REPORT} AS refreshable,
      ${attention.columns},
      (SELECT count(*) FROM report_license rl JOIN license l ON l.id = rl.license_id
        WHERE rl.report_id = r.id AND rl.hidden_at IS NULL AND l.license_number IS NOT NULL
          AND ${verificationDue(today)})::int AS verifications_due
    FROM report r
    JOIN workspace w ON w.id = r.workspace_id
    -- Its states in one pass: matches left out by the plan's limit, and its last full check (the
    -- oldest of its states' checks, none while a state has never been checked) and whether every
    -- state answered then, from which its next check follows (next-check-at.ts).
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(s.over_limit), 0)::int AS over_limit,
        CASE WHEN count(*) > 0 AND count(*) = count(s.checked_at) THEN min(s.checked_at) END AS last_checked_at,
        coalesce(bool_and(s.status = 'done'), false) AS settled
      FROM report_state s WHERE s.report_id = r.id
    ) st
    ${attention.join}
    WHERE r.workspace_id = ANY(${sql.param(workspaceIds)}::text[]) ${reportId === undefined ? sql`` : sql`AND r.id = ${reportId}`}
    ORDER BY r.created_at DESC, r.id DESC`,
  );
  const recounted = await recountReports(
    db,
    rows.filter((r) => r.stale).map((r) => r.id),
  );
  const lists = new Map<string, ReportSummary[]>(workspaceIds.map((id) => [id, []]));
  const now = new Date();
  for (const r of rows) {
    const lastCheckedAt = r.last_checked_at === null ? null : new Date(r.last_checked_at);
    lists.get(r.workspace_id)?.push({
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
      counts: recounted.get(r.id) ?? {
        total: r.total_licenses,
        active: r.active_licenses,
        expiring: r.expiring_licenses,
        expired: r.expired_licenses,
        needsAttention: r.needs_attention_licenses,
      },
      expiringWithinDays: r.expiring_within_days,
      attention: {
        excluded: r.excluded,
        exclusionReviews: r.exclusion_reviews,
        matches: r.matches,
        verificationsDue: r.verifications_due,
      },
      untrackedOverLimit: r.over_limit,
      npi: r.npi,
      externalId: r.external_id,
      checkInterval: r.check_interval,
      lastCheckedAt,
      nextCheckAt: nextCheckAt(
        { interval: r.check_interval, lastCheckedAt, settled: r.settled, refreshable: r.refreshable },
        now,
      ),
    });
  }
  return lists;
}

/** The user's reports (see listReportsOfWorkspaces); `reportId` narrows to one. */
export async function listReports(db: Db, workspaceId: string, { reportId }: { reportId?: string } = {}) {
  return (await listReportsOfWorkspaces(db, [workspaceId], reportId)).get(workspaceId) ?? [];
}

/**
 * listReports for the list route: lists asked for at once share one query
 * (db/batched-lookup.ts batches a turn of the event loop), so under load the database answers one query per round trip rather than
 * one per request. Nothing is kept between batches: each list is read after its request arrived.
 */
export function batchedReportLists(db: Db): (workspaceId: string) => Promise<ReportSummary[]> {
  const read = createBatchedLookup((workspaceIds: string[]) => listReportsOfWorkspaces(db, workspaceIds));
  return async (workspaceId) => (await read(workspaceId)) ?? [];
}
