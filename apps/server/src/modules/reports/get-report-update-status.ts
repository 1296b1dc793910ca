import { MESSAGES } from '@licensewatch/shared/messages';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';

export type ReportUpdateStatus = { isCompleted: boolean; progress: number; unavailableStates: StateCode[] };

/**
 * Progress of a report's background update from its per-state rows, so any server process can
 * answer. A state whose board was unavailable counts as settled (its licenses came from the
 * registry; it is searched again later) rather than holding the progress bar below 100. Completed
 * only once the update has finished (`update_executed_at`): after its states are settled it still
 * decides again what it held back and recounts, and until then candidates and counts may change,
 * so the bar waits at 99.
 */
export async function getReportUpdateStatus(
  db: Db,
  workspaceId: string,
  reportId: string,
): Promise<ReportUpdateStatus> {
  const { rows } = await db.execute<{
    total: number;
    settled: number;
    unavailable: StateCode[] | null;
    executed: boolean;
  }>(sql`
    SELECT count(s.state)::int AS total, bool_or(r.update_executed_at IS NOT NULL) AS executed,
      count(s.state) FILTER (WHERE s.status <> 'pending')::int AS settled,
      array_agg(s.state ORDER BY s.state) FILTER (WHERE s.status = 'unavailable') AS unavailable
    FROM report r
    LEFT JOIN report_state s ON s.report_id = r.id
    WHERE r.id = ${reportId} AND r.workspace_id = ${workspaceId}
    GROUP BY r.id`);
  const row = rows[0];
  if (!row) throw AppError.notFound(MESSAGES.reports.notFound);
  const settled = row.settled >= row.total;
  const isCompleted = settled && row.executed;
  return {
    isCompleted,
    progress: isCompleted ? 100 : settled ? 99 : Math.floor((row.settled * 100) / row.total),
    unavailableStates: row.unavailable ?? [],
  };
}
