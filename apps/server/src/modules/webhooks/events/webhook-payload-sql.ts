import { type SQL, sql } from 'drizzle-orm';

/**
 * The license as every license.* event shows it, from a `license` row aliased `l` (the fields the
 * search API names the same way).
 */
export const licenseJson: SQL = sql.raw(`jsonb_build_object(
  'id', l.id, 'state', l.jurisdiction, 'license_type', l.license_type, 'license_number', l.license_number,
  'first_name', l.first_name, 'middle_name', l.middle_name, 'last_name', l.last_name,
  'status', l.status, 'raw_status', l.raw_status, 'expiry_date', l.expiry_date)`);

/** The report, from a `report` row aliased `r`. */
export const reportJson: SQL = sql.raw(`jsonb_build_object('id', r.id, 'name', r.name)`);

/** The envelope every event has: `{id, type, created_at, data}`; the id is the same on a retry or replay. */
export function eventEnvelope(eventId: SQL, type: string | SQL, data: SQL): SQL {
  return sql`jsonb_build_object('id', ${eventId}, 'type', ${type}::text, 'created_at', now(), 'data', ${data})`;
}
