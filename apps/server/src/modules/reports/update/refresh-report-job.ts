import type { AppContext } from '../../../context.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import { refreshReport } from './refresh-report.ts';

export async function refreshReportJob(ctx: AppContext, { reportId }: Payload<'refreshReport'>): Promise<void> {
  const result = await refreshReport(ctx, reportId);
  if (result && result.failures.length > 0) {
    ctx.log.warn({ reportId, failures: result.failures }, 'some tracked licenses could not be checked again');
  }
}
