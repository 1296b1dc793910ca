import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { recordEvents } from './events/record-events.ts';
import { eventEnvelope } from './events/webhook-payload-sql.ts';

/**
 * report.updated, written in the transaction that marks the report's update executed
 * (reports/update/update-report.ts). The event is that update: its id carries the report and the
 * moment it finished, so a duplicate job finishing nothing new sends nothing.
 */
export async function enqueueReportUpdated(tx: Tx, reportId: string): Promise<void> {
  const eventId = sql.raw(
    `'report.updated:' || r.id || ':' || (extract(epoch FROM r.update_executed_at) * 1000)::bigint`,
  );
  await recordEvents(
    tx,
    sql`
    SELECT r.workspace_id, ${eventId} AS event_id, 'report.updated' AS type,
      ${eventEnvelope(
        eventId,
        'report.updated',
        sql.raw(`jsonb_build_object('report', jsonb_build_object(
          'id', r.id, 'name', r.name, 'first_name', r.first_name, 'last_name', r.last_name,
          'license_type', r.license_type, 'states', to_jsonb(r.states), 'update_executed_at', r.update_executed_at,
          'tracked_licenses', (SELECT count(*) FROM report_license rl WHERE rl.report_id = r.id AND rl.hidden_at IS NULL)))`),
      )} AS payload
    FROM report r
    WHERE r.id = ${reportId} AND r.update_executed_at IS NOT NULL`,
  );
}
