import type { LicenseStatus, LicenseType } from '@licensewatch/shared/licenses';
import { MESSAGES } from '@licensewatch/shared/messages';
import { JURISDICTIONS, type StateCode } from '@licensewatch/shared/states';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { describeCandidate } from '../../licensing/describe-candidate.ts';
import { type CandidateKind, report } from '../tables.ts';

export type ReportCandidateRow = {
  id: string;
  state: StateCode;
  licenseNumber: string;
  licenseType: LicenseType;
  nameOnLicense: string;
  boardStatus: LicenseStatus;
  rawStatus: string | null;
  issueDate: string | null;
  expiryDate: string | null;
  kind: CandidateKind;
  why: string;
  confidence: number;
};

const stateOrder = new Map<string, number>(JURISDICTIONS.map((j, i) => [j.code, i]));

/**
 * The possible matches of one of the user's reports still waiting for a decision, by state and
 * best first within it (docs/product-rules.md, Possible matches). Another user's report answers
 * 404 like a missing one.
 */
export async function listReportCandidates(
  db: Db,
  workspaceId: string,
  reportId: string,
): Promise<ReportCandidateRow[]> {
  const [owned] = await db
    .select({ id: report.id })
    .from(report)
    .where(and(eq(report.id, reportId), eq(report.workspaceId, workspaceId)));
  if (!owned) throw AppError.notFound(MESSAGES.reports.notFound);
  const { rows } = await db.execute<{
    id: string;
    state: StateCode;
    license_number: string;
    license_type: LicenseType;
    name_on_license: string;
    status: LicenseStatus;
    raw_status: string | null;
    issue_date: string | null;
    expiry_date: string | null;
    kind: CandidateKind;
    match_reason: string;
    confidence: number;
  }>(sql`
    SELECT c.id, c.state, l.license_number, coalesce(l.license_type, r.license_type) AS license_type,
      concat_ws(' ', l.first_name, l.middle_name, l.last_name, l.suffix) AS name_on_license,
      l.status, l.raw_status, l.issue_date::text AS issue_date, l.expiry_date::text AS expiry_date,
      c.kind, c.match_reason, c.confidence
    FROM report_candidate c
    JOIN report r ON r.id = c.report_id
    JOIN license l ON l.id = c.license_id
    WHERE c.report_id = ${reportId} AND c.status = 'open' AND l.license_number IS NOT NULL`);
  return rows
    .map(
      (r): ReportCandidateRow => ({
        id: r.id,
        state: r.state,
        licenseNumber: r.license_number,
        licenseType: r.license_type,
        nameOnLicense: r.name_on_license,
        boardStatus: r.status,
        rawStatus: r.raw_status,
        issueDate: r.issue_date,
        expiryDate: r.expiry_date,
        kind: r.kind,
        why: describeCandidate(r.kind, r.match_reason),
        confidence: r.confidence,
      }),
    )
    .sort((a, b) => (stateOrder.get(a.state) ?? 0) - (stateOrder.get(b.state) ?? 0) || b.confidence - a.confidence);
}
