import { MANUAL_VERIFICATION_VALID_DAYS } from '@licensewatch/shared/license-sources';
import type { RosterFilter, RosterStatus } from '@licensewatch/shared/roster';
import { type SQL, sql } from 'drizzle-orm';
import { likeContains } from '../../../platform/db/like-contains.ts';

/**
 * The day a roster read judges its stored rows on (roster_license, ADR 047): today, the workspace's
 * expiry window, and the workspace whose rows it reads. What depends on the day is worked out here,
 * over the stored columns, so the rows never go stale at midnight.
 */
export type RosterDay = { workspaceId: string; today: string; expiringWithinDays: number };

/**
 * A row's standing, as licenseStanding (packages/shared/src/licenses.ts) judges it: the board's
 * verdict when it gave one (`board_standing`), else the dates against today and the window.
 */
export function rosterStanding({ today, expiringWithinDays }: RosterDay): SQL {
  return sql`CASE
    WHEN board_standing IS NOT NULL THEN board_standing
    WHEN expiry_date IS NULL OR expiry_date <= ${today}::date THEN 'expired'
    WHEN expiry_date <= ${today}::date + ${expiringWithinDays}::int THEN 'expiring'
    ELSE 'active'
  END`;
}

/**
 * The workspace's reports with verifications by hand due (verificationDue in
 * select-report-attention.ts), each with how many: a handful, read by the partial index on
 * `verified_on`.
 */
export function reportsWithVerificationsDue({ workspaceId, today }: RosterDay): SQL {
  return sql`SELECT report_id, count(*)::int AS due FROM roster_license
    WHERE workspace_id = ${workspaceId} AND verified_on <= ${today}::date - ${MANUAL_VERIFICATION_VALID_DAYS}::int
    GROUP BY report_id`;
}

/**
 * The rows a status picks, as `rosterStanding` would judge them but written over the stored columns
 * so an index on the board's verdict and the expiry date finds them: `active` is what the Active
 * count counts, expiring included.
 */
export function statusCondition(status: RosterStatus, { today, expiringWithinDays }: RosterDay): SQL {
  switch (status) {
    case 'active':
      return sql`(board_standing IS NULL AND expiry_date > ${today}::date)`;
    case 'expiring':
      return sql`(board_standing IS NULL AND expiry_date > ${today}::date AND expiry_date <= ${today}::date + ${expiringWithinDays}::int)`;
    case 'expired':
      return sql`(board_standing = 'expired' OR (board_standing IS NULL AND (expiry_date IS NULL OR expiry_date <= ${today}::date)))`;
    case 'needs_attention':
      return sql`board_standing = 'needs_attention'`;
  }
}

/** Whether any filter other than status narrows the rows: without one the filtered counts are the workspace's. */
export function hasFilters(filter: Omit<RosterFilter, 'sort' | 'order'>): boolean {
  return (
    filter.state !== undefined ||
    filter.expiring_within !== undefined ||
    Boolean(filter.physician) ||
    filter.department !== undefined ||
    filter.physician_status !== undefined
  );
}

/**
 * The filters other than status, over roster_license's columns, joined by AND (TRUE when none).
 * Kept apart from status so the filtered counts can say what each status chip would show. A
 * physician needs attention when anything waits about them: what is stored, or a verification due.
 */
export function filterConditions(filter: Omit<RosterFilter, 'sort' | 'order'>, day: RosterDay): SQL {
  const { today } = day;
  const conditions: SQL[] = [sql`TRUE`];
  if (filter.state) conditions.push(sql`jurisdiction = ${filter.state}`);
  if (filter.expiring_within !== undefined)
    conditions.push(
      sql`expiry_date > ${today}::date AND expiry_date <= ${today}::date + ${filter.expiring_within}::int`,
    );
  // A substring of the name, which no index serves: matched once per physician (the workspace's
  // reports, by report_workspace_idx), not once per license, then their rows by report.
  if (filter.physician)
    conditions.push(sql`report_id IN (SELECT r.id FROM report r WHERE r.workspace_id = ${day.workspaceId}
      AND concat_ws(' ', r.first_name, r.middle_name, r.last_name) ILIKE ${likeContains(filter.physician)})`);
  if (filter.department) conditions.push(sql`department_key = lower(${filter.department})`);
  if (filter.physician_status === 'needs_attention')
    conditions.push(
      sql`(attention_undated > 0 OR report_id = ANY(ARRAY(SELECT report_id FROM (${reportsWithVerificationsDue(day)}) due)))`,
    );
  if (filter.physician_status === 'excluded') conditions.push(sql`excluded`);
  return sql.join(conditions, sql` AND `);
}

/** Every filter, status included: the rows the table and the export show. */
export function allConditions(filter: Omit<RosterFilter, 'sort' | 'order'>, day: RosterDay): SQL {
  const rest = filterConditions(filter, day);
  return filter.status ? sql`${rest} AND ${statusCondition(filter.status, day)}` : rest;
}

/**
 * ORDER BY for a sort; every order ends on the row id, so pages never overlap or skip. The keys
 * are the stored lower(…) of the names, so the expiry and physician orders (both ways) and the
 * state order (ascending) are roster_license's indexes read from the start; status is judged by
 * date, so its order sorts the rows (ADR 047).
 */
export function rosterOrder({ sort, order }: Pick<RosterFilter, 'sort' | 'order'>, day: RosterDay): SQL {
  const dir = sql.raw(order === 'desc' ? 'DESC' : 'ASC');
  const physician = sql`last_key ${dir}, first_key ${dir}, middle_key ${dir}, report_id ${dir}`;
  // Worst first when ascending: needs attention, expired, expiring, active.
  const statusRank = sql`CASE ${rosterStanding(day)} WHEN 'needs_attention' THEN 0 WHEN 'expired' THEN 1 WHEN 'expiring' THEN 2 ELSE 3 END ${dir}`;
  const expiry = sql`expiry_date ${dir} NULLS LAST`;
  const first = { physician, state: sql`jurisdiction ${dir}`, status: statusRank, expiry }[sort];
  return sql`${first}, expiry_date ASC NULLS LAST, last_key, first_key, report_id, jurisdiction, license_number, id`;
}
