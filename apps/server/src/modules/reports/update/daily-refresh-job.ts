import type { Platform } from '../../../platform/deps.ts';
import { listReportsToRefresh } from './list-reports-to-refresh.ts';

/** Fans the daily refresh out as one refresh-report job per report, so every worker shares it. */
export async function dailyRefreshJob(ctx: Pick<Platform, 'db' | 'jobs' | 'log'>): Promise<number> {
  const reportIds = await listReportsToRefresh(ctx.db);
  for (const reportId of reportIds) {
    await ctx.jobs.send('refreshReport', { reportId }, { singletonKey: reportId });
  }
  ctx.log.info({ reports: reportIds.length }, 'daily refresh queued');
  return reportIds.length;
}
