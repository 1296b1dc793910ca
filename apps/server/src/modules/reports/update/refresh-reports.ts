import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import type { Platform } from '../../../platform/deps.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { upsertLookedUpLicenses } from '../../licensing/upsert-looked-up-licenses.ts';
import { queueReportExports } from '../exports/queue-report-exports.ts';
import { recountReports } from '../recount-reports.ts';
import { findReportsToRematch } from './find-reports-to-rematch.ts';
import { coveredByRefresh } from './list-reports-to-refresh.ts';
import { matchReportStates } from './match-report-states.ts';
import { readMatchMarker } from './read-match-marker.ts';
import { recordLicenseChecks } from './record-license-checks.ts';

/** Reports matched side by side in a chunk: each waits on the database between its JavaScript. */
const REMATCH_CONCURRENCY = 4;

export type ReportsRefreshCounts = {
  /** Reports refreshed (update_excuted_date set). */
  reports: number;
  /** Of those, re-matched in the registry (the rest had nothing new to match). */
  rematched: number;
  /** Licenses newly attached. */
  attached: number;
  /** States whose board is still unavailable after searching them again. */
  stillUnavailable: number;
};

export type ReportsRefreshResult = ReportsRefreshCounts & {
  refreshed: string[];
  /** Reports with license events since their last refresh: the ones status-change alerts may concern. */
  alertReportIds: string[];
};

/** Given reports, or a daily refresh run's range of ids (of the reports the run covers, as of its start). */
export type ReportsScope = { reportIds: readonly string[] } | { firstId: string; lastId: string; runStartedAt: Date };

type Row = {
  id: string;
  workspace_id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  license_type: LicenseType;
  states: StateCode[];
  refreshed_at: Date | string | null;
  open_states: StateCode[];
  done_states: StateCode[];
  over_limit: boolean;
};

/**
 * The daily refresh of a set of reports, after their look-up licenses were asked again
 * (recheck-board-licenses.ts): unavailable states are searched live again; reports whose names
 * gained or changed registry rows since their last refresh are re-matched in the registry
 * (find-reports-to-rematch.ts; all of them with `rematchAll`), so licenses which became confident
 * since join them (hidden ones stay hidden), and so are reports with matches left out by the plan's
 * limit; the others' states are marked checked in one statement. Then, in one transaction,
 * update_excuted_date and the registry marker of every report, their counters (recount-reports.ts)
 * and `finish` (the chunk's own bookkeeping); then their exports are queued. `beforeFinish` gets
 * the reports whose licenses have events since their last refresh (status-change alerts) before
 * that transaction, so a chunk retried after a crash hands them over again rather than never.
 * A range scope covers only reports its run covers (coveredByRefresh, list-reports-to-refresh.ts).
 */
