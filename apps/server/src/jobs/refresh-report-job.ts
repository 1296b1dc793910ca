import type { AppContext } from '../context.ts';
import { refreshReport } from '../services/refresh-report.ts';
import type { Payload } from './queues.ts';

export async function refreshReportJob(ctx: AppContext, { reportId }: Payload<'refreshReport'>): Promise<void> {
  const result = await refreshReport(ctx, reportId);
  if (result && result.failures.length > 0) {
    ctx.log.warn({ reportId, failures: result.failures }, 'some tracked licenses could not be checked again');
  }
}
