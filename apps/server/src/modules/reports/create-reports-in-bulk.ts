import { createReportRequestSchema } from '@licensewatch/shared/reports';
import { and, eq, inArray } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import { AppError, describeIssues } from '../../platform/errors.ts';
import { requireActivePlan } from '../plans/require-active-plan.ts';
import { insertReport, queueReportUpdate } from './create-report.ts';
import { listReports, type ReportSummary } from './list-reports.ts';
import { report } from './tables.ts';

export type BulkRowResult = {
  index: number;
  outcome: 'created' | 'existing' | 'failed';
  externalId: string | null;
  report: ReportSummary | null;
  error: { detail: string; code: string; status: number } | null;
};

/**
 * Creates many reports in one call (docs/product-rules.md, Reports by API key). Each row is what a
 * single create takes and is decided on its own, in order: a bad row, or one past the credits or
 * the plan's limits, is answered in its place with the single create's reason while the others go
 * ahead. A row whose externalId names a report of the workspace answers that report and spends
 * nothing — so a call repeated after a timeout creates nothing twice, and a second row naming an
 * id the first just created is that same report. An expired plan refuses the whole call first.
 */
export async function createReportsInBulk(
  ctx: Pick<Platform, 'db' | 'jobs' | 'log'>,
  workspaceId: string,
  rows: readonly unknown[],
): Promise<BulkRowResult[]> {
  const plan = await requireActivePlan(ctx.db, workspaceId);
  const parsed = rows.map((row) => createReportRequestSchema.safeParse(row));
  const asked = parsed.flatMap((p) => (p.success && p.data.externalId ? [p.data.externalId] : []));
  const known = new Map<string, string>();
  if (asked.length > 0) {
    const found = await ctx.db
      .select({ id: report.id, externalId: report.externalId })
      .from(report)
      .where(and(eq(report.workspaceId, workspaceId), inArray(report.externalId, asked)));
    for (const r of found) if (r.externalId) known.set(r.externalId, r.id);
  }

  // Each row is its own create (its checks and transaction); the updates are queued and the reports
  // read once all rows are decided, so the first updates do not slow the rows still being made.
  const results: (Omit<BulkRowResult, 'report'> & { reportId: string | null })[] = [];
  for (const [index, p] of parsed.entries()) {
    if (!p.success) {
      const detail = describeIssues(p.error.issues);
      results.push({
        index,
        outcome: 'failed',
        externalId: null,
        reportId: null,
        error: { detail, code: 'VALIDATION_ERROR', status: 400 },
      });
      continue;
    }
    const externalId = p.data.externalId ?? null;
    const existing = externalId === null ? undefined : known.get(externalId);
    try {
      if (existing !== undefined) {
        results.push({ index, outcome: 'existing', externalId, reportId: existing, error: null });
        continue;
      }
      const id = await insertReport(ctx.db, workspaceId, plan.planName, p.data);
      if (externalId !== null) known.set(externalId, id);
      results.push({ index, outcome: 'created', externalId, reportId: id, error: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({
        index,
        outcome: 'failed',
        externalId,
        reportId: null,
        error: { detail: err.message, code: err.code, status: err.status },
      });
    }
  }
  await Promise.all(
    results.flatMap((r) => (r.outcome === 'created' && r.reportId ? [queueReportUpdate(ctx, r.reportId, false)] : [])),
  );
  const reports = new Map((await listReports(ctx.db, workspaceId)).map((r) => [r.id, r]));
  return results.map(({ reportId, ...r }) => ({ ...r, report: (reportId && reports.get(reportId)) || null }));
}
