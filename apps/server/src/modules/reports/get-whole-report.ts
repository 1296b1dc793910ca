import type { ReportDetail } from '@licensewatch/shared/report-monitoring';
import type { Platform } from '../../platform/deps.ts';
import type { ExclusionSources } from '../exclusions/exclusion-sources.ts';
import { readReportExclusions } from '../exclusions/read-report-exclusions.ts';
import { requireActivePlan } from '../plans/require-active-plan.ts';
import { listReportCandidates } from './candidates/list-report-candidates.ts';
import { getReport } from './get-report.ts';
import { listReportLicenses } from './list-report-licenses.ts';
import { presentReport, presentReportCandidate, presentReportLicense } from './present-report.ts';

/**
 * One of the workspace's reports with everything a system needs to act on it (docs/product-rules.md,
 * Reports by API key): its tracked licenses, exclusion screening and open possible matches. Needs
 * an active plan, as reading a report does in the browser; another workspace's id answers 404.
 */
export async function getWholeReport(
  ctx: Pick<Platform, 'db' | 'pool'> & { exclusions?: ExclusionSources | undefined },
  workspaceId: string,
  reportId: string,
): Promise<ReportDetail> {
  const { db } = ctx;
  await requireActivePlan(db, workspaceId);
  const found = await getReport(db, workspaceId, reportId);
  const [licenses, exclusions, candidates] = await Promise.all([
    listReportLicenses(db, workspaceId, found.id),
    readReportExclusions(ctx.pool, [found.id], { samConfigured: Boolean(ctx.exclusions?.sam) }),
    listReportCandidates(db, workspaceId, found.id),
  ]);
  return {
    ...presentReport(found),
    licenses: licenses.map(presentReportLicense),
    exclusions: exclusions.get(found.id) as NonNullable<ReturnType<typeof exclusions.get>>,
    candidates: candidates.map(presentReportCandidate),
  };
}
