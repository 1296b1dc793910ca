import type { Platform } from '../../../platform/deps.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { claimRefreshChunk } from './claim-refresh-chunk.ts';
import { finishRefreshChunk } from './finish-refresh-chunk.ts';
import { refreshReports } from './refresh-reports.ts';

/**
 * A reports chunk of a daily refresh run: the reports of its range of ids refreshed
 * (refresh-reports.ts), the chunk marked done in the transaction that sets their
 * update_excuted_date. Status-change alerts go out through the statusAlerts queue, as with each
 * report's refresh before (the alerts module sits above reports; its handler is wired in worker.ts).
 */
export async function refreshReportsJob(
  ctx: Pick<Platform, 'db' | 'pool' | 'log' | 'env' | 'jobs'> & { licensing?: LicenseSources },
  { runId, key }: Payload<'refreshReports'>,
): Promise<void> {
  const chunk = { runId, kind: 'reports' as const, key };
  const claimed = await claimRefreshChunk(ctx, chunk);
  if (!claimed) return;
  try {
    if (!claimed.firstReportId || !claimed.lastReportId) return;
    await refreshReports(
      ctx,
      { firstId: claimed.firstReportId, lastId: claimed.lastReportId, runStartedAt: claimed.runStartedAt },
      {
        beforeFinish: async (alertReportIds) => {
          for (const reportId of alertReportIds) {
            await ctx.jobs.send('statusAlerts', { reportId }, { singletonKey: reportId });
          }
        },
        finish: (tx, counts) => finishRefreshChunk(tx, chunk, counts),
      },
    );
  } finally {
    claimed.release();
  }
}
