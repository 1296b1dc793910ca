import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';

/**
 * Records events and their deliveries in one statement, in the caller's transaction. `source` is a
 * SELECT of `workspace_id, event_id, type, payload` (payload built with eventEnvelope): each
 * becomes one event of its workspace — whether or not it has an endpoint, for the pull feed — once
 * per (workspace, event id), so a retry or a second look records nothing twice; and each newly
 * recorded event one delivery per enabled endpoint of its workspace subscribed to its type.
 * Answers the deliveries written.
 */
export async function recordEvents(tx: Tx | Db, source: SQL): Promise<number> {
  const { rows } = await tx.execute(sql`
    WITH ev AS (
      INSERT INTO webhook_event (workspace_id, event_id, type, payload)
      SELECT workspace_id, event_id, type, payload FROM (${source}) AS s
      ON CONFLICT (workspace_id, event_id) DO NOTHING
      RETURNING workspace_id, event_id, type, payload
    )
    INSERT INTO webhook_delivery (endpoint_id, event_type, event_id, dedupe_key, payload)
    SELECT e.id, ev.type, ev.event_id, ev.event_id, ev.payload
    FROM ev JOIN webhook_endpoint e ON e.workspace_id = ev.workspace_id AND e.enabled AND ev.type = ANY(e.events)
    ON CONFLICT DO NOTHING
    RETURNING 1`);
  return rows.length;
}
