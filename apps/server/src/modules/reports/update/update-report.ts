import type { StateCode } from '@licensewatch/shared/states';
import { and, eq, sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { crashPoint } from '../../../platform/jobs/crash-point.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { enqueueReportUpdated } from '../../webhooks/enqueue-report-updated.ts';
import { hasWebhookEndpoints } from '../../webhooks/has-webhook-endpoints.ts';
import { queueReportExports } from '../exports/queue-report-exports.ts';
import { recountReports } from '../recount-reports.ts';
import { report, reportState } from '../tables.ts';
import { matchReportStates } from './match-report-states.ts';
import { readMatchMarker } from './read-match-marker.ts';
import { recordLicenseChecks } from './record-license-checks.ts';

export type ReportUpdateResult = {
  /** States still unavailable after this run, with how often each has been tried. */
  unavailable: { state: StateCode; attempts: number }[];
};

/**
 * The background update of one report: every state not yet done is matched (pending ones, and
 * unavailable ones again). Settled states are skipped, which is what makes a re-run after a
 * worker died resume where it stopped. Then every settled state is decided again from the
 * registry, which by then holds every look-up (match-report-states.ts, holdUntilLookedUp), so a
 * worker dying between the two passes loses nothing. `update_excuted_date` is set once no state is pending,
 * and then the report's Google Sheet and Airtable syncs are queued. Null when the report no
 * longer exists.
 */
export async function updateReport(
  ctx: Pick<Platform, 'db' | 'pool' | 'log' | 'env' | 'jobs'> & { licensing?: LicenseSources },
  reportId: string,
  /** Every state in one step rather than state by state (match-report-states.ts): for reports nobody watches. */
  { allAtOnce = false }: { allAtOnce?: boolean } = {},
): Promise<ReportUpdateResult | null> {
  const { db } = ctx;
  // The database's clock: another run of this update that marks it after this moment has told it.
  const { rows: clock } = await db.execute<{ now: string }>(sql`SELECT now()::text AS now`);
  const startedAt = clock[0]?.now;
  const [rep] = await db.select().from(report).where(eq(report.id, reportId));
  if (!rep) return null;
  const states = await db
    .select({ state: reportState.state, status: reportState.status })
    .from(reportState)
    .where(eq(reportState.reportId, reportId));
  const open = states.filter((s) => s.status !== 'done').map((s) => s.state);
  // A duplicate job (a dead worker's, expired and retried) of a finished update has nothing to do
  // but what that worker may have died before: the exports it queues after the mark (idempotent).
  if (open.length === 0 && rep.updateExecutedAt) {
    await queueReportExports(ctx, reportId);
    return { unavailable: [] };
  }
  // The registry as of which this run decides: the daily refresh re-matches the report for rows changed since.
  const marker = await readMatchMarker(db);
  // States a worker that died settled before this run, possibly with matches it held back.
  const settledEarlier = states.length > open.length;
  let held = false;
  if (open.length > 0) {
    const outcomes = await matchReportStates(ctx, rep, open, { live: true, holdUntilLookedUp: true, allAtOnce });
    if (!outcomes) return null;
    held = outcomes.some((o) => o.deferred > 0);
  }
  // Every look-up of the report's states is in the registry now: what was held back because the
  // registry might not yet know everyone of the name — in this run, or in one a worker died in
  // before this point — is decided again with all of it, in one registry match.
  if (held || settledEarlier) {
    const settled = (
      await db
        .select({ state: reportState.state })
        .from(reportState)
        .where(and(eq(reportState.reportId, reportId), eq(reportState.status, 'done')))
    ).map((s) => s.state);
    if (settled.length > 0 && !(await matchReportStates(ctx, rep, settled, { live: false }))) return null;
  }
  // The webhook report.updated and the compliance ledger's entries are written with the mark, in one
  // transaction (ADR 021, 040). Two runs of one update side by side (a dead worker's job retried
  // while a starting worker resumed it) both get here: the first to mark tells it, the other finds
  // it marked since it began and tells nothing.
  const executed = await db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
    UPDATE report SET update_executed_at = now(),
      -- States settled by an earlier run of this update were decided as of an earlier marker.
      refreshed_at = least(coalesce(refreshed_at, ${marker}::timestamptz), ${marker}::timestamptz)
    WHERE id = ${reportId}
      AND NOT EXISTS (SELECT 1 FROM report_state WHERE report_id = ${reportId} AND status = 'pending')
      AND (update_executed_at IS NULL OR update_executed_at < ${startedAt}::timestamptz)
    RETURNING id`);
    if (rows.length > 0) {
      await enqueueReportUpdated(tx, reportId);
      // Its boards' checks, in the compliance ledger once: with the mark, which only one run makes.
      await recordLicenseChecks(tx, ctx.licensing?.boards ?? [], [reportId]);
    }
    return rows;
  });
  // The counts the report shows from now on (recount-reports.ts), before the exports read it.
  await recountReports(db, [reportId]);
  crashPoint('report-update:marked');
  if (executed.length > 0) await queueReportExports(ctx, reportId);
  // Its license.found and report.updated deliveries go now rather than at the next minute's dispatch.
  if (executed.length > 0 && (await hasWebhookEndpoints(db, rep.workspaceId)))
    await ctx.jobs.send('dispatchWebhooks', {});
  const unavailable = await db
    .select({ state: reportState.state, attempts: reportState.attempts })
    .from(reportState)
    .where(and(eq(reportState.reportId, reportId), eq(reportState.status, 'unavailable')));
  return { unavailable };
}
