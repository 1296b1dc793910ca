import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { RefreshChunkKind } from '../../../platform/db/schema.ts';

export type ClaimedChunk = {
  /** The run's start: board answers seen since then need no second question. */
  runStartedAt: Date;
  firstReportId: string | null;
  lastReportId: string | null;
};

/**
 * Takes a chunk of a refresh run for this worker: null when it is done, or claimed by another
 * worker less than `leaseSeconds` ago (the job's expiry: after that pg-boss gives a dead worker's
 * job to another, which may then take the chunk over).
 */
export async function claimRefreshChunk(
  db: Db,
  { runId, kind, key, leaseSeconds }: { runId: string; kind: RefreshChunkKind; key: string; leaseSeconds: number },
): Promise<ClaimedChunk | null> {
  const { rows } = await db.execute<{
    started_at: Date | string;
    first_report_id: string | null;
    last_report_id: string | null;
  }>(sql`
    UPDATE refresh_chunk c SET claimed_at = now()
    FROM refresh_run run
    WHERE run.id = c.run_id AND c.run_id = ${runId} AND c.kind = ${kind} AND c.key = ${key} AND c.done_at IS NULL
      AND (c.claimed_at IS NULL OR c.claimed_at < now() - make_interval(secs => ${leaseSeconds}))
    RETURNING run.started_at, c.first_report_id, c.last_report_id`);
  const row = rows[0];
  if (!row) return null;
  return {
    runStartedAt: new Date(row.started_at),
    firstReportId: row.first_report_id,
    lastReportId: row.last_report_id,
  };
}
