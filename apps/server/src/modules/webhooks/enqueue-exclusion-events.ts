import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { recordEvents } from './events/record-events.ts';
import { eventEnvelope, reportJson } from './events/webhook-payload-sql.ts';

/** The list entry as exclusion.* events show it, from an `exclusion` row aliased `x` and its match `m`. */
const exclusionJson = sql.raw(`jsonb_build_object(
  'match_id', m.id, 'source', upper(x.source), 'basis', m.basis, 'status', m.status,
  'first_name', x.first_name, 'middle_name', x.middle_name, 'last_name', x.last_name, 'npi', x.npi,
  'state', x.state, 'type', x.excl_type, 'excluded_on', x.excl_date, 'reinstated_on', x.rein_date)`);

/**
 * exclusion.added (a confirmed or possible match found for a report's physician) and
 * exclusion.reinstated (a confirmed exclusion ended), one per match and subscribed endpoint of the
 * report's workspace; the event id is the match's, so a retry writes nothing twice. Answers how
 * many deliveries it wrote.
 */
export async function enqueueExclusionEvents(
  tx: Tx,
  type: 'exclusion.added' | 'exclusion.reinstated',
  matchIds: readonly string[],
): Promise<number> {
  if (matchIds.length === 0) return 0;
  const eventId = sql.raw(`'${type}:' || m.id`);
  return recordEvents(
    tx,
    sql`
    SELECT r.workspace_id, ${eventId} AS event_id, ${type}::text AS type,
      ${eventEnvelope(eventId, type, sql`jsonb_build_object('report', ${reportJson}, 'exclusion', ${exclusionJson})`)} AS payload
    FROM exclusion_match m
    JOIN exclusion x ON x.id = m.exclusion_id
    JOIN report r ON r.id = m.report_id
    WHERE m.id = ANY(${sql.param([...matchIds])}::text[])`,
  );
}
