import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { partitionBoardsByBulkFile } from '../../licensing/partition-boards-by-bulk-file.ts';
import { advanceRefreshRun } from './advance-refresh-run.ts';
import { listReportsToRefresh } from './list-reports-to-refresh.ts';
import { planDailyRefresh } from './plan-daily-refresh.ts';

/** A run left unfinished younger than this is resumed by the next daily-refresh job, not planned again. */
const RESUME_WITHIN_HOURS = 12;

/**
 * Starts the daily refresh (docs/decisions: set-based daily refresh): plans a run — one chunk per
 * look-up-only board, the reports in ranges of ids — and queues its board chunks; the last board
 * queues the reports chunks (advance-refresh-run.ts). Every worker shares the chunks. A run this job
 * planned and did not finish queuing (a retry) is resumed instead of planning a second one.
 * Returns the reports the run covers.
 */
export async function dailyRefreshJob(
  ctx: Pick<Platform, 'db' | 'jobs' | 'log'> & { licensing?: LicenseSources },
  { reportsPerChunk }: { reportsPerChunk?: number } = {},
): Promise<number> {
  const licensing = ctx.licensing;
  if (!licensing) throw new Error('No license sources are configured');
  const { rows: open } = await ctx.db.execute<{ id: string; started_at: Date | string }>(sql`
    SELECT id, started_at FROM refresh_run
    WHERE finished_at IS NULL AND started_at > now() - make_interval(hours => ${RESUME_WITHIN_HOURS})
    ORDER BY started_at DESC LIMIT 1`);
  let runId = open[0]?.id;
  // A month of runs is history enough to look into; their chunks go with them.
  await ctx.db.execute(sql`DELETE FROM refresh_run WHERE started_at < now() - interval '30 days'`);
  let reports: number;
  if (runId) {
    reports = (await listReportsToRefresh(ctx.db, new Date(open[0]?.started_at as Date | string))).length;
    ctx.log.info({ runId }, 'daily refresh resumed');
  } else {
    const lookupBoards = partitionBoardsByBulkFile(licensing).lookupOnly.map((b) => b.id);
    const planned = await planDailyRefresh(ctx.db, { lookupBoards, reportsPerChunk });
    runId = planned.runId;
    reports = planned.reports;
    ctx.log.info({ runId, reports, chunks: planned.chunks }, 'daily refresh planned');
  }
  const { rows: boards } = await ctx.db.execute<{ key: string }>(sql`
    SELECT key FROM refresh_chunk WHERE run_id = ${runId} AND kind = 'board' AND done_at IS NULL ORDER BY key`);
  for (const { key } of boards) {
    await ctx.jobs.send('refreshBoard', { runId, boardId: key }, { singletonKey: `${runId}:${key}` });
  }
  await advanceRefreshRun(ctx, runId, { resend: open.length > 0 });
  return reports;
}
