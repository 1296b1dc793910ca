import { eq } from 'drizzle-orm';
import type { Cell } from '../../../platform/csv.ts';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { user } from '../../accounts/tables.ts';
import { listReportLicenses } from '../list-report-licenses.ts';
import { report } from '../tables.ts';
import { buildReportExportRows } from './build-report-export-rows.ts';

export type ReportExportSource = {
  report: Pick<typeof report.$inferSelect, 'id' | 'name' | 'googleSheetUrl' | 'airtableBaseUrl'>;
  ownerEmail: string;
  rows: Cell[][];
};

/**
 * What a background export of a report needs: the report, its owner's email and the rows every
 * export shares. Null when the report no longer exists (deleted since the job was queued).
 */
export async function loadReportExport(db: Db, reportId: string): Promise<ReportExportSource | null> {
  const [found] = await db
    .select({
      id: report.id,
      name: report.name,
      workspaceId: report.workspaceId,
      googleSheetUrl: report.googleSheetUrl,
      airtableBaseUrl: report.airtableBaseUrl,
      npi: report.npi,
      externalId: report.externalId,
      ownerEmail: user.email,
    })
    .from(report)
    .innerJoin(user, eq(user.id, report.workspaceId))
    .where(eq(report.id, reportId));
  if (!found) return null;
  try {
    const { workspaceId, ownerEmail, npi, externalId, ...rest } = found;
    const rows = buildReportExportRows(await listReportLicenses(db, workspaceId, reportId), { npi, externalId });
    return { report: rest, ownerEmail, rows };
  } catch (err) {
    // Deleted between the two reads.
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}
