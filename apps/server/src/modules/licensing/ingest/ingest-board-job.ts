import type { Platform } from '../../../platform/deps.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import type { LicenseSources } from '../license-sources.ts';
import { ingestBoard } from './ingest-board.ts';

/** The `ingest-board` job body. A failed bulk-file read throws, so pg-boss retries it later. */
export async function ingestBoardJob(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'> & { licensing?: LicenseSources },
  { boardId }: Payload<'ingestBoard'>,
): Promise<void> {
  if (!ctx.licensing) {
    ctx.log.info({ boardId }, 'ingest-board: no license sources configured, nothing to ingest');
    return;
  }
  const board = ctx.licensing.boards.find((b) => b.id === boardId);
  // Retrying cannot help a board that is not configured.
  if (!board) {
    ctx.log.error({ boardId }, 'ingest-board: unknown board');
    return;
  }
  const counts = await ingestBoard(ctx, ctx.licensing, board);
  if (!counts) ctx.log.info({ boardId }, 'ingest-board: board offers look-ups only, no bulk file to ingest');
}
