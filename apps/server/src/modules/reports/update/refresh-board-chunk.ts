import type { Platform } from '../../../platform/deps.ts';
import { crashPoint } from '../../../platform/jobs/crash-point.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { claimRefreshChunk } from './claim-refresh-chunk.ts';
import { finishRefreshChunk } from './finish-refresh-chunk.ts';
import { type RecheckCounts, recheckBoardLicenses } from './recheck-board-licenses.ts';

/**
 * One board's chunk of a daily refresh run, for whichever worker claims it: its tracked licenses
 * asked again (recheck-board-licenses.ts), then the chunk marked done with what that found. Null
 * when the chunk is done or another living worker holds it.
 */
export async function refreshBoardChunk(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'> & { licensing?: LicenseSources },
  { runId, boardId }: { runId: string; boardId: string },
): Promise<RecheckCounts | null> {
  const chunk = { runId, kind: 'board' as const, key: boardId };
  const claimed = await claimRefreshChunk(ctx, chunk);
  if (!claimed) return null;
  try {
    const counts = await recheckBoardLicenses(ctx, { boardId, runStartedAt: claimed.runStartedAt });
    // Asked, not yet marked: a worker dying here leaves the chunk to be claimed again (ADR 032).
    crashPoint('refresh-board:asked');
    await ctx.db.transaction((tx) =>
      finishRefreshChunk(tx, chunk, {
        asked: counts.checked,
        changed: counts.changed,
        events: counts.events,
        failures: counts.failures.length,
      }),
    );
    return counts;
  } finally {
    claimed.release();
  }
}
