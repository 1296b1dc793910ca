import { MESSAGES } from '@licensewatch/shared/messages';
import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { enqueueLicenseFound } from '../../webhooks/enqueue-license-found.ts';
import { ensureRoomToTrack } from '../ensure-room-to-track.ts';
import { recountReports } from '../recount-reports.ts';

/**
 * The user says a possible match is their physician's: the license is tracked from now on —
 * counted, refreshed, in the table and the plan's tracked-license limit (refused when the plan
 * has no place left, like restoring a hidden license). Confirming twice is not an error; a
 * rejected candidate, another user's or a missing one answers 404. The license is found then:
 * its webhook license.found is written with the attachment and sent at once (ADR 021).
 */
export async function confirmReportCandidate(
  ctx: Pick<Platform, 'db' | 'jobs'>,
  workspaceId: string,
  candidateId: string,
): Promise<void> {
  const deliveries = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      report_id: string;
      license_id: string;
      status: string;
      confidence: number;
      match_reason: string;
    }>(sql`
      SELECT c.report_id, c.license_id, c.status, c.confidence, c.match_reason
      FROM report_candidate c
      JOIN report r ON r.id = c.report_id
      WHERE c.id = ${candidateId} AND r.workspace_id = ${workspaceId}
      FOR UPDATE OF c`);
    const [found] = rows;
    if (!found || found.status === 'rejected') throw AppError.notFound(MESSAGES.reports.candidateNotFound);
    if (found.status === 'confirmed') return 0;
    await ensureRoomToTrack(tx, workspaceId, 'confirmOverLimit');
    // The reason keeps the matcher's doubt and says who resolved it.
    const attached = await tx.execute<{ id: string }>(sql`
      INSERT INTO report_license (report_id, license_id, confidence, match_reason)
      VALUES (${found.report_id}, ${found.license_id}, ${found.confidence},
        ${`confirmed by the user: ${found.match_reason}`})
      ON CONFLICT (report_id, license_id) DO NOTHING
      RETURNING id`);
    await tx.execute(
      sql`UPDATE report_candidate SET status = 'confirmed', decided_at = now() WHERE id = ${candidateId}`,
    );
    await recountReports(tx, [found.report_id]);
    return enqueueLicenseFound(
      tx,
      attached.rows.map((r) => r.id),
    );
  });
  if (deliveries > 0) await ctx.jobs.send('dispatchWebhooks', {});
}
