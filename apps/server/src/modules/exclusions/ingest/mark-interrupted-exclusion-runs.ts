import { eq, sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { exclusionIngestRun } from '../tables.ts';

export const INTERRUPTED_EXCLUSION_RUN =
  'interrupted: the process reading this file stopped before it finished; the next refresh read the lists again';

/**
 * Closes exclusion list runs left 'running' by a killed worker, as failed. Called as a refresh job
 * begins: the queue runs one refresh at a time (queues.ts, 'stately'), so a run still 'running'
 * then belongs to a process that died. What such a run merged, it merged whole (one transaction),
 * and the refresh reads every file again.
 */
export async function markInterruptedExclusionRuns({ db, log }: Pick<Platform, 'db' | 'log'>): Promise<number> {
  const marked = await db
    .update(exclusionIngestRun)
    .set({ status: 'failed', finishedAt: sql`now()`, error: INTERRUPTED_EXCLUSION_RUN })
    .where(eq(exclusionIngestRun.status, 'running'))
    .returning({ id: exclusionIngestRun.id });
  if (marked.length > 0)
    log.warn({ runs: marked }, 'exclusion list runs left running by a stopped process marked interrupted');
  return marked.length;
}
