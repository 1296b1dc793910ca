import type { Platform } from '../../../platform/deps.ts';
import { type Payload, QUEUES } from '../../../platform/jobs/queues.ts';
import type { LicenseSources } from '../../licensing/registry/license-sources.ts';
import { advanceRefreshRun } from './advance-refresh-run.ts';
import { claimRefreshChunk } from './claim-refresh-chunk.ts';
import { finishRefreshChunk } from './finish-refresh-chunk.ts';
import { recheckBoardLicenses } from './recheck-board-licenses.ts';

/**
 * A board chunk of a daily refresh run: its tracked licenses asked again once each
 * (recheck-board-licenses.ts), then the run moved on if it was the last board.
 */
export async function refreshBoardJob(
  ctx: Pick<Platform, 'db' | 'pool' | 'log' | 'jobs'> & { licensing?: LicenseSources },
  { runId, boardId }: Payload<'refreshBoard'>,
): Promise<void> {
  const chunk = { runId, kind: 'board' as const, key: boardId };
  const claimed = await claimRefreshChunk(ctx.db, {
    ...chunk,
    leaseSeconds: QUEUES.refreshBoard.options.expireInSeconds,
  });
  if (claimed) {
    const counts = await recheckBoardLicenses(ctx, { boardId, since: claimed.runStartedAt });
    if (counts.failures.length > 0) {
      ctx.log.warn({ runId, boardId, failures: counts.failures.slice(0, 20) }, 'tracked licenses not checked again');
    }
    await ctx.db.transaction((tx) =>
      finishRefreshChunk(tx, chunk, {
        asked: counts.checked,
        changed: counts.changed,
        events: counts.events,
        failures: counts.failures.length,
      }),
    );
  }
  await advanceRefreshRun(ctx, runId);
}
