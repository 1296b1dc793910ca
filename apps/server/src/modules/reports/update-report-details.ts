import { MESSAGES } from '@licensewatch/shared/messages';
import { ENTITLEMENTS, PLAN_LABELS, withinLimit } from '@licensewatch/shared/plans';
import type { UpdateReportRequest } from '@licensewatch/shared/report-monitoring';
import { STATE_CODES, type StateCode, stateName, toStateCode } from '@licensewatch/shared/states';
import { and, eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../platform/db/is-unique-violation.ts';
import type { Platform } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { requireActivePlan } from '../plans/require-active-plan.ts';
import { getReport } from './get-report.ts';
import type { ReportSummary } from './list-reports.ts';
import { setReportNpi } from './set-report-npi.ts';
import { report, reportState } from './tables.ts';

/**
 * Changes what a system may change of a report (docs/product-rules.md, Reports by API key): its
 * external_id, its NPI (screened again at once, as on the report page), its states, which may
 * only grow — each added state is pending and the report's update searches it, as at creation; no
 * credit is spent, as a report's own update spends none — and its check interval, which the next
 * daily refresh goes by (Check interval). Refused changes change nothing.
 */
export async function updateReportDetails(
  ctx: Pick<Platform, 'db' | 'pool' | 'jobs' | 'log'>,
  workspaceId: string,
  reportId: string,
  change: UpdateReportRequest,
): Promise<ReportSummary> {
  const { db } = ctx;
  const plan = await requireActivePlan(db, workspaceId);
  const before = await getReport(db, workspaceId, reportId);
  const added: StateCode[] = [];
  let states = before.states;
  if (change.states !== undefined) {
    const wanted = new Set(change.states.map((name) => toStateCode(name) as StateCode));
    if (before.states.some((code) => !wanted.has(code))) {
      throw AppError.validation(MESSAGES.reports.statesOnlyAdded(before.states.map(stateName).join(', ')));
    }
    states = STATE_CODES.filter((code) => wanted.has(code));
    added.push(...states.filter((code) => !before.states.includes(code)));
    const perReport = ENTITLEMENTS[plan.planName].statesPerReport;
    if (!withinLimit(states.length - 1, perReport)) {
      throw new AppError(
        'PLAN_LIMIT',
        `Your ${PLAN_LABELS[plan.planName]} plan allows ${perReport} states per report. Choose fewer states or upgrade your plan.`,
        403,
      );
    }
  }

  await db
    .transaction(async (tx) => {
      await tx
        .update(report)
        .set({
          states,
          ...(change.external_id === undefined ? {} : { externalId: change.external_id }),
          ...(change.check_interval === undefined ? {} : { checkInterval: change.check_interval }),
        })
        .where(and(eq(report.id, reportId), eq(report.workspaceId, workspaceId)));
      if (added.length > 0) {
        await tx
          .insert(reportState)
          .values(added.map((state) => ({ reportId, state })))
          .onConflictDoNothing();
      }
    })
    .catch(async (err: unknown) => {
      if (!isUniqueViolation(err) || !change.external_id) throw err;
      const { rows } = await db.execute<{ id: string }>(
        sql`SELECT id FROM report WHERE workspace_id = ${workspaceId} AND external_id = ${change.external_id}`,
      );
      throw new AppError(
        'EXTERNAL_ID_TAKEN',
        MESSAGES.reports.externalIdTaken(change.external_id, rows[0]?.id ?? 'another report'),
        409,
      );
    });
  if (change.npi !== undefined && change.npi !== before.npi) {
    await setReportNpi(ctx, { workspaceId, reportId, npi: change.npi });
  }
  if (added.length > 0) {
    // After commit, as at creation; should it fail, the pending states are resumed when a worker starts.
    await ctx.jobs
      .send('updateReport', { reportId, allAtOnce: false }, { singletonKey: reportId })
      .catch((err: unknown) => {
        ctx.log.error({ err, reportId }, 'could not queue the report update');
      });
  }
  return getReport(db, workspaceId, reportId);
}
