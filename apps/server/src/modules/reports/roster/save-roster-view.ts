import {
  ROSTER_VIEWS_MAX,
  rosterFilterSchema,
  rosterQueryString,
  type SavedRosterView,
  type SavedRosterViewInput,
} from '@licensewatch/shared/roster';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { rosterView } from '../tables.ts';

/** The roster's query string as its filters and sort, parsed as the list itself parses them; null if they would be refused. */
function readFilters(query: string) {
  const params = Object.fromEntries(new URLSearchParams(query.replace(/^\?/, '')));
  const parsed = rosterFilterSchema.safeParse(params);
  return parsed.success ? parsed.data : null;
}

/**
 * Saves the roster's filters and sort under a name for this user in this workspace
 * (docs/product-rules.md, The roster): only what the roster list would accept, in one canonical
 * order; the same name replaces its query, a new one is refused past ROSTER_VIEWS_MAX.
 */
export async function saveRosterView(
  db: Db,
  { workspaceId, userId }: { workspaceId: string; userId: string },
  input: SavedRosterViewInput,
): Promise<SavedRosterView> {
  const filters = readFilters(input.query);
  if (!filters) throw AppError.validation("query: these filters are not the roster's");
  const query = rosterQueryString(filters);
  return db.transaction(async (tx) => {
    const mine = and(eq(rosterView.workspaceId, workspaceId), eq(rosterView.userId, userId));
    const [existing] = await tx
      .select({ id: rosterView.id })
      .from(rosterView)
      .where(and(mine, eq(rosterView.name, input.name)));
    if (!existing) {
      const [held] = await tx.select({ n: count() }).from(rosterView).where(mine);
      if ((held?.n ?? 0) >= ROSTER_VIEWS_MAX)
        throw new AppError(
          'ROSTER_VIEWS_FULL',
          `You have ${ROSTER_VIEWS_MAX} saved views, the most there can be. Delete one to save another.`,
          409,
        );
    }
    const [row] = await tx
      .insert(rosterView)
      .values({ workspaceId, userId, name: input.name, query })
      .onConflictDoUpdate({
        target: [rosterView.workspaceId, rosterView.userId, rosterView.name],
        set: { query, updatedAt: sql`now()` },
      })
      .returning();
    if (!row) throw new Error('roster view not stored');
    return { id: row.id, name: row.name, query: row.query, updated_at: row.updatedAt.toISOString() };
  });
}
