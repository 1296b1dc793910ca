import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { renewWhileWorking } from '../../../platform/jobs/renew-while-working.ts';
import type { RefreshChunkKind } from '../tables.ts';

/**
 * A claim not renewed for this long is free: its worker died. The claimer renews it every third of
 * that while it works, so another worker may take the chunk over about as soon as pg-boss hands the
 * dead worker's job on (the refresh queues' `aliveSeconds`, platform/jobs/queues.ts), not after
 * the hour a board's chunk may take. Doing a chunk twice is safe: numbers seen since the run began
 * are not asked again, and the registry's merge turns a change into one event.
 */
export const CHUNK_LEASE_SECONDS = 30;

export type ClaimedChunk = {
  /** The run's start: board answers seen since then need no second question. */
  runStartedAt: Date;
  firstReportId: string | null;
  lastReportId: string | null;
  /** Stops renewing the claim: call it when the chunk is finished or given up. */
  release: () => void;
};

/**
 * Takes a chunk of a refresh run for this worker and keeps it while the worker lives: null when it
 * is done, or claimed by a worker that renewed its claim less than CHUNK_LEASE_SECONDS ago.
 */
export async function claimRefreshChunk(
  { db, log }: Pick<Platform, 'db' | 'log'>,
  { runId, kind, key }: { runId: string; kind: RefreshChunkKind; key: string },
): Promise<ClaimedChunk | null> {
  const { rows } = await db.execute<{
    started_at: Date | string;
    first_report_id: string | null;
    last_report_id: string | null;
  }>(sql`
    UPDATE refresh_chunk c SET claimed_at = now()
    FROM refresh_run run
    WHERE run.id = c.run_id AND c.run_id = ${runId} AND c.kind = ${kind} AND c.key = ${key} AND c.done_at IS NULL
      AND (c.claimed_at IS NULL OR c.claimed_at < now() - make_interval(secs => ${CHUNK_LEASE_SECONDS}))
    RETURNING run.started_at, c.first_report_id, c.last_report_id`);
  const row = rows[0];
  if (!row) return null;
  const release = renewWhileWorking(
    CHUNK_LEASE_SECONDS / 3,
    () =>
      db.execute(sql`
        UPDATE refresh_chunk SET claimed_at = now()
        WHERE run_id = ${runId} AND kind = ${kind} AND key = ${key} AND done_at IS NULL`),
    log,
    { runId, kind, key },
  );
  return {
    runStartedAt: new Date(row.started_at),
    firstReportId: row.first_report_id,
    lastReportId: row.last_report_id,
    release,
  };
}
