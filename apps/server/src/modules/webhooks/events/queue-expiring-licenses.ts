import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { eventEnvelope, licenseJson } from './webhook-payload-sql.ts';

/**
 * license.expiring, daily: for each tracked (not hidden) license of a workspace with a subscribed
 * endpoint, the tightest of the workspace's notice days it has reached (expiry-windows.ts; by
 * default 60, 30, 14, 7 and 0 — the same days as the SMS notices). The
 * key (license, threshold, expiry date) makes it once per threshold, and a run missed for a day or
 * two still sends it late rather than never; a renewed license (new expiry date) counts afresh.
 */
export async function queueExpiringLicenses({ db }: Pick<Platform, 'db'>): Promise<number> {
  const eventId = sql.raw(`'license.expiring:' || l.id || ':' || t.threshold || ':' || l.expiry_date`);
  const { rows } = await db.execute(sql`
    WITH tracked AS (
      SELECT DISTINCT e.id AS endpoint_id, e.workspace_id, w.expiry_notice_days AS notice_days, rl.license_id
      FROM webhook_endpoint e
      JOIN workspace w ON w.id = e.workspace_id
      JOIN report r ON r.workspace_id = e.workspace_id
      JOIN report_license rl ON rl.report_id = r.id AND rl.hidden_at IS NULL
      WHERE e.enabled AND 'license.expiring' = ANY(e.events)
    )
    INSERT INTO webhook_delivery (endpoint_id, event_type, event_id, dedupe_key, payload)
    SELECT tr.endpoint_id, 'license.expiring', ${eventId}, ${eventId},
      ${eventEnvelope(
        eventId,
        'license.expiring',
        sql`jsonb_build_object('days_left', l.expiry_date - current_date, 'threshold_days', t.threshold,
          'license', ${licenseJson},
          'reports', (SELECT jsonb_agg(jsonb_build_object('id', r2.id, 'name', r2.name) ORDER BY r2.created_at)
                      FROM report r2 JOIN report_license rl2 ON rl2.report_id = r2.id
                      WHERE rl2.license_id = l.id AND rl2.hidden_at IS NULL AND r2.workspace_id = tr.workspace_id))`,
      )}
    FROM tracked tr
    JOIN license l ON l.id = tr.license_id AND l.expiry_date >= current_date
    CROSS JOIN LATERAL (
      SELECT min(th) AS threshold FROM unnest(tr.notice_days) th WHERE l.expiry_date - current_date <= th
    ) t
    WHERE t.threshold IS NOT NULL
    ON CONFLICT DO NOTHING
    RETURNING 1`);
  return rows.length;
}
