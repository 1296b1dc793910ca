import type { Platform } from '../../../platform/deps.ts';
import type { LicenseSources } from '../license-sources.ts';
import { partitionBoardsByRoster } from '../partition-boards-by-roster.ts';

/**
 * Queues one ingest-board job per roster board. singletonKey = board id: with the queue's
 * 'stately' policy a board already waiting is not queued twice, and one running gets at most
 * one successor.
 */
export async function enqueueRosterIngests(
  ctx: Pick<Platform, 'jobs'> & { licensing?: LicenseSources },
): Promise<string[]> {
  if (!ctx.licensing) return [];
  const { roster } = partitionBoardsByRoster(ctx.licensing);
  for (const board of roster) await ctx.jobs.send('ingestBoard', { boardId: board.id }, { singletonKey: board.id });
  return roster.map((b) => b.id);
}
