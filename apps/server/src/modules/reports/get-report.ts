import { MESSAGES } from '@licensewatch/shared/messages';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { listReports, type ReportSummary } from './list-reports.ts';

/** One of the user's reports; another user's answers exactly like a missing one. */
export async function getReport(db: Db, workspaceId: string, reportId: string): Promise<ReportSummary> {
  const [found] = await listReports(db, workspaceId, { reportId });
  if (!found) throw AppError.notFound(MESSAGES.reports.notFound);
  return found;
}
