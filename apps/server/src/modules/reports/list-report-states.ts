import { MANUAL_VERIFICATION_VALID_DAYS, type SourceMethod } from '@licensewatch/shared/license-sources';
import { addDays, type LicenseType } from '@licensewatch/shared/licenses';
import { MESSAGES } from '@licensewatch/shared/messages';
import { JURISDICTIONS, type StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { LicenseBoard } from '../licensing/license-sources.ts';
import { type BoardCoverage, listBoardCoverage } from '../licensing/list-board-coverage.ts';
import { utcToday } from './recount-reports.ts';
import { nextUnavailableRetry } from './update/next-unavailable-retry.ts';

export type ReportStateOutcome =
  | 'found'
  | 'to_review'
  | 'none_found'
  | 'unavailable'
  | 'searching'
  | 'verify_by_hand'
  | 'verification_due';

export type ReportStateRow = {
  state: StateCode;
  outcome: ReportStateOutcome;
  /** Tracked licenses in the state: the rows the report's table shows for it. */
  licenses: number;
  /** Licenses the user hid in the state: found, but not tracked (so never "none found" in words). */
  hidden: number;
  /** Possible matches waiting for the user's decision (list-report-candidates). */
  toReview: number;
  checkedAt: Date | null;
  /** When an unavailable board is searched again; null when the daily refresh will. */
  retryAt: Date | null;
  /** The board licensing the report's type in the state, and how it is read; null when none is configured. */
  board: (Pick<BoardCoverage, 'boardId' | 'name' | 'lookupUrl' | 'methodDetail'> & { method: SourceMethod }) | null;
  /** For a state verified by hand: when its oldest current verification is due again (YYYY-MM-DD); null without one. */
  verificationDueOn: string | null;
};

const stateOrder = new Map<string, number>(JURISDICTIONS.map((j, i) => [j.code, i]));

/**
 * What became of each state a report asked for (docs/product-rules.md, Every state accounted
 * for): searching, found (with how many licenses the table shows there), to review (nothing
 * tracked, but possible matches wait for the user), none found, or board unavailable (with when
 * it is tried again). A state whose board no machine may read asks a person to verify it by hand
 * (`verify_by_hand`) until a verification is recorded, and again once one is older than
 * MANUAL_VERIFICATION_VALID_DAYS (`verification_due`). A board a machine should read but whose
 * last health check or probe failed is unavailable — never "none found" (docs/sources.md).
 */
export async function listReportStates(
  db: Db,
  workspaceId: string,
  reportId: string,
  boards: readonly LicenseBoard[] = [],
): Promise<ReportStateRow[]> {
  const { rows } = await db.execute<{
    state: StateCode | null;
    status: 'pending' | 'done' | 'unavailable' | null;
    attempts: number | null;
    checked_at: string | Date | null;
    license_type: LicenseType;
    licenses: number;
    hidden: number;
    to_review: number;
    verified_on: string | null;
  }>(sql`
    SELECT s.state, s.status, s.attempts, s.checked_at, r.license_type,
      coalesce(attached.licenses, 0) AS licenses, coalesce(attached.hidden, 0) AS hidden,
      (SELECT count(*)::int FROM report_candidate c
        WHERE c.report_id = r.id AND c.state = s.state AND c.status = 'open') AS to_review,
      -- The stalest of the state's licenses verified by hand: each one's newest check.
      (SELECT min(last_check)::text FROM (
        SELECT max(v.checked_on) AS last_check
        FROM report_license rl JOIN license l ON l.id = rl.license_id
        JOIN manual_verification v ON v.license_id = l.id
        WHERE rl.report_id = r.id AND l.jurisdiction = s.state AND rl.hidden_at IS NULL
          AND l.source_kind = 'manual'
        GROUP BY l.id) checks) AS verified_on
    FROM report r
    LEFT JOIN report_state s ON s.report_id = r.id
    -- The state's numbered licenses in one pass: the tracked ones and the ones the user hid.
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE rl.hidden_at IS NULL)::int AS licenses,
        count(*) FILTER (WHERE rl.hidden_at IS NOT NULL)::int AS hidden
      FROM report_license rl JOIN license l ON l.id = rl.license_id
      WHERE rl.report_id = r.id AND l.jurisdiction = s.state AND l.license_number IS NOT NULL
    ) attached ON true
    WHERE r.id = ${reportId} AND r.workspace_id = ${workspaceId}`);
  if (rows.length === 0) throw AppError.notFound(MESSAGES.reports.notFound);
  const coverage = await listBoardCoverage(db, boards);
  const today = utcToday();
  return rows
    .flatMap((row): ReportStateRow[] => {
      if (!row.state || !row.status) return [];
      const checkedAt = row.checked_at === null ? null : new Date(row.checked_at);
      const board = coverage.find((b) => b.jurisdiction === row.state && b.licenseTypes.includes(row.license_type));
      const byHand = board?.method === 'manual' || board?.method === 'off';
      const dueOn = row.verified_on === null ? null : addDays(row.verified_on, MANUAL_VERIFICATION_VALID_DAYS);
      // A board verified by hand may still hold licenses read otherwise (an operator's purchased list).
      const outcome: ReportStateOutcome = byHand
        ? dueOn !== null && dueOn <= today
          ? 'verification_due'
          : row.licenses > 0
            ? 'found'
            : 'verify_by_hand'
        : row.status === 'pending'
          ? 'searching'
          : row.status === 'unavailable' || board?.readable === false
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
          hidden: row.hidden,
          toReview: row.to_review,
          checkedAt,
          retryAt: row.status === 'unavailable' ? nextUnavailableRetry(checkedAt, row.attempts ?? 0) : null,
          board: board
            ? {
                boardId: board.boardId,
                name: board.name,
                lookupUrl: board.lookupUrl,
                method: board.method,
                methodDetail: board.methodDetail,
              }
            : null,
          verificationDueOn: dueOn,
        },
      ];
    })
    .sort((a, b) => (stateOrder.get(a.state) ?? 0) - (stateOrder.get(b.state) ?? 0));
}
