import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { eventEnvelope, licenseJson } from './webhook-payload-sql.ts';

/**
 * A license_event's occurred_at is its transaction's start, and an ingest's transaction may commit
 * minutes after it started: events can appear behind the cursor. Each run therefore looks this far
 * behind it again; the dedupe key (the event's id) makes a second look deliver nothing twice.
 */
const LOOK_BACK = '1 hour';

/**
 * license.status_changed, fanned out from license_event (ADR 021: status events are written by
 * set-based ingest and refresh SQL in several places, which stay untouched). Each event of kind
 * 'status' since the cursor, for a license tracked (not hidden) in a report of a workspace with an
 * endpoint subscribed to it, becomes one delivery per endpoint — in the transaction that moves the
 * cursor, so an event is never skipped and never delivered twice. Returns the deliveries written.
 */
export async function fanOutStatusChanges({ db }: Pick<Platform, 'db'>): Promise<number> {
  return db.transaction(async (tx) => {
    // The first run starts an hour back; later ones from where the last one saw up to.
    await tx.execute(sql`
      INSERT INTO webhook_cursor (name, position) VALUES ('status', now() - interval '1 hour')
      ON CONFLICT (name) DO NOTHING`);
    const { rows } = await tx.execute<{ position: string }>(sql`
      SELECT position::text AS position FROM webhook_cursor WHERE name = 'status' FOR UPDATE`);
    const from = rows[0]?.position;
    if (!from) return 0;
    const eventId = sql.raw(`'license.status_changed:' || ev.id`);
    const inserted = await tx.execute(sql`
      INSERT INTO webhook_delivery (endpoint_id, event_type, event_id, dedupe_key, payload)
      SELECT e.id, 'license.status_changed', ${eventId}, ${eventId},
        ${eventEnvelope(
          eventId,
          'license.status_changed',
          sql`jsonb_build_object(
            'before', ev.before, 'after', ev.after, 'occurred_at', ev.occurred_at, 'license', ${licenseJson},
            'reports', (SELECT jsonb_agg(jsonb_build_object('id', r2.id, 'name', r2.name) ORDER BY r2.created_at)
                        FROM report r2 JOIN report_license rl2 ON rl2.report_id = r2.id
                        WHERE rl2.license_id = l.id AND rl2.hidden_at IS NULL AND r2.workspace_id = e.workspace_id))`,
        )}
      FROM license_event ev
      JOIN license l ON l.id = ev.license_id
      JOIN webhook_endpoint e ON e.enabled AND 'license.status_changed' = ANY(e.events)
        AND e.created_at <= ev.occurred_at
      WHERE ev.kind = 'status'
        AND ev.occurred_at > ${from}::timestamptz - ${sql.raw(`interval '${LOOK_BACK}'`)}
        AND EXISTS (
          SELECT 1 FROM report_license rl JOIN report r ON r.id = rl.report_id
          WHERE rl.license_id = ev.license_id AND rl.hidden_at IS NULL AND r.workspace_id = e.workspace_id
            AND rl.created_at < ev.occurred_at)
      ON CONFLICT DO NOTHING
      RETURNING 1`);
    await tx.execute(sql`
      UPDATE webhook_cursor SET position = greatest(position,
        coalesce((SELECT max(occurred_at) FROM license_event WHERE occurred_at > position), position))
      WHERE name = 'status'`);
    return inserted.rows.length;
  });
}
