import { eq, sql } from 'drizzle-orm';
import { report, reportState } from '../../../platform/db/schema.ts';
import type { Platform } from '../../../platform/deps.ts';
import type { LicenseSources } from '../../licensing/registry/license-sources.ts';
import { upsertLookedUpLicenses } from '../../licensing/registry/upsert-looked-up-licenses.ts';
import { queueReportExports } from '../exports/queue-report-exports.ts';
import { recountReports } from '../recount-reports.ts';
import { matchReportStates } from './match-report-states.ts';
import { type RecheckCounts, recheckTrackedLicenses } from './recheck-tracked-licenses.ts';

export type RefreshResult = RecheckCounts & { attached: number; stillUnavailable: number };

/**
 * The daily refresh of one report (docs/product-rules.md, Daily refresh): its tracked licenses are
 * checked again at their boards (changes recorded as license events), states whose board was
 * unavailable are searched live again, and the physician is re-matched in the registry so that
 * licenses which became confident since (a new roster row, a board searched for someone else) join
 * the report. Hidden licenses stay hidden. Sets update_excuted_date and queues the report's Google
 * Sheet and Airtable syncs. Null when the report is gone.
 */
export async function refreshReport(
  ctx: Pick<Platform, 'db' | 'pool' | 'log' | 'env' | 'jobs'> & { licensing?: LicenseSources },
  reportId: string,
): Promise<RefreshResult | null> {
  const { db } = ctx;
  const [rep] = await db.select().from(report).where(eq(report.id, reportId));
  if (!rep) return null;
  const recheck = await recheckTrackedLicenses(ctx, reportId);
  const states = await db
    .select({ state: reportState.state, status: reportState.status })
    .from(reportState)
    .where(eq(reportState.reportId, reportId));
  const store = (records: Parameters<typeof upsertLookedUpLicenses>[1]['records'], sourceKind: string) =>
    upsertLookedUpLicenses(ctx, { records, sourceKind, eventSource: 'refresh' });
  const retried = await matchReportStates(
    ctx,
    rep,
    states.filter((s) => s.status !== 'done').map((s) => s.state),
    { live: true, store },
  );
  const rematched = await matchReportStates(
    ctx,
    rep,
    states.filter((s) => s.status === 'done').map((s) => s.state),
    { live: false },
  );
  if (!retried || !rematched) return null;
  const refreshed = await db
    .update(report)
    .set({ updateExecutedAt: sql`now()` })
    .where(eq(report.id, reportId))
    .returning({ id: report.id });
  if (refreshed.length === 0) return null;
  await recountReports(db, [reportId]);
  await queueReportExports(ctx, reportId);
  const outcomes = [...retried, ...rematched];
  return {
    ...recheck,
    attached: outcomes.reduce((n, o) => n + o.attached, 0),
    stillUnavailable: outcomes.filter((o) => o.status === 'unavailable').length,
  };
}
