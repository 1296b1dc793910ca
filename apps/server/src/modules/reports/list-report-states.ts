import { MESSAGES } from '@licensewatch/shared/messages';
import { JURISDICTIONS, type StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { nextUnavailableRetry } from './update/next-unavailable-retry.ts';

export type ReportStateOutcome = 'found' | 'to_review' | 'none_found' | 'unavailable' | 'searching';

export type ReportStateRow = {
  state: StateCode;
  outcome: ReportStateOutcome;
  /** Tracked licenses in the state: the rows the report's table shows for it. */
  licenses: number;
  /** Possible matches waiting for the user's decision (list-report-candidates). */
  toReview: number;
  checkedAt: Date | null;
  /** When an unavailable board is searched again; null when the daily refresh will. */
  retryAt: Date | null;
};

const stateOrder = new Map<string, number>(JURISDICTIONS.map((j, i) => [j.code, i]));

/**
 * What became of each state a report asked for (docs/product-rules.md, Every state accounted
 * for): searching, found (with how many licenses the table shows there), to review (nothing
 * tracked, but possible matches wait for the user), none found, or board unavailable (with when
 * it is tried again). A state whose board was unavailable may still show licenses the registry
 * already held; a found state may have possible matches too.
 */
export async function listReportStates(db: Db, workspaceId: string, reportId: string): Promise<ReportStateRow[]> {
  const { rows } = await db.execute<{
    state: StateCode | null;
    status: 'pending' | 'done' | 'unavailable' | null;
    attempts: number | null;
    checked_at: string | Date | null;
    licenses: number;
    to_review: number;
  }>(sql`
    SELECT s.state, s.status, s.attempts, s.checked_at,
      (SELECT count(*)::int FROM report_license rl JOIN license l ON l.id = rl.license_id
        WHERE rl.report_id = r.id AND l.jurisdiction = s.state AND rl.hidden_at IS NULL
          AND l.license_number IS NOT NULL) AS licenses,
      (SELECT count(*)::int FROM report_candidate c
        WHERE c.report_id = r.id AND c.state = s.state AND c.status = 'open') AS to_review
    FROM report r
    LEFT JOIN report_state s ON s.report_id = r.id
    WHERE r.id = ${reportId} AND r.workspace_id = ${workspaceId}`);
  if (rows.length === 0) throw AppError.notFound(MESSAGES.reports.notFound);
  return rows
    .flatMap((row): ReportStateRow[] => {
      if (!row.state || !row.status) return [];
      const checkedAt = row.checked_at === null ? null : new Date(row.checked_at);
      const outcome: ReportStateOutcome =
        row.status === 'pending'
          ? 'searching'
          : row.status === 'unavailable'
            ? 'unavailable'
            : row.licenses > 0
              ? 'found'
              : row.to_review > 0
                ? 'to_review'
                : 'none_found';
      return [
        {
          state: row.state,
          outcome,
          licenses: row.licenses,
          toReview: row.to_review,
          checkedAt,
          retryAt: row.status === 'unavailable' ? nextUnavailableRetry(checkedAt, row.attempts ?? 0) : null,
        },
      ];
    })
    .sort((a, b) => (stateOrder.get(a.state) ?? 0) - (stateOrder.get(b.state) ?? 0));
}
