import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';

/**
 * Licenses the user tracks across all reports: attached, not hidden, and with a number (licenses
 * without one are never counted or shown, so they take no place in the plan: docs/product-rules.md,
 * What is counted).
 */
export async function countTrackedLicenses(db: Db | Tx, workspaceId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n
    FROM report_license rl
    JOIN report r ON r.id = rl.report_id
    JOIN license l ON l.id = rl.license_id
    WHERE r.workspace_id = ${workspaceId} AND rl.hidden_at IS NULL AND l.license_number IS NOT NULL`);
  return rows[0]?.n ?? 0;
}
