import { MESSAGES } from '@licensewatch/shared/messages';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';

/**
 * Undoes a rejection (docs/product-rules.md, Possible matches): the candidate is offered for review
 * again, as before it was rejected. An open one is left as it is; a confirmed one (its license is
 * tracked: hide it instead), another workspace's or a missing one answers 404.
 */
export async function reopenReportCandidate(db: Db, workspaceId: string, candidateId: string): Promise<void> {
  const { rows } = await db.execute<{ id: string }>(sql`
    UPDATE report_candidate c SET status = 'open', decided_at = NULL
    FROM report r
    WHERE c.id = ${candidateId} AND r.id = c.report_id AND r.workspace_id = ${workspaceId} AND c.status <> 'confirmed'
    RETURNING c.id`);
  if (rows.length === 0) throw AppError.notFound(MESSAGES.reports.candidateNotFound);
}
