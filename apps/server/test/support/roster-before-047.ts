// The roster as it was read before it was stored (ADR 047): every row of the workspace derived
// from the reports, attachments, licenses and what waits, per request. Kept verbatim as the
// reference the stored rows are held to (roster-license-upkeep.test.ts): the same answer, and
// stored rows that agree with this derivation from scratch after every kind of write.
import { DEFAULT_EXPIRING_WITHIN_DAYS } from '@licensewatch/shared/expiry-windows';
import type {
  RosterCounts,
  RosterFilter,
  RosterQuery,
  RosterResponse,
  RosterStatus,
} from '@licensewatch/shared/roster';
import { type SQL, sql } from 'drizzle-orm';
import { presentRosterLicense, type RosterLicense } from '../../src/modules/reports/list-roster-licenses.ts';
import { utcToday } from '../../src/modules/reports/recount-reports.ts';
import {
  licenseNeedsAttention,
  selectReportAttention,
  verificationDue,
} from '../../src/modules/reports/select-report-attention.ts';
import type { Db } from '../../src/platform/db/client.ts';
import { likeContains } from '../../src/platform/db/like-contains.ts';

/** The columns a row is read with, over `rosterRows`. */
const ROSTER_COLUMNS = sql`id, report_id, physician, department, jurisdiction, license_number, license_type, board_status,
  issue_date::text AS issue_date, expiry_date::text AS expiry_date, standing, exclusion, excluded, exclusion_reviews,
  attention_licenses, matches, verifications_due, needs_attention`;

/**
 * The roster's rows before any filter: every tracked license of every report in the workspace —
 * attached, not hidden, with a number (docs/product-rules.md, What is counted), the rows the
 * reports' own counts count — each with its physician's exclusion standing and what waits about
 * them (the report's Needs attention). `standing` is licenseStanding (packages/shared/src/licenses.ts) in
 * SQL, so the filters, the sort and the counts are the report counts' classification; the
 * roster test checks every row against the TypeScript one.
 */
export function rosterRowsBefore047(workspaceId: string, today: string): SQL {
  const attention = selectReportAttention();
  // The physician's exclusions and matches are read once per report (MATERIALIZED), not once per license. The
  // licenses are reached one by one by primary key from the workspace's attachments (the
  // LATERAL's OFFSET 0 keeps the planner from flattening it): the license table is the whole
  // registry, and a hash join would read all of it for a workspace's few thousand rows.
  return sql`
    WITH rep AS MATERIALIZED (
      SELECT r.id, r.first_name, r.middle_name, r.last_name, r.department, r.external_id, r.npi, r.license_type,
        ${attention.columns},
        EXISTS (SELECT 1 FROM exclusion_check ec WHERE ec.report_id = r.id AND ec.checked_at IS NOT NULL) AS exclusion_checked,
        -- The workspace's expiry window (packages/shared/src/expiry-windows.ts).
        w.expiring_within_days
      FROM report r
      JOIN workspace w ON w.id = r.workspace_id
      ${attention.join}
      WHERE r.workspace_id = ${workspaceId}
    ),
    rows AS (
      SELECT rl.id, r.id AS report_id, r.first_name, r.middle_name, r.last_name,
        concat_ws(' ', r.first_name, r.middle_name, r.last_name) AS physician, r.department, r.external_id, r.npi,
        l.jurisdiction, l.license_number, coalesce(l.license_type, r.license_type) AS license_type, l.status AS board_status,
        l.raw_status,
        l.issue_date, l.expiry_date,
        CASE
          WHEN l.status = 'expired' THEN 'expired'
          WHEN ${licenseNeedsAttention()} THEN 'needs_attention'
          WHEN l.expiry_date IS NULL OR l.expiry_date <= ${today}::date THEN 'expired'
          WHEN l.expiry_date <= ${today}::date + r.expiring_within_days THEN 'expiring'
          ELSE 'active'
        END AS standing,
        -- As exclusionStanding (exclusions/present-exclusion-match.ts) words it.
        CASE
          WHEN r.excluded THEN 'excluded'
          WHEN r.exclusion_reviews > 0 THEN 'possible_match'
          WHEN r.exclusion_checked THEN 'not_excluded'
          ELSE 'not_checked'
        END AS exclusion,
        r.excluded, r.exclusion_reviews, r.matches, ${verificationDue(today)} AS due
      FROM rep r
      JOIN report_license rl ON rl.report_id = r.id AND rl.hidden_at IS NULL
      CROSS JOIN LATERAL (
        SELECT l.id, l.source_kind, l.jurisdiction, l.license_number, l.license_type, l.status, l.raw_status, l.issue_date,
          l.expiry_date
        FROM license l WHERE l.id = rl.license_id AND l.license_number IS NOT NULL OFFSET 0
      ) l
    ),
    -- A physician's license statuses to review and verifications due: over their rows, the
    -- licenses the report counts, so no license is read twice.
    counted AS (
      SELECT rows.*,
        (count(*) FILTER (WHERE standing = 'needs_attention') OVER physician)::int AS attention_licenses,
        (count(*) FILTER (WHERE due) OVER physician)::int AS verifications_due
      FROM rows
      WINDOW physician AS (PARTITION BY report_id)
    )
    SELECT counted.*,
      (excluded::int + exclusion_reviews + attention_licenses + matches + verifications_due)::int AS needs_attention
    FROM counted`;
}

