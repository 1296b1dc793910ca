import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import type { LicenseSources } from '../license-sources.ts';
import { partitionBoardsByBulkFile } from '../partition-boards-by-bulk-file.ts';
import { enqueueBulkFileIngests } from './enqueue-bulk-file-ingests.ts';

export type FirstIngest = { bulkFileBoards: string[]; lookupBoards: string[] };

/**
 * On a registry that has never ingested anything (a fresh embedded demo), queue an ingest of every
 * board's bulk file and a seed search of every look-up-only board, so every jurisdiction has data
 * within a minute. Later runs come from the nightly schedule, live searches and the CLI.
 */
export async function enqueueFirstIngest(
  ctx: Pick<Platform, 'db' | 'jobs' | 'log'> & { licensing?: LicenseSources },
): Promise<FirstIngest> {
  const nothing: FirstIngest = { bulkFileBoards: [], lookupBoards: [] };
  if (!ctx.licensing) return nothing;
  const { rows } = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ingest_run`);
  if ((rows[0]?.n ?? 0) > 0) return nothing;
  // Jobs queued by an earlier start have no ingest_run row until a worker picks them up.
  if ((await ctx.jobs.pending('ingestBoard')) + (await ctx.jobs.pending('seedLookupBoard')) > 0) return nothing;

  const bulkFileBoards = await enqueueBulkFileIngests(ctx);
  const { lookupOnly } = partitionBoardsByBulkFile(ctx.licensing);
  for (const board of lookupOnly) {
    await ctx.jobs.send('seedLookupBoard', { boardId: board.id }, { singletonKey: board.id });
  }
  const lookupBoards = lookupOnly.map((b) => b.id);
  ctx.log.info(
    { bulkFileBoards: bulkFileBoards.length, lookupBoards: lookupBoards.length },
    'fresh registry: queued every bulk-file ingest and a seed search of every look-up-only board',
  );
  return { bulkFileBoards, lookupBoards };
}
