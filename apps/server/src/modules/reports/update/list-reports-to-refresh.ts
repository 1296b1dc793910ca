import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';

/**
 * The condition on `report r` of reports the daily refresh covers: those of workspaces whose plan
 * has not expired (Free never does; a workspace not yet given a plan is on Free), a person's own
 * only while the person is active (ADR 019). Shared by the list below and by the refresh's chunks,
 * which apply it again when they run.
 */
export const REFRESHABLE_REPORT = sql`EXISTS (
  SELECT 1 FROM workspace w
  LEFT JOIN "user" u ON u.id = w.id
  LEFT JOIN user_plan p ON p.workspace_id = w.id
  WHERE w.id = r.workspace_id AND (u.id IS NULL OR u.is_active)
    AND (p.workspace_id IS NULL OR p.plan_name = 'free' OR p.end_date > now()))`;

/** Reports the daily refresh covers, oldest first. */
export async function listReportsToRefresh(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT r.id FROM report r WHERE ${REFRESHABLE_REPORT} ORDER BY r.created_at`);
  return rows.map((r) => r.id);
}
