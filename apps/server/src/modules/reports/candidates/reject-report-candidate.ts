import { MESSAGES } from '@licensewatch/shared/messages';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';

/**
 * The user says a possible match is not their physician's: it is never offered again for this
 * report (the row stays, marked rejected, so re-matching skips it). Rejecting twice is not an
 * error; a confirmed candidate (its license is tracked: hide it instead), another user's or a
 * missing one answers 404.
 */
export async function rejectReportCandidate(db: Db, workspaceId: string, candidateId: string): Promise<void> {
  const { rows } = await db.execute<{ id: string }>(sql`
    UPDATE report_candidate c SET status = 'rejected', decided_at = coalesce(c.decided_at, now())
    FROM report r
    WHERE c.id = ${candidateId} AND r.id = c.report_id AND r.workspace_id = ${workspaceId} AND c.status <> 'confirmed'
    RETURNING c.id`);
  if (rows.length === 0) throw AppError.notFound(MESSAGES.reports.candidateNotFound);
}
