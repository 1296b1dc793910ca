import { isVerifiedByHand } from '@licensewatch/shared/license-sources';
import {
  MANUAL_VERIFICATION_MESSAGES as M,
  type recordManualVerificationSchema,
} from '@licensewatch/shared/manual-verification';
import { type StateCode, stateName, toStateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { user } from '../../accounts/tables.ts';
import { appendComplianceEntries } from '../../compliance/append-compliance-entries.ts';
import { normalizeLicenseNumber } from '../../licensing/find-by-number.ts';
import type { LicenseBoard } from '../../licensing/license-sources.ts';
import { lockLicenseByKey } from '../../licensing/lock-license-by-key.ts';
import { recordLicenseByHand } from '../../licensing/record-license-by-hand.ts';
import { enqueueLicenseFound } from '../../webhooks/enqueue-license-found.ts';
import { ensureRoomToTrack } from '../ensure-room-to-track.ts';
import { getReport } from '../get-report.ts';
import { recountReports } from '../recount-reports.ts';
import { manualVerification, manualVerificationEvidence } from '../tables.ts';
import { type ManualVerificationRow, selectManualVerifications } from './list-manual-verifications.ts';
import { readEvidenceFile } from './read-evidence-file.ts';

export type ManualVerificationInput = z.output<typeof recordManualVerificationSchema>;

export type RecordedVerification = { reportLicenseId: string; verification: ManualVerificationRow };

/** The license's own key among the board's rows: one private row per workspace and number. */
export const manualRecordKey = (workspaceId: string, licenseNumber: string) =>
  `manual:${workspaceId}:${normalizeLicenseNumber(licenseNumber)}`;

/**
 * A person verified a license by hand on the look-up of a board no machine may read (docs/product-rules.md,
 * Verification by hand) and records it on a report of the acting workspace. Refused before anything is
 * stored when the report is not the workspace's (404), the state is not the report's (400), a machine
 * reads the state's board for the report's license type (409), or the evidence is not a PDF, PNG or JPEG
 * of at most 5 MB (400). Then, in one transaction: the workspace's private license row for that board and
 * number takes the verification's data when it is the newest check (licensing's recordLicenseByHand); the
 * verification and its evidence are stored; the license is tracked on the report — within the plan's
 * tracked-license limit, as confirming a possible match is — and the report recounted; the check is
 * appended to the workspace's compliance ledger with its evidence's SHA-256 (ADR 040); a new
 * attachment writes its license.found webhook, sent at once.
 */
export async function recordManualVerification(
  ctx: Pick<Platform, 'db' | 'jobs'> & { boards: readonly LicenseBoard[] },
  { userId, workspaceId }: { userId: string; workspaceId: string },
  reportId: string,
  input: ManualVerificationInput,
): Promise<RecordedVerification> {
  const report = await getReport(ctx.db, workspaceId, reportId);
  const state = toStateCode(input.state) as StateCode;
  if (!report.states.includes(state)) throw AppError.validation(`state: ${M.stateNotInReport(stateName(state))}`);
  const board = ctx.boards.find((b) => b.jurisdiction === state && b.licenseTypes.includes(report.licenseType));
  if (!board) throw new AppError('BOARD_READ_BY_MACHINE', M.noBoard(stateName(state)), 409);
  if (!isVerifiedByHand(board.method)) {
    throw new AppError('BOARD_READ_BY_MACHINE', M.readByMachine(stateName(state)), 409);
  }
  const evidence = readEvidenceFile(input.evidence);
  const [verifier] = await ctx.db
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(sql`${user.id} = ${userId}`);
  const verifiedByName = verifier?.name.trim() || verifier?.email || 'Unknown';
  const recordKey = manualRecordKey(workspaceId, input.license_number);
  const checkedAt = sql`(${input.checked_on}::date)::timestamp AT TIME ZONE 'UTC'`;

  const { recorded, deliveries } = await ctx.db.transaction(async (tx) => {
    const current = await lockLicenseByKey(tx, board.id, recordKey);
    let newest = true;
    if (current) {
      const [last] = await tx
        .select({ on: sql<string | null>`max(${manualVerification.checkedOn})::text` })
        .from(manualVerification)
        .where(sql`${manualVerification.licenseId} = ${current.id}`);
      newest = !last?.on || input.checked_on >= last.on;
    }
    const licenseId = await recordLicenseByHand(tx, {
      current,
      newest,
      workspaceId,
      board: { id: board.id, jurisdiction: state, licenseType: report.licenseType },
      recordKey,
      person: { firstName: report.firstName, middleName: report.middleName, lastName: report.lastName },
      licenseNumber: input.license_number,
      rawStatus: input.board_status_text,
      status: input.status,
      issued: input.issued,
      expires: input.expires,
      discipline: input.discipline,
      checkedAt,
    });

    const [stored] = await tx
      .insert(manualVerification)
      .values({
        licenseId,
        workspaceId,
        reportId,
        verifiedBy: userId,
        verifiedByName,
        checkedOn: input.checked_on,
        licenseNumber: input.license_number,
        rawStatus: input.board_status_text,
        status: input.status,
        issueDate: input.issued,
        expiryDate: input.expires,
        discipline: input.discipline,
        evidenceName: evidence.name,
        evidenceType: evidence.type,
        evidenceSize: evidence.size,
        evidenceSha256: evidence.sha256,
      })
      .returning({ id: manualVerification.id });
    const verificationId = (stored as { id: string }).id;
    await tx.insert(manualVerificationEvidence).values({ verificationId, content: evidence.content });

    // Tracked on the report from now on; a hidden one comes back, as restoring it would.
    const { rows: attachments } = await tx.execute<{ id: string; hidden: boolean }>(sql`
      SELECT id, hidden_at IS NOT NULL AS hidden FROM report_license
      WHERE report_id = ${reportId} AND license_id = ${licenseId}
      FOR UPDATE`);
    const attachment = attachments[0];
    let reportLicenseId: string;
    let found: string[] = [];
    if (!attachment) {
      await ensureRoomToTrack(tx, workspaceId, 'recordOverLimit');
      const { rows } = await tx.execute<{ id: string }>(sql`
        INSERT INTO report_license (report_id, license_id, confidence, match_reason)
        VALUES (${reportId}, ${licenseId}, 1, ${`verified by hand by ${verifiedByName}`})
        RETURNING id`);
      reportLicenseId = (rows[0] as { id: string }).id;
      found = [reportLicenseId];
    } else {
      reportLicenseId = attachment.id;
      if (attachment.hidden) {
        await ensureRoomToTrack(tx, workspaceId, 'recordOverLimit');
        await tx.execute(sql`UPDATE report_license SET hidden_at = NULL WHERE id = ${reportLicenseId}`);
      }
    }
    await recountReports(tx, [reportId]);
    // The check and its evidence's hash in the workspace's compliance ledger (ADR 040), with the verification.
    await appendComplianceEntries(tx, [
      {
        workspaceId,
        reportId,
        subject: [report.firstName, report.middleName, report.lastName].filter(Boolean).join(' '),
        kind: 'license',
        state,
        licenseNumber: input.license_number,
        source: board.name,
        sourceUrl: board.lookupUrl,
        method: 'manual',
        result: {
          found: true,
          status: input.status,
          board_status: input.board_status_text,
          expires: input.expires,
          verified_by: verifiedByName,
        },
        evidenceSha256: evidence.sha256,
        checkedAt: new Date(`${input.checked_on}T00:00:00Z`),
      },
    ]);
    const deliveries = await enqueueLicenseFound(tx, found);
    const [verification] = await selectManualVerifications(tx, { verificationId });
    return { recorded: { reportLicenseId, verification: verification as ManualVerificationRow }, deliveries };
  });
  if (deliveries > 0) await ctx.jobs.send('dispatchWebhooks', {});
  return recorded;
}
