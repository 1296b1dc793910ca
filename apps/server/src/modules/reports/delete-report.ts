import { MESSAGES } from '@licensewatch/shared/messages';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { report } from './tables.ts';

/**
 * Deletes one of the user's reports with its licenses and progress (cascade). The credit it cost
 * is not returned; the ledger keeps the spend. An update still running stops at its next state.
 */
export async function deleteReport(db: Db, workspaceId: string, reportId: string): Promise<void> {
  const deleted = await db
    .delete(report)
    .where(and(eq(report.id, reportId), eq(report.workspaceId, workspaceId)))
    .returning({ id: report.id });
  if (deleted.length === 0) throw AppError.notFound(MESSAGES.reports.notFound);
}
