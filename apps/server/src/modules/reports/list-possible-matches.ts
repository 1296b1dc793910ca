import type { ReportCandidate } from '@licensewatch/shared/reports';
import type { Db } from '../../platform/db/client.ts';
import { requireActivePlan } from '../plans/require-active-plan.ts';
import { listReportCandidates } from './candidates/list-report-candidates.ts';
import { presentReportCandidate } from './present-report.ts';

/**
 * The possible matches of one of the workspace's reports that wait for a person's review
 * (docs/product-rules.md, Possible matches), as the API answers them. Needs an active plan.
 */
export async function listPossibleMatches(db: Db, workspaceId: string, reportId: string): Promise<ReportCandidate[]> {
  await requireActivePlan(db, workspaceId);
  return (await listReportCandidates(db, workspaceId, reportId)).map(presentReportCandidate);
}
