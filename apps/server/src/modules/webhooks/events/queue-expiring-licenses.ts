import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { recordEvents } from './record-events.ts';
import { eventEnvelope, licenseJson } from './webhook-payload-sql.ts';

/**
 * license.expiring, daily: for each tracked (not hidden) license of a workspace, the tightest of the workspace's notice days it has reached (expiry-windows.ts; by
 * default 90, 60, 30, 14, 7, 3 and 0 — the same days as the SMS notices, ADR 046). The
 * key (license, threshold, expiry date) makes it once per threshold, and a run missed for a day or
 * two still sends it late rather than never; a renewed license (new expiry date) counts afresh.
 * Each is an event of the workspace, delivered to its subscribed endpoints (record-events.ts).
 * Answers the deliveries written.
 */
export async function queueExpiringLicenses({ db }: Pick<Platform, 'db'>): Promise<number> {
  const eventId = sql.raw(`'license.expiring:' || l.id || ':' || t.threshold || ':' || l.expiry_date`);
  return recordEvents(
    db,
    sql`
    WITH tracked AS (
      SELECT DISTINCT r.workspace_id, w.expiry_notice_days AS notice_days, rl.license_id
      FROM report r
      JOIN workspace w ON w.id = r.workspace_id
      JOIN report_license rl ON rl.report_id = r.id AND rl.hidden_at IS NULL
    )
    SELECT tr.workspace_id, ${eventId} AS event_id, 'license.expiring' AS type,
      ${eventEnvelope(
        eventId,
        'license.expiring',
        sql`jsonb_build_object('days_left', l.expiry_date - current_date, 'threshold_days', t.threshold,
          'license', ${licenseJson},
          'reports', (SELECT jsonb_agg(jsonb_build_object('id', r2.id, 'name', r2.name) ORDER BY r2.created_at)
                      FROM report r2 JOIN report_license rl2 ON rl2.report_id = r2.id
                      WHERE rl2.license_id = l.id AND rl2.hidden_at IS NULL AND r2.workspace_id = tr.workspace_id))`,
      )} AS payload
    FROM tracked tr
    JOIN license l ON l.id = tr.license_id AND l.expiry_date >= current_date
    CROSS JOIN LATERAL (
      SELECT min(th) AS threshold FROM unnest(tr.notice_days) th WHERE l.expiry_date - current_date <= th
    ) t
    WHERE t.threshold IS NOT NULL`,
  );
}

/** A run missed for this many days still tells it, late rather than never. */
const EXPIRED_CATCH_UP_DAYS = 7;

/**
 * license.expired, daily: each tracked (not hidden) license whose expiry date passed the
 * workspace's `expired_after_days` ago or more (expiry-windows.ts, ADR 046; 3 by default — a board
 * posts renewals late), up to a week more for missed runs, and was not moved since. Once per license
 * and expiry date: a renewal that comes later and lapses again is told again. Answers the
 * deliveries written.
 */
export async function queueExpiredLicenses({ db }: Pick<Platform, 'db'>): Promise<number> {
  const eventId = sql.raw(`'license.expired:' || l.id || ':' || l.expiry_date`);
  return recordEvents(
    db,
    sql`
    WITH tracked AS (
      SELECT DISTINCT r.workspace_id, w.expired_after_days AS after_days, rl.license_id
      FROM report r
      JOIN workspace w ON w.id = r.workspace_id
      JOIN report_license rl ON rl.report_id = r.id AND rl.hidden_at IS NULL
    )
    SELECT tr.workspace_id, ${eventId} AS event_id, 'license.expired' AS type,
      ${eventEnvelope(
        eventId,
        'license.expired',
        sql`jsonb_build_object('days_since', current_date - l.expiry_date, 'license', ${licenseJson},
          'reports', (SELECT jsonb_agg(jsonb_build_object('id', r2.id, 'name', r2.name) ORDER BY r2.created_at)
                      FROM report r2 JOIN report_license rl2 ON rl2.report_id = r2.id
                      WHERE rl2.license_id = l.id AND rl2.hidden_at IS NULL AND r2.workspace_id = tr.workspace_id))`,
      )} AS payload
    FROM tracked tr
    JOIN license l ON l.id = tr.license_id
    WHERE l.expiry_date <= current_date - tr.after_days
      AND l.expiry_date > current_date - tr.after_days - ${EXPIRED_CATCH_UP_DAYS}::int`,
  );
}
