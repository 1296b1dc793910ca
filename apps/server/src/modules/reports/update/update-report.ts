import type { StateCode } from '@licensewatch/shared/states';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { report, reportState } from '../../../platform/db/schema.ts';
import type { Platform } from '../../../platform/deps.ts';
import type { LicenseSources } from '../../licensing/registry/license-sources.ts';
import { enqueueReportUpdated } from '../../webhooks/events/enqueue-report-updated.ts';
import { queueReportExports } from '../exports/queue-report-exports.ts';
import { recountReports } from '../recount-reports.ts';
import { matchReportStates } from './match-report-states.ts';
import { readMatchMarker } from './read-match-marker.ts';

export type ReportUpdateResult = {
  /** States still unavailable after this run, with how often each has been tried. */
  unavailable: { state: StateCode; attempts: number }[];
};

/**
 * The background update of one report: every state not yet done is matched (pending ones, and
 * unavailable ones again). Settled states are skipped, which is what makes a re-run after a
 * worker died resume where it stopped. `update_excuted_date` is set once no state is pending,
 * and then the report's Google Sheet and Airtable syncs are queued. Null when the report no
 * longer exists.
 */
export async function updateReport(
  ctx: Pick<Platform, 'db' | 'pool' | 'log' | 'env' | 'jobs'> & { licensing?: LicenseSources },
  reportId: string,
): Promise<ReportUpdateResult | null> {
  const { db } = ctx;
  const [rep] = await db.select().from(report).where(eq(report.id, reportId));
  if (!rep) return null;
  const open = await db
    .select({ state: reportState.state })
    .from(reportState)
    .where(and(eq(reportState.reportId, reportId), ne(reportState.status, 'done')));
  // A duplicate job (a dead worker's, expired and retried) finds nothing to do; it only finishes
  // an update whose worker died after settling every state, so its progress reaches 100.
  if (open.length === 0) {
    await db
      .update(report)
      .set({ updateExecutedAt: sql`now()` })
      .where(and(eq(report.id, reportId), isNull(report.updateExecutedAt)));
    return { unavailable: [] };
  }
  // The registry as of which this run decides: the daily refresh re-matches the report for rows changed since.
  const marker = await readMatchMarker(db);
  const outcomes = await matchReportStates(
    ctx,
    rep,
    open.map((s) => s.state),
    { live: true, holdUntilLookedUp: true },
  );
  if (!outcomes) return null;
  // Every look-up of the report's states is in the registry now: what was held back because the
  // registry might not yet know everyone of the name is decided again, with all of it.
  const deferred = outcomes.filter((o) => o.deferred > 0 && o.status === 'done').map((o) => o.state);
  if (deferred.length > 0 && !(await matchReportStates(ctx, rep, deferred, { live: false }))) return null;
  // The webhook report.updated is written with the mark, in one transaction (ADR 021).
  const executed = await db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
    UPDATE report SET update_executed_at = now(),
      -- States settled by an earlier run of this update were decided as of an earlier marker.
      refreshed_at = least(coalesce(refreshed_at, ${marker}::timestamptz), ${marker}::timestamptz)
    WHERE id = ${reportId}
      AND NOT EXISTS (SELECT 1 FROM report_state WHERE report_id = ${reportId} AND status = 'pending')
    RETURNING id`);
    if (rows.length > 0) await enqueueReportUpdated(tx, reportId);
    return rows;
  });
  // The counts the report shows from now on (recount-reports.ts), before the exports read it.
  await recountReports(db, [reportId]);
  if (executed.length > 0) await queueReportExports(ctx, reportId);
  // Its license.found and report.updated deliveries go now rather than at the next minute's dispatch.
  if (executed.length > 0) await ctx.jobs.send('dispatchWebhooks', {});
  const unavailable = await db
    .select({ state: reportState.state, attempts: reportState.attempts })
    .from(reportState)
    .where(and(eq(reportState.reportId, reportId), eq(reportState.status, 'unavailable')));
  return { unavailable };
}
