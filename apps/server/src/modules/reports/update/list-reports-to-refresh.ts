import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';

/**
 * Reports the daily refresh covers: those of active accounts whose plan has not expired (Free
 * never does; an account not yet given a plan is on Free).
 */
export async function listReportsToRefresh(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT r.id
    FROM report r
    JOIN "user" u ON u.id = r.workspace_id AND u.is_active
    LEFT JOIN user_plan p ON p.workspace_id = r.workspace_id
    WHERE p.workspace_id IS NULL OR p.plan_name = 'free' OR p.end_date > now()
    ORDER BY r.created_at`);
  return rows.map((r) => r.id);
}
