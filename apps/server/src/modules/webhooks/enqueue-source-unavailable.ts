import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { recordEvents } from './events/record-events.ts';
import { eventEnvelope } from './events/webhook-payload-sql.ts';

/** A board of the state that could not be read, as the event shows it: `error` in words safe to show. */
export type UnavailableBoard = { id: string; name: string; lookup_url: string | null; error: string };

/**
 * source.unavailable, written in the transaction that settles a report's state as unavailable
 * (reports/update/match-report-states.ts, settleState) — only when the state turned unavailable
 * there, from pending or done (ADR 046): a retry that finds the board still down tells nothing
 * more, a state that read again and later fails is told again. The event is that turn: its id
 * carries the report, the state and the moment of the check. Reads the state's row as just
 * written (attempts, checked_at); answers how many deliveries it wrote.
 */
export async function enqueueSourceUnavailable(
  tx: Tx,
  {
    reportId,
    state,
    previousStatus,
    boards,
  }: { reportId: string; state: string; previousStatus: 'pending' | 'done'; boards: readonly UnavailableBoard[] },
): Promise<number> {
  const eventId = sql.raw(
    `'source.unavailable:' || r.id || ':' || s.state || ':' || (extract(epoch FROM s.checked_at) * 1000)::bigint`,
  );
  return recordEvents(
    tx,
    sql`
    SELECT r.workspace_id, ${eventId} AS event_id, 'source.unavailable' AS type,
      ${eventEnvelope(
        eventId,
        'source.unavailable',
        sql`jsonb_build_object(
          'report', jsonb_build_object('id', r.id, 'name', r.name, 'external_id', r.external_id),
          'state', s.state, 'status', s.status, 'previous_status', ${previousStatus}::text,
          'attempts', s.attempts, 'as_of', s.checked_at, 'boards', ${JSON.stringify(boards)}::jsonb)`,
      )} AS payload
    FROM report_state s
    JOIN report r ON r.id = s.report_id
    WHERE s.report_id = ${reportId} AND s.state = ${state} AND s.status = 'unavailable'`,
  );
}
