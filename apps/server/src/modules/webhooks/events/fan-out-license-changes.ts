import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { recordEvents } from './record-events.ts';
import { eventEnvelope, licenseJson } from './webhook-payload-sql.ts';

/**
 * A license_event's occurred_at is its transaction's start, and an ingest's transaction may commit
 * minutes after it started: events can appear behind the cursor. Each run therefore looks this far
 * behind it again; the dedupe key (the event's id) makes a second look deliver nothing twice.
 */
const LOOK_BACK = '1 hour';

/**
 * What each change of license_event is as an event: a status change; a discipline published (not
 * one withdrawn); an expiry moved later, the renewal (one moved earlier is a correction, and the
 * expiring and expired events follow the date whatever it is); the board no longer publishing it.
 */
const EVENT_OF_CHANGE = sql.raw(`CASE
  WHEN ev.kind = 'status' THEN 'license.status_changed'
  WHEN ev.kind = 'discipline' AND nullif(ev.after, '') IS NOT NULL THEN 'license.discipline_added'
  WHEN ev.kind = 'expiry' AND ev.after IS NOT NULL AND (ev.before IS NULL OR ev.after > ev.before) THEN 'license.renewed'
  WHEN ev.kind = 'removed' THEN 'license.removed'
END`);

/**
 * license.status_changed, license.discipline_added, license.renewed and license.removed, fanned out
 * from license_event (ADR 021: those are written by set-based ingest and refresh SQL in several
 * places, which stay untouched). Each change since the cursor, for a license tracked (not hidden)
 * in a report of a workspace since before it, becomes one event of that workspace and one delivery
 * per endpoint subscribed to it (record-events.ts) — in the transaction that moves the cursor, so a
 * change is never skipped and never recorded twice. Returns the deliveries written.
 */
export async function fanOutLicenseChanges({ db }: Pick<Platform, 'db'>): Promise<number> {
  return db.transaction(async (tx) => {
    // The first run starts an hour back; later ones from where the last one saw up to.
    await tx.execute(sql`
      INSERT INTO webhook_cursor (name, position) VALUES ('status', now() - interval '1 hour')
      ON CONFLICT (name) DO NOTHING`);
    const { rows } = await tx.execute<{ position: string }>(sql`
      SELECT position::text AS position FROM webhook_cursor WHERE name = 'status' FOR UPDATE`);
    const from = rows[0]?.position;
    if (!from) return 0;
    const eventId = sql.raw(`c.type || ':' || ev.id`);
    // One event per workspace tracking the license (not hidden) since before the change.
    const delivered = await recordEvents(
      tx,
      sql`
      SELECT w.workspace_id, ${eventId} AS event_id, c.type,
        ${eventEnvelope(
          eventId,
          sql.raw('c.type'),
          sql`jsonb_build_object(
            'before', ev.before, 'after', ev.after, 'occurred_at', ev.occurred_at, 'license', ${licenseJson},
            'reports', (SELECT jsonb_agg(jsonb_build_object('id', r2.id, 'name', r2.name) ORDER BY r2.created_at)
                        FROM report r2 JOIN report_license rl2 ON rl2.report_id = r2.id
                        WHERE rl2.license_id = l.id AND rl2.hidden_at IS NULL AND r2.workspace_id = w.workspace_id))`,
        )} AS payload
      FROM license_event ev
      CROSS JOIN LATERAL (SELECT ${EVENT_OF_CHANGE} AS type) c
      JOIN license l ON l.id = ev.license_id
      JOIN LATERAL (
        SELECT DISTINCT r.workspace_id FROM report_license rl JOIN report r ON r.id = rl.report_id
        WHERE rl.license_id = ev.license_id AND rl.hidden_at IS NULL AND rl.created_at < ev.occurred_at
      ) w ON true
      WHERE c.type IS NOT NULL
        AND ev.occurred_at > ${from}::timestamptz - ${sql.raw(`interval '${LOOK_BACK}'`)}`,
    );
    await tx.execute(sql`
      UPDATE webhook_cursor SET position = greatest(position,
        coalesce((SELECT max(occurred_at) FROM license_event WHERE occurred_at > position), position))
      WHERE name = 'status'`);
    return delivered;
  });
}
