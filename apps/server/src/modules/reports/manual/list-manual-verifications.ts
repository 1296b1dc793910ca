import type { LicenseStatus } from '@licensewatch/shared/licenses';
import type { EvidenceType } from '@licensewatch/shared/manual-verification';
import { MESSAGES } from '@licensewatch/shared/messages';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';

export type ManualVerificationRow = {
  id: string;
  state: StateCode;
  licenseNumber: string;
  rawStatus: string;
  status: LicenseStatus;
  issueDate: string | null;
  expiryDate: string | null;
  discipline: string | null;
  checkedOn: string;
  recordedAt: Date;
  verifiedByName: string;
  evidenceName: string;
  evidenceType: EvidenceType;
  evidenceSize: number;
  evidenceSha256: string;
};

/** Verifications by hand, newest check first (the bytes of their evidence stay where they are). */
export async function selectManualVerifications(
  db: Db | Tx,
  which: { verificationId: string } | { licenseId: string },
): Promise<ManualVerificationRow[]> {
  const { rows } = await db.execute<{
    id: string;
    jurisdiction: StateCode;
    license_number: string;
    raw_status: string;
    status: LicenseStatus;
    issue_date: string | null;
    expiry_date: string | null;
    discipline: string | null;
    checked_on: string;
    recorded_at: string | Date;
    verified_by_name: string;
    evidence_name: string;
    evidence_type: EvidenceType;
    evidence_size: number;
    evidence_sha256: string;
  }>(sql`
    SELECT v.id, l.jurisdiction, v.license_number, v.raw_status, v.status, v.issue_date::text AS issue_date,
      v.expiry_date::text AS expiry_date, v.discipline, v.checked_on::text AS checked_on, v.recorded_at,
      v.verified_by_name, v.evidence_name, v.evidence_type, v.evidence_size, v.evidence_sha256
    FROM manual_verification v
    JOIN license l ON l.id = v.license_id
    WHERE ${'verificationId' in which ? sql`v.id = ${which.verificationId}` : sql`v.license_id = ${which.licenseId}`}
    ORDER BY v.checked_on DESC, v.recorded_at DESC`);
  return rows.map((r) => ({
    id: r.id,
    state: r.jurisdiction,
    licenseNumber: r.license_number,
    rawStatus: r.raw_status,
    status: r.status,
    issueDate: r.issue_date,
    expiryDate: r.expiry_date,
    discipline: r.discipline,
    checkedOn: r.checked_on,
    recordedAt: new Date(r.recorded_at),
    verifiedByName: r.verified_by_name,
    evidenceName: r.evidence_name,
    evidenceType: r.evidence_type,
    evidenceSize: r.evidence_size,
    evidenceSha256: r.evidence_sha256,
  }));
}

/**
 * The verifications by hand of one license of one of the workspace's reports, newest first, for its
 * history. `reportLicenseId` is the report's row (the id the licenses call answers); a license of
 * another workspace's report answers 404 exactly like one that does not exist. A license read by a
 * machine has none: an empty list.
 */
export async function listManualVerifications(
  db: Db,
  workspaceId: string,
  reportId: string,
  reportLicenseId: string,
): Promise<ManualVerificationRow[]> {
  const { rows } = await db.execute<{ license_id: string }>(sql`
    SELECT rl.license_id FROM report_license rl JOIN report r ON r.id = rl.report_id
    WHERE rl.id = ${reportLicenseId} AND rl.report_id = ${reportId} AND r.workspace_id = ${workspaceId}`);
  const found = rows[0];
  if (!found) throw AppError.notFound(MESSAGES.reports.licenseNotFound);
  return selectManualVerifications(db, { licenseId: found.license_id });
}
