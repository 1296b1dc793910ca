import { MESSAGES } from '@licensewatch/shared/messages';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { ensureRoomToTrack } from './ensure-room-to-track.ts';
import { recountReports } from './recount-reports.ts';

/**
 * Brings a hidden license of one of the user's reports back: it is tracked, counted and refreshed
 * again, so it takes a place in the plan's tracked-license limit once more and is refused when
 * the plan has none left. Restoring a license that is not hidden is not an error.
 */
export async function restoreReportLicense(db: Db, workspaceId: string, reportLicenseId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ report_id: string; hidden: boolean; numbered: boolean }>(sql`
      SELECT rl.report_id, rl.hidden_at IS NOT NULL AS hidden, l.license_number IS NOT NULL AS numbered
      FROM report_license rl
      JOIN report r ON r.id = rl.report_id
      JOIN license l ON l.id = rl.license_id
      WHERE rl.id = ${reportLicenseId} AND r.workspace_id = ${workspaceId}
      FOR UPDATE OF rl`);
    const [found] = rows;
    if (!found) throw AppError.notFound(MESSAGES.reports.licenseNotFound);
    if (!found.hidden) return;
    // A license without a number is never counted (docs/product-rules.md, What is counted).
    if (found.numbered) await ensureRoomToTrack(tx, workspaceId, 'restoreOverLimit');
    await tx.execute(sql`UPDATE report_license SET hidden_at = NULL WHERE id = ${reportLicenseId}`);
    // Clearing hidden_at leaves no later timestamp for a read to see the counts as stale by.
    await recountReports(tx, [found.report_id]);
  });
}
