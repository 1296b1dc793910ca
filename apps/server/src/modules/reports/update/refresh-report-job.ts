import type { Platform } from '../../../platform/deps.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { refreshReport } from './refresh-report.ts';

export async function refreshReportJob(
  ctx: Pick<Platform, 'db' | 'pool' | 'log' | 'env' | 'jobs'> & { licensing?: LicenseSources },
  { reportId }: Payload<'refreshReport'>,
): Promise<void> {
  const result = await refreshReport(ctx, reportId);
  // The changes this refresh recorded reach the owner in the same cycle (status-change alerts). The
  // alerts module sits above reports, so the queue hands it over; its handler is wired in worker.ts.
  if (result) await ctx.jobs.send('statusAlerts', { reportId }, { singletonKey: reportId });
  if (result && result.failures.length > 0) {
    ctx.log.warn({ reportId, failures: result.failures }, 'some tracked licenses could not be checked again');
  }
}
