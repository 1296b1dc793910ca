import { eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { reportState } from '../tables.ts';

/**
 * Queues an update for every report with states still pending. A worker that died mid-update
 * leaves its job 'active' until pg-boss expires it; a starting worker need not wait for that,
 * because a second run of the update only does the states still pending. Returns how many.
 */
export async function resumeReportUpdates(ctx: Pick<Platform, 'db' | 'jobs'>): Promise<number> {
  const rows = await ctx.db
    .selectDistinct({ reportId: reportState.reportId })
    .from(reportState)
    .where(eq(reportState.status, 'pending'));
  for (const { reportId } of rows) {
    await ctx.jobs.send('updateReport', { reportId }, { singletonKey: reportId });
  }
  return rows.length;
}
