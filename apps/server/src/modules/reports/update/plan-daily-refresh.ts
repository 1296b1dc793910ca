import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { coveredByRefresh } from './list-reports-to-refresh.ts';

/** Reports per `reports` chunk: a few seconds of work for one worker, dozens of chunks at 30k reports. */
export const REPORTS_PER_CHUNK = 1000;

export type PlannedRefresh = { runId: string; boards: string[]; chunks: number; reports: number };

/**
 * Writes a daily refresh run and its chunks in one transaction: one `board` chunk per look-up-only
 * board the reports track licenses on (asked again first, by number, for those licenses), and the reports
 * to refresh cut into ranges of ids of `reportsPerChunk` (docs/decisions: set-based daily refresh).
 * The reports are those the run covers as of its start (coveredByRefresh: refreshable and due by
 * their check interval), which its chunks apply again with the same start.
 * Nothing is queued here (advance-refresh-run.ts does that), so a retry of the caller may queue again.
 */
export async function planDailyRefresh(
  db: Db,
  { lookupBoards, reportsPerChunk = REPORTS_PER_CHUNK }: { lookupBoards: readonly string[]; reportsPerChunk?: number },
): Promise<PlannedRefresh> {
  return db.transaction(async (tx) => {
    const { rows: run } = await tx.execute<{ id: string; started_at: Date | string }>(
      sql`INSERT INTO refresh_run DEFAULT VALUES RETURNING id, started_at`,
    );
    const runId = run[0]?.id as string;
    const covered = coveredByRefresh(new Date(run[0]?.started_at as Date | string));
    // Only boards some covered report tracks a numbered license on: the others have nothing to ask.
    const { rows: boards } = await tx.execute<{ board_id: string }>(sql`
      INSERT INTO refresh_chunk (run_id, kind, key)
      SELECT DISTINCT ${runId}, 'board', l.board_id
      FROM report_license rl
      JOIN license l ON l.id = rl.license_id
      JOIN report r ON r.id = rl.report_id
      WHERE rl.hidden_at IS NULL AND l.license_number IS NOT NULL
        AND l.board_id = ANY(${sql.param([...lookupBoards])}::text[]) AND ${covered}
      RETURNING key AS board_id`);
    const { rows } = await tx.execute<{ chunks: number; reports: number }>(sql`
      WITH ranked AS (
        SELECT r.id, (row_number() OVER (ORDER BY r.id) - 1) / ${reportsPerChunk}::int AS chunk_no
        FROM report r WHERE ${covered}
      ),
      chunk AS (
        INSERT INTO refresh_chunk (run_id, kind, key, first_report_id, last_report_id)
        SELECT ${runId}, 'reports', lpad(chunk_no::text, 6, '0'), min(id), max(id)
        FROM ranked GROUP BY chunk_no
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM chunk)::int AS chunks, (SELECT count(*) FROM ranked)::int AS reports`);
    return {
      runId,
      boards: boards.map((b) => b.board_id),
      chunks: rows[0]?.chunks ?? 0,
      reports: rows[0]?.reports ?? 0,
    };
  });
}
