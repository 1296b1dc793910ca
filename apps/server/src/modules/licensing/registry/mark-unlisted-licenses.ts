import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';

/** What a license reads once it has left a board's list of active licensees. */
export const UNLISTED_WORDS = "No longer on the board's list of active licensees";

/**
 * For a board that publishes its active licensees only (docs/sources.md, Active-only lists): the
 * licenses its complete list no longer holds are not active any more — expired, surrendered, revoked
 * or retired, the list does not say which. Each still read as listed (any status but unknown) becomes
 * `unknown` with UNLISTED_WORDS as the board's words, and a 'status' license_event records the change,
 * so a report shows it and its alerts follow. A workspace's verification by hand is not the board's.
 * Returns how many changed.
 */
export async function markUnlistedLicenses(
  db: Db,
  { boardId, notSeenSince }: { boardId: string; notSeenSince: Date },
): Promise<number> {
  const { rows } = await db.execute<{ changed: number }>(sql`
    WITH gone AS MATERIALIZED (
      SELECT l.id, l.status FROM license l
      WHERE l.board_id = ${boardId} AND l.workspace_id IS NULL
        AND l.last_seen_at < ${notSeenSince.toISOString()}::timestamptz AND l.status <> 'unknown'
    ),
    ev AS (
      INSERT INTO license_event (license_id, kind, before, after, source)
      SELECT id, 'status', status, 'unknown', 'ingest' FROM gone
      RETURNING 1
    ),
    up AS (
      UPDATE license SET status = 'unknown', raw_status = ${UNLISTED_WORDS}, updated_at = now()
      WHERE id IN (SELECT id FROM gone)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM up)::int AS changed, (SELECT count(*) FROM ev)::int AS events`);
  return rows[0]?.changed ?? 0;
}
