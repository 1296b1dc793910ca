import type { Platform } from '../../../platform/deps.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import type { LicenseSources } from '../license-sources.ts';
import { seedLookupBoard } from './seed-lookup-board.ts';

/** The `seed-lookup-board` job body. Throws when the board answered no search, so pg-boss asks again later. */
export async function seedLookupBoardJob(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'> & { licensing?: LicenseSources },
  { boardId }: Payload<'seedLookupBoard'>,
): Promise<void> {
  const board = ctx.licensing?.boards.find((b) => b.id === boardId);
  // Retrying cannot help a board that is not configured.
  if (!ctx.licensing || !board) {
    ctx.log.error({ boardId }, 'seed-lookup-board: unknown board');
    return;
  }
  const counts = await seedLookupBoard(ctx, ctx.licensing, board);
  if (!counts) ctx.log.info({ boardId }, 'seed-lookup-board: the board has a bulk file, its ingest reads everyone');
  else if (counts.searches === counts.failedSearches)
    throw new Error(`${boardId} answered none of ${counts.searches} seed searches`);
}
