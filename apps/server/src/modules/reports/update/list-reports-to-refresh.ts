import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { notDueSince } from './next-check-at.ts';

/**
 * The condition on `report r` of reports the daily refresh covers at all: those of workspaces whose
 * plan has not expired (Free never does; a workspace not yet given a plan is on Free), a person's
 * own only while the person is active (ADR 019). Each run takes those of them that are due
 * (coveredByRefresh, below).
 */
export const REFRESHABLE_REPORT = sql`EXISTS (
  SELECT 1 FROM workspace w
  LEFT JOIN "user" u ON u.id = w.id
  LEFT JOIN user_plan p ON p.workspace_id = w.id
  WHERE w.id = r.workspace_id AND (u.id IS NULL OR u.is_active)
    AND (p.workspace_id IS NULL OR p.plan_name = 'free' OR p.end_date > now()))`;

/**
 * The condition on `report r` of reports due at a daily refresh run started at `runStartedAt`, by
 * their check interval (docs/product-rules.md, Check interval; ADR 045): a daily one always; a
 * weekly or monthly one when a state of it was checked before the day its interval reaches back to
 * (next-check-at.ts, the one definition of that day), was never checked, or did not answer (pending
 * or unavailable), and one without states. A state checked since the run started does not count:
 * the run's own chunk, retried after its worker died between marking the states checked and its
 * last transaction, must find the report again (a report its owner updated meanwhile is checked
 * once more, as every report was before). Per report a look-up of its states by report_state's
 * key, compared with two constants.
 */
export function dueForRefresh(runStartedAt: Date): SQL {
  const started = runStartedAt.toISOString();
  const weekly = notDueSince('weekly', runStartedAt).toISOString();
  const monthly = notDueSince('monthly', runStartedAt).toISOString();
  return sql`(r.check_interval = 'daily' OR coalesce((
    SELECT bool_or(s.status <> 'done' OR s.checked_at IS NULL OR s.checked_at >= ${started}::timestamptz
      OR s.checked_at < CASE r.check_interval WHEN 'weekly' THEN ${weekly}::timestamptz ELSE ${monthly}::timestamptz END)
    FROM report_state s WHERE s.report_id = r.id), true))`;
}

/**
 * The reports a daily refresh run started at `runStartedAt` covers: refreshable and due. The plan,
 * its board chunks and its reports chunks all apply it with the run's own start, so they agree on
 * the set however long the run takes.
 */
export function coveredByRefresh(runStartedAt: Date): SQL {
  return sql`${REFRESHABLE_REPORT} AND ${dueForRefresh(runStartedAt)}`;
}

/** Reports a daily refresh starting at `at` would cover, oldest first. */
export async function listReportsToRefresh(db: Db, at: Date = new Date()): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT r.id FROM report r WHERE ${coveredByRefresh(at)} ORDER BY r.created_at`);
  return rows.map((r) => r.id);
}
