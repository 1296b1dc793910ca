import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';

/**
 * The registry moment a match about to be made is "as of" (`report.refreshed_at`), as text to keep
 * the database's microseconds: now, or the start of the oldest transaction still open in this
 * database if earlier. A row written by a transaction open now carries an updated_at (its start,
 * now() in the merge) no earlier than this, so a refresh comparing with it sees that row as changed
 * even if this match could not see it yet. Only our own client sessions write registry rows: a long
 * autovacuum, or the job queue polling and maintaining its tables on its own connections (pg-boss
 * names them `pgboss`), would hold the moment back for nothing — re-matching more than needed,
 * never less. Read before the match reads anything.
 */
export async function readMatchMarker(db: Db): Promise<string> {
  const { rows } = await db.execute<{ marker: string }>(sql`
    SELECT least(now(), (SELECT min(xact_start) FROM pg_stat_activity
      WHERE datname = current_database() AND backend_type = 'client backend' AND xact_start IS NOT NULL
        AND application_name IS DISTINCT FROM 'pgboss'))::text
      AS marker`);
  return rows[0]?.marker as string;
}