export async function refreshReports(
  ctx: Pick<Platform, 'db' | 'pool' | 'log' | 'env' | 'jobs'> & { licensing?: LicenseSources },
  scope: ReportsScope,
  {
    rematchAll = false,
    beforeFinish,
    finish,
  }: {
    rematchAll?: boolean;
    beforeFinish?: (alertReportIds: string[]) => Promise<void>;
    finish?: (tx: Tx, counts: ReportsRefreshCounts) => Promise<void>;
  } = {},
): Promise<ReportsRefreshResult> {
  const { db } = ctx;
  const marker = await readMatchMarker(db);
  const where =
    'reportIds' in scope
      ? sql`r.id = ANY(${sql.param([...scope.reportIds])}::text[])`
      : sql`r.id BETWEEN ${scope.firstId} AND ${scope.lastId} AND ${coveredByRefresh(scope.runStartedAt)}`;
  const { rows } = await db.execute<Row>(sql`
    SELECT r.id, r.workspace_id, r.first_name, r.middle_name, r.last_name, r.license_type, r.states, r.refreshed_at,
      coalesce(array_agg(s.state) FILTER (WHERE s.status <> 'done'), '{}') AS open_states,
      coalesce(array_agg(s.state) FILTER (WHERE s.status = 'done'), '{}') AS done_states,
      coalesce(bool_or(s.over_limit > 0), false) AS over_limit
    FROM report r LEFT JOIN report_state s ON s.report_id = r.id
    WHERE ${where}
    GROUP BY r.id`);
  const reports = rows.map((r) => ({
    id: r.id,
    workspaceId: r.workspace_id,
    firstName: r.first_name,
    middleName: r.middle_name,
    lastName: r.last_name,
    licenseType: r.license_type,
    states: r.states,
    refreshedAt: r.refreshed_at === null ? null : new Date(r.refreshed_at),
    open: r.open_states,
    done: r.done_states,
    overLimit: r.over_limit,
  }));
  const rematch = rematchAll ? new Set(reports.map((r) => r.id)) : await findReportsToRematch(db, reports);
  // Room under the plan's limit may have opened since (a plan upgraded, a report deleted).
  for (const r of reports) if (r.overLimit) rematch.add(r.id);

  const counts: ReportsRefreshCounts = { reports: 0, rematched: 0, attached: 0, stillUnavailable: 0 };
  const gone = new Set<string>();
  const store = (records: Parameters<typeof upsertLookedUpLicenses>[1]['records'], sourceKind: string) =>
    upsertLookedUpLicenses(ctx, { records, sourceKind, eventSource: 'refresh' });
  const work = reports.filter((r) => r.open.length > 0 || (rematch.has(r.id) && r.done.length > 0));
  await Promise.all(
    Array.from({ length: Math.min(REMATCH_CONCURRENCY, work.length) }, async () => {
      for (let rep = work.shift(); rep; rep = work.shift()) {
        const retried = await matchReportStates(ctx, rep, rep.open, { live: true, store });
        const rematched = rematch.has(rep.id) ? await matchReportStates(ctx, rep, rep.done, { live: false }) : [];
        if (!retried || !rematched) {
          gone.add(rep.id);
          continue;
        }
        if (rematch.has(rep.id)) counts.rematched++;
        for (const outcome of [...retried, ...rematched]) {
          counts.attached += outcome.attached;
          if (outcome.status === 'unavailable') counts.stillUnavailable++;
        }
      }
    }),
  );
  const ids = reports.filter((r) => !gone.has(r.id)).map((r) => r.id);
  // Settled states of reports with nothing to re-match were checked all the same.
  const unmatched = reports.filter((r) => !gone.has(r.id) && !rematch.has(r.id) && r.done.length > 0).map((r) => r.id);
  if (unmatched.length > 0) {
    await db.execute(sql`
      UPDATE report_state SET attempts = attempts + 1, checked_at = now(), last_error = NULL
      WHERE report_id = ANY(${sql.param(unmatched)}::text[]) AND status = 'done'`);
  }
  const { rows: alerted } = await db.execute<{ id: string }>(sql`
    SELECT r.id FROM report r
    WHERE r.id = ANY(${sql.param(ids)}::text[])
      AND EXISTS (
        SELECT 1 FROM report_license rl JOIN license_event e ON e.license_id = rl.license_id
        WHERE rl.report_id = r.id AND rl.hidden_at IS NULL
          AND (r.refreshed_at IS NULL OR e.occurred_at >= r.refreshed_at))`);
  const alertReportIds = alerted.map((r) => r.id);
  if (beforeFinish) await beforeFinish(alertReportIds);

  const refreshed = await db.transaction(async (tx) => {
    const { rows: updated } = await tx.execute<{ id: string }>(sql`
      UPDATE report SET update_executed_at = now(), refreshed_at = ${marker}::timestamptz
      WHERE id = ANY(${sql.param(ids)}::text[])
      RETURNING id`);
    const done = updated.map((r) => r.id);
    // The boards' checks of the refreshed reports, in their compliance ledgers: one append per chunk.
    await recordLicenseChecks(tx, ctx.licensing?.boards ?? [], done);
    // The counts the reports show from now on (recount-reports.ts), before the exports read them.
    await recountReports(tx, done);
    counts.reports = done.length;
    await finish?.(tx, counts);
    return done;
  });
  for (const reportId of refreshed) await queueReportExports(ctx, reportId);
  const kept = new Set(refreshed);
  return { ...counts, refreshed, alertReportIds: alertReportIds.filter((id) => kept.has(id)) };
}
