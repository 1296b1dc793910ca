import { EXCLUSION_MESSAGES } from '@licensewatch/shared/exclusions-messages';
import type pg from 'pg';
import { AppError } from '../../platform/errors.ts';

/**
 * A person's decision on a possible (name-only) match: confirmed, it counts as the physician's
 * exclusion; dismissed, it is never offered again. Kept with who decided and when. A match of
 * another workspace's report, or one already decided, answers 404 / 409 and changes nothing.
 */
export async function decideExclusionMatch(
  pool: pg.Pool,
  {
    workspaceId,
    matchId,
    userId,
    decision,
  }: {
    workspaceId: string;
    matchId: string;
    userId: string;
    decision: 'confirm' | 'dismiss';
  },
): Promise<{ id: string; reportId: string; status: 'confirmed' | 'dismissed' }> {
  const status = decision === 'confirm' ? 'confirmed' : 'dismissed';
  const { rows } = await pool.query<{ id: string; report_id: string; status: string; decided: boolean }>(
    `WITH target AS (
       SELECT m.id, m.report_id, m.status FROM exclusion_match m JOIN report r ON r.id = m.report_id
       WHERE m.id = $1 AND r.workspace_id = $2
     ), decided AS (
       UPDATE exclusion_match m SET status = $3, decided_by = $4, decided_at = now()
       FROM target t WHERE m.id = t.id AND t.status = 'possible'
       RETURNING m.id
     )
     SELECT t.id, t.report_id, t.status, EXISTS (SELECT 1 FROM decided) AS decided FROM target t`,
    [matchId, workspaceId, status, userId],
  );
  const row = rows[0];
  if (!row) throw AppError.notFound(EXCLUSION_MESSAGES.matchNotFound);
  if (!row.decided) throw new AppError('EXCLUSION_MATCH_DECIDED', EXCLUSION_MESSAGES.alreadyDecided, 409);
  return { id: row.id, reportId: row.report_id, status };
}
