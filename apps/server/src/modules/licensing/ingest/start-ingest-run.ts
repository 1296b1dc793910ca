import type { Platform } from '../../../platform/deps.ts';
import { ingestRun } from '../tables.ts';
import { markInterruptedIngestRuns } from './mark-interrupted-ingest-runs.ts';

export type IngestRunHandle = { id: string; startedAt: Date };

/** Records a new 'running' ingest_run for the board, first closing the board's runs a dead process left open. */
export async function startIngestRun(ctx: Pick<Platform, 'db' | 'log'>, boardId: string): Promise<IngestRunHandle> {
  await markInterruptedIngestRuns(ctx, { boardId });
  const [run] = await ctx.db
    .insert(ingestRun)
    .values({ boardId })
    .returning({ id: ingestRun.id, startedAt: ingestRun.startedAt });
  if (!run) throw new Error('could not record the ingest run');
  return run;
}
