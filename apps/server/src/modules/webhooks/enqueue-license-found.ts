import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
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
  const { rowCount } = await tx.execute(sql`
    INSERT INTO webhook_delivery (endpoint_id, event_type, event_id, dedupe_key, payload)
    SELECT e.id, 'license.found', ${eventId}, ${eventId},
      ${eventEnvelope(eventId, 'license.found', sql`jsonb_build_object('report', ${reportJson}, 'license', ${licenseJson})`)}
    FROM report_license rl
    JOIN report r ON r.id = rl.report_id
    JOIN license l ON l.id = rl.license_id
    JOIN webhook_endpoint e ON e.workspace_id = r.workspace_id AND e.enabled AND 'license.found' = ANY(e.events)
    WHERE rl.id = ANY(${sql.param([...reportLicenseIds])}::text[])
    ON CONFLICT DO NOTHING`);
  return rowCount ?? 0;
}
