import { MANUAL_VERIFICATION_VALID_DAYS } from '@licensewatch/shared/license-sources';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { recordEvents } from './events/record-events.ts';
import { eventEnvelope, licenseJson } from './events/webhook-payload-sql.ts';

/**
 * license.verification_due: a license verified by hand whose newest verification is
 * MANUAL_VERIFICATION_VALID_DAYS old (docs/product-rules.md, Verification by hand), one per
 * verification and subscribed endpoint of its workspace, with the license as every license.* event
 * shows it, the check (day, who) and the reports tracking it. Written in the transaction that marks the
 * verification told; the event id is the verification's, so a retry writes nothing twice, and a newer
 * verification is a new event. Answers how many deliveries it wrote.
 */
export async function enqueueVerificationDue(tx: Tx, verificationIds: readonly string[]): Promise<number> {
  if (verificationIds.length === 0) return 0;
  const eventId = sql.raw(`'license.verification_due:' || v.id`);
  return recordEvents(
    tx,
    sql`
    SELECT v.workspace_id, ${eventId} AS event_id, 'license.verification_due' AS type,
      ${eventEnvelope(
        eventId,
        'license.verification_due',
        sql`jsonb_build_object('checked_on', v.checked_on, 'verified_by', v.verified_by_name,
          'due_on', v.checked_on + ${MANUAL_VERIFICATION_VALID_DAYS}::int,
          'license', ${licenseJson},
          'reports', (SELECT jsonb_agg(jsonb_build_object('id', r2.id, 'name', r2.name) ORDER BY r2.created_at)
                      FROM report r2 JOIN report_license rl2 ON rl2.report_id = r2.id
                      WHERE rl2.license_id = l.id AND rl2.hidden_at IS NULL AND r2.workspace_id = v.workspace_id))`,
      )} AS payload
    FROM manual_verification v
    JOIN license l ON l.id = v.license_id
    WHERE v.id = ANY(${sql.param([...verificationIds])}::text[])`,
  );
}
