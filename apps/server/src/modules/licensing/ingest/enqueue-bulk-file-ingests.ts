import type { Platform } from '../../../platform/deps.ts';
import type { LicenseSources } from '../license-sources.ts';
import { partitionBoardsByBulkFile } from '../partition-boards-by-bulk-file.ts';

/**
 * Queues one ingest-board job per board with a bulk file. singletonKey = board id: with the queue's
 * 'stately' policy a board already waiting is not queued twice, and one running gets at most
 * one successor.
 */
export async function enqueueBulkFileIngests(
  ctx: Pick<Platform, 'jobs'> & { licensing?: LicenseSources },
): Promise<string[]> {
  if (!ctx.licensing) return [];
  const { withBulkFile } = partitionBoardsByBulkFile(ctx.licensing);
  for (const board of withBulkFile)
    await ctx.jobs.send('ingestBoard', { boardId: board.id }, { singletonKey: board.id });
  return withBulkFile.map((b) => b.id);
}
