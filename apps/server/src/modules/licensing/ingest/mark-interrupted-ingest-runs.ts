import { and, eq, lt, sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { QUEUES } from '../../../platform/jobs/queues.ts';
import { ingestRun } from '../tables.ts';

/**
 * pg-boss gives up on a job after its expiry (and retries it), so a run still 'running' past the
 * longest expiry of the jobs that write runs belongs to a process that died mid-run.
 */
export const INTERRUPTED_AFTER_SECONDS = Math.max(
  QUEUES.ingestBoard.options.expireInSeconds,
  QUEUES.seedLookupBoard.options.expireInSeconds,
);

export const INTERRUPTED_ERROR = `interrupted: still running ${INTERRUPTED_AFTER_SECONDS} s after it started, past its job's expiry; the process running it stopped before it finished`;

/**
 * Closes ingest runs left 'running' by a killed worker, as failed with INTERRUPTED_ERROR: all of
 * them when a worker starts, one board's when a new run of that board starts.
 */
export async function markInterruptedIngestRuns(
  { db, log }: Pick<Platform, 'db' | 'log'>,
  { boardId }: { boardId?: string } = {},
): Promise<number> {
  const marked = await db
    .update(ingestRun)
    .set({ status: 'failed', finishedAt: sql`now()`, error: INTERRUPTED_ERROR })
    .where(
      and(
        eq(ingestRun.status, 'running'),
        lt(ingestRun.startedAt, sql`now() - make_interval(secs => ${INTERRUPTED_AFTER_SECONDS})`),
        boardId === undefined ? undefined : eq(ingestRun.boardId, boardId),
      ),
    )
    .returning({ id: ingestRun.id, boardId: ingestRun.boardId });
  if (marked.length > 0) log.warn({ runs: marked }, 'ingest runs left running by a stopped process marked interrupted');
  return marked.length;
}
