import type { Platform } from '../../../platform/deps.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { advanceRefreshRun } from './advance-refresh-run.ts';
import { refreshBoardChunk } from './refresh-board-chunk.ts';

/**
 * A board chunk of a daily refresh run: its tracked licenses asked again once each
 * (refresh-board-chunk.ts), then the run moved on if it was the last board.
 */
export async function refreshBoardJob(
  ctx: Pick<Platform, 'db' | 'pool' | 'log' | 'jobs'> & { licensing?: LicenseSources },
  { runId, boardId }: Payload<'refreshBoard'>,
): Promise<void> {
  const counts = await refreshBoardChunk(ctx, { runId, boardId });
  if (counts && counts.failures.length > 0) {
    ctx.log.warn({ runId, boardId, failures: counts.failures.slice(0, 20) }, 'tracked licenses not checked again');
  }
  await advanceRefreshRun(ctx, runId);
}
