import { MESSAGES } from '@licensewatch/shared/messages';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { recountReports } from './recount-reports.ts';

/**
 * Hides a license of one of the user's reports: it leaves the table and the counts, is no
 * longer refreshed, and frees its place in the plan's tracked-license limit. The row stays, so
 * later re-matching cannot attach it again. Hiding twice is not an error. The report's stored
 * counts are taken again at once.
 */
export async function hideReportLicense(db: Db, workspaceId: string, reportLicenseId: string): Promise<void> {
  const { rows } = await db.execute<{ report_id: string }>(sql`
    UPDATE report_license rl SET hidden_at = coalesce(rl.hidden_at, now())
    FROM report r
    WHERE rl.id = ${reportLicenseId} AND r.id = rl.report_id AND r.workspace_id = ${workspaceId}
    RETURNING rl.report_id`);
  const [hidden] = rows;
  if (!hidden) throw AppError.notFound(MESSAGES.reports.licenseNotFound);
  await recountReports(db, [hidden.report_id]);
}
