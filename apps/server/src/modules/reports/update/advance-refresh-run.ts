import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';

export type RefreshRunPhase = 'recheck' | 'rematch' | 'finished';

/**
 * Moves a refresh run on once its look-up boards have all been asked: queues a refresh-reports
 * job for each reports chunk not yet done (singletonKey = run:chunk, so a job already waiting is
 * not doubled, and a chunk's claim keeps a second job idle), then notes the run rechecked — in
 * that order, so a worker dying in between leaves the next call to queue them again. Called by
 * each board chunk as it ends (also when it finds itself done: a retry after such a death) and
 * by the daily-refresh job (`resend`: when it resumes a run). Returns the phase the run is in.
 */
export async function advanceRefreshRun(
  ctx: Pick<Platform, 'db' | 'jobs'>,
  runId: string,
  { resend = false }: { resend?: boolean } = {},
): Promise<RefreshRunPhase> {
  const { rows } = await ctx.db.execute<{ rechecked: boolean; finished: boolean; boards_left: boolean }>(sql`
    SELECT rechecked_at IS NOT NULL AS rechecked, finished_at IS NOT NULL AS finished,
      EXISTS (SELECT 1 FROM refresh_chunk c WHERE c.run_id = run.id AND c.kind = 'board' AND c.done_at IS NULL)
        AS boards_left
    FROM refresh_run run WHERE run.id = ${runId}`);
  const run = rows[0];
  if (!run || run.finished) return 'finished';
  if (run.boards_left) return 'recheck';
  // A run already moved on queues again only when resumed (its jobs may have failed for good).
  if (run.rechecked && !resend) return 'rematch';
  const { rows: chunks } = await ctx.db.execute<{ key: string }>(sql`
    SELECT key FROM refresh_chunk WHERE run_id = ${runId} AND kind = 'reports' AND done_at IS NULL ORDER BY key`);
  for (const { key } of chunks) {
    await ctx.jobs.send('refreshReports', { runId, key }, { singletonKey: `${runId}:${key}` });
  }
  await ctx.db.execute(sql`
    UPDATE refresh_run SET rechecked_at = coalesce(rechecked_at, now()),
      finished_at = CASE WHEN ${chunks.length === 0} THEN coalesce(finished_at, now()) ELSE finished_at END
    WHERE id = ${runId}`);
  return chunks.length === 0 ? 'finished' : 'rematch';
}
