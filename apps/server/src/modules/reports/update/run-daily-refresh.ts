import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { partitionBoardsByBulkFile } from '../../licensing/partition-boards-by-bulk-file.ts';
import { claimRefreshChunk } from './claim-refresh-chunk.ts';
import { finishRefreshChunk } from './finish-refresh-chunk.ts';
import { planDailyRefresh } from './plan-daily-refresh.ts';
import { refreshBoardChunk } from './refresh-board-chunk.ts';
import { refreshReports } from './refresh-reports.ts';

export type DailyRefreshTotals = {
  reports: number;
  rematched: number;
  checked: number;
  events: number;
  attached: number;
  failures: string[];
  alerts: number;
};

/** Boards asked side by side here: different servers, each asked two at a time. */
const BOARD_CONCURRENCY = 8;

/**
 * A whole daily refresh run in this process, here and now (`npm run cli -- jobs:run
 * daily-refresh`): the same run, chunks and operations the workers share, worked through in order
 * — every board first, then every range of reports. `alert` gets the reports whose licenses
 * changed (status-change alerts) and says how many alerts it queued.
 */
export async function runDailyRefresh(
  ctx: Pick<Platform, 'db' | 'pool' | 'log' | 'env' | 'jobs'> & { licensing?: LicenseSources },
  { alert, reportsPerChunk }: { alert: (reportIds: string[]) => Promise<number>; reportsPerChunk?: number },
): Promise<DailyRefreshTotals> {
  const licensing = ctx.licensing;
  if (!licensing) throw new Error('No license sources are configured');
  const lookupBoards = partitionBoardsByBulkFile(licensing).lookupOnly.map((b) => b.id);
  const { runId, boards } = await planDailyRefresh(ctx.db, { lookupBoards, reportsPerChunk });
  const totals: DailyRefreshTotals = {
    reports: 0,
    rematched: 0,
    checked: 0,
    events: 0,
    attached: 0,
    failures: [],
    alerts: 0,
  };
  await Promise.all(
    Array.from({ length: Math.min(BOARD_CONCURRENCY, boards.length) }, async () => {
      for (let boardId = boards.shift(); boardId; boardId = boards.shift()) {
        const counts = await refreshBoardChunk(ctx, { runId, boardId });
        if (!counts) continue;
        totals.checked += counts.checked;
        totals.events += counts.events;
        totals.failures.push(...counts.failures);
      }
    }),
  );
  await ctx.db.execute(sql`UPDATE refresh_run SET rechecked_at = now() WHERE id = ${runId}`);
  const { rows: chunks } = await ctx.db.execute<{ key: string }>(sql`
    SELECT key FROM refresh_chunk WHERE run_id = ${runId} AND kind = 'reports' ORDER BY key`);
  for (const { key } of chunks) {
    const chunk = { runId, kind: 'reports' as const, key };
    const claimed = await claimRefreshChunk(ctx, chunk);
    if (!claimed) continue;
    try {
      if (!claimed.firstReportId || !claimed.lastReportId) continue;
      const result = await refreshReports(
        ctx,
        { firstId: claimed.firstReportId, lastId: claimed.lastReportId, runStartedAt: claimed.runStartedAt },
        {
          beforeFinish: async (reportIds) => {
            totals.alerts += await alert(reportIds);
          },
          finish: (tx, counts) => finishRefreshChunk(tx, chunk, counts),
        },
      );
      totals.reports += result.reports;
      totals.rematched += result.rematched;
      totals.attached += result.attached;
    } finally {
      claimed.release();
    }
  }
  return totals;
}
