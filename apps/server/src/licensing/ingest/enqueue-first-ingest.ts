import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';

/**
 * On a registry that has never ingested anything (a fresh embedded demo), queue every board
 * roster so the demo has data within a minute. Later runs come from schedules and the CLI.
 */
export async function enqueueFirstIngest(ctx: Pick<AppContext, 'db' | 'jobs' | 'licensing' | 'log'>): Promise<number> {
  if (!ctx.licensing) return 0;
  const { rows } = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ingest_run`);
  if ((rows[0]?.n ?? 0) > 0) return 0;
  const { licensing } = ctx;
  // Look-up-only boards have no roster: their licenses arrive through live searches.
  const rosterBoards = licensing.boards.filter((b) => licensing.sourceFor(b.id).fetchRoster);
  for (const board of rosterBoards) {
    await ctx.jobs.send('ingestBoard', { boardId: board.id }, { singletonKey: board.id });
  }
  ctx.log.info({ boards: rosterBoards.length }, 'queued the first ingest of every roster board');
  return rosterBoards.length;
}