/** The rows a status picks: `active` is what the Active count counts, expiring included. */
function statusCondition(status: RosterStatus): SQL {
  return status === 'active' ? sql`standing IN ('active', 'expiring')` : sql`standing = ${status}`;
}

/**
 * The filters other than status, over `rosterRows`' columns, joined by AND (TRUE when none).
 * Kept apart from status so the filtered counts can say what each status chip would show.
 */
function filterConditions(filter: Omit<RosterFilter, 'sort' | 'order'>, today: string): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  if (filter.state) conditions.push(sql`jurisdiction = ${filter.state}`);
  if (filter.expiring_within !== undefined)
    conditions.push(
      sql`expiry_date > ${today}::date AND expiry_date <= ${today}::date + ${filter.expiring_within}::int`,
    );
  if (filter.physician) conditions.push(sql`physician ILIKE ${likeContains(filter.physician)}`);
  if (filter.department) conditions.push(sql`lower(department) = lower(${filter.department})`);
  if (filter.physician_status === 'needs_attention') conditions.push(sql`needs_attention > 0`);
  if (filter.physician_status === 'excluded') conditions.push(sql`excluded`);
  return sql.join(conditions, sql` AND `);
}

/** Every filter, status included: the rows the table and the export show. */
function allConditions(filter: Omit<RosterFilter, 'sort' | 'order'>, today: string): SQL {
  const rest = filterConditions(filter, today);
  return filter.status ? sql`${rest} AND ${statusCondition(filter.status)}` : rest;
}

/** ORDER BY for a sort; every order ends on the row id, so pages never overlap or skip. */
function rosterOrder({ sort, order }: Pick<RosterFilter, 'sort' | 'order'>): SQL {
  const dir = sql.raw(order === 'desc' ? 'DESC' : 'ASC');
  const physician = sql`lower(last_name) ${dir}, lower(first_name) ${dir}, lower(coalesce(middle_name, '')) ${dir}, report_id ${dir}`;
  // Worst first when ascending: needs attention, expired, expiring, active.
  const statusRank = sql`CASE standing WHEN 'needs_attention' THEN 0 WHEN 'expired' THEN 1 WHEN 'expiring' THEN 2 ELSE 3 END ${dir}`;
  const expiry = sql`expiry_date ${dir} NULLS LAST`;
  const first = { physician, state: sql`jurisdiction ${dir}`, status: statusRank, expiry }[sort];
  return sql`${first}, expiry_date ASC NULLS LAST, lower(last_name), lower(first_name), report_id, jurisdiction, license_number, id`;
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
export async function listRosterBefore047(db: Db, workspaceId: string, query: RosterQuery): Promise<RosterResponse> {
  const today = utcToday();
  const base = rosterRowsBefore047(workspaceId, today);
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
