import { type EvidenceType, MANUAL_VERIFICATION_MESSAGES } from '@licensewatch/shared/manual-verification';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';

export type ManualEvidence = { name: string; type: EvidenceType; content: Buffer };

/**
 * The evidence file of a verification by hand, for a member of the workspace that recorded it, through
 * one of its reports tracking the license (hidden or not: the evidence stays theirs). Any other
 * combination — another workspace's verification, a report that does not track it — answers 404 exactly
 * like a verification that does not exist.
 */
export async function readManualEvidence(
  db: Db,
  workspaceId: string,
  reportId: string,
  verificationId: string,
): Promise<ManualEvidence> {
  const { rows } = await db.execute<{ evidence_name: string; evidence_type: EvidenceType; content: Buffer }>(sql`
    SELECT v.evidence_name, v.evidence_type, e.content
    FROM manual_verification v
    JOIN manual_verification_evidence e ON e.verification_id = v.id
    WHERE v.id = ${verificationId} AND v.workspace_id = ${workspaceId}
      AND EXISTS (
        SELECT 1 FROM report_license rl JOIN report r ON r.id = rl.report_id
        WHERE rl.report_id = ${reportId} AND rl.license_id = v.license_id AND r.workspace_id = ${workspaceId})`);
  const found = rows[0];
  if (!found) throw AppError.notFound(MANUAL_VERIFICATION_MESSAGES.verificationNotFound);
  return { name: found.evidence_name, type: found.evidence_type, content: Buffer.from(found.content) };
}
