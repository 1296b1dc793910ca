import type { RosterFilter, RosterStatus } from '@licensewatch/shared/roster';
import { type SQL, sql } from 'drizzle-orm';
import { likeContains } from '../../../platform/db/like-contains.ts';
import { licenseNeedsAttention, selectReportAttention, verificationDue } from '../select-report-attention.ts';

/**
 * The roster's rows before any filter: every tracked license of every report in the workspace —
 * attached, not hidden, with a number (docs/product-rules.md, What is counted), the rows the
 * reports' own counts count — each with its physician's exclusion standing and what waits about
 * them (the report's Needs attention). `standing` is licenseStanding (packages/shared/src/licenses.ts) in
 * SQL, so the filters, the sort and the counts are the report counts' classification; the
 * roster test checks every row against the TypeScript one.
 */
export function rosterRows(workspaceId: string, today: string): SQL {
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
export function statusCondition(status: RosterStatus): SQL {
  return status === 'active' ? sql`standing IN ('active', 'expiring')` : sql`standing = ${status}`;
}

/**
 * The filters other than status, over `rosterRows`' columns, joined by AND (TRUE when none).
 * Kept apart from status so the filtered counts can say what each status chip would show.
 */
export function filterConditions(filter: Omit<RosterFilter, 'sort' | 'order'>, today: string): SQL {
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
export function allConditions(filter: Omit<RosterFilter, 'sort' | 'order'>, today: string): SQL {
  const rest = filterConditions(filter, today);
  return filter.status ? sql`${rest} AND ${statusCondition(filter.status)}` : rest;
}

/** ORDER BY for a sort; every order ends on the row id, so pages never overlap or skip. */
export function rosterOrder({ sort, order }: Pick<RosterFilter, 'sort' | 'order'>): SQL {
  const dir = sql.raw(order === 'desc' ? 'DESC' : 'ASC');
  const physician = sql`lower(last_name) ${dir}, lower(first_name) ${dir}, lower(coalesce(middle_name, '')) ${dir}, report_id ${dir}`;
  // Worst first when ascending: needs attention, expired, expiring, active.
  const statusRank = sql`CASE standing WHEN 'needs_attention' THEN 0 WHEN 'expired' THEN 1 WHEN 'expiring' THEN 2 ELSE 3 END ${dir}`;
  const expiry = sql`expiry_date ${dir} NULLS LAST`;
  const first = { physician, state: sql`jurisdiction ${dir}`, status: statusRank, expiry }[sort];
  return sql`${first}, expiry_date ASC NULLS LAST, lower(last_name), lower(first_name), report_id, jurisdiction, license_number, id`;
}
