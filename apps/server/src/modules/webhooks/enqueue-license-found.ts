import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { recordEvents } from './events/record-events.ts';
import { eventEnvelope, licenseJson, reportJson } from './events/webhook-payload-sql.ts';

/**
 * license.found for licenses newly attached to a report, written in the transaction that attaches
 * them (reports/update/match-report-states.ts, settleState; a confirmed possible match,
 * reports/candidates/confirm-report-candidate.ts): the outbox row exists exactly when the
 * attachment does. One per attachment and subscribed endpoint of the report's workspace; answers
 * how many deliveries it wrote.
 */
export async function enqueueLicenseFound(tx: Tx, reportLicenseIds: readonly string[]): Promise<number> {
  if (reportLicenseIds.length === 0) return 0;
  const eventId = sql.raw(`'license.found:' || rl.id`);
  return recordEvents(
    tx,
    sql`
    SELECT r.workspace_id, ${eventId} AS event_id, 'license.found' AS type,
      ${eventEnvelope(eventId, 'license.found', sql`jsonb_build_object('report', ${reportJson}, 'license', ${licenseJson})`)} AS payload
    FROM report_license rl
    JOIN report r ON r.id = rl.report_id
    JOIN license l ON l.id = rl.license_id
    WHERE rl.id = ANY(${sql.param([...reportLicenseIds])}::text[])`,
  );
}
