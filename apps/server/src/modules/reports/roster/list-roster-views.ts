import type { SavedRosterView } from '@licensewatch/shared/roster';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { rosterView } from '../tables.ts';

/** The user's saved roster views in this workspace, by name (docs/product-rules.md, The roster). */
export async function listRosterViews(
  db: Db,
  { workspaceId, userId }: { workspaceId: string; userId: string },
): Promise<{ views: SavedRosterView[] }> {
  const rows = await db
    .select()
    .from(rosterView)
    .where(and(eq(rosterView.workspaceId, workspaceId), eq(rosterView.userId, userId)))
    .orderBy(asc(sql`lower(${rosterView.name})`), asc(rosterView.id));
  return {
    views: rows.map((row) => ({
      id: row.id,
      name: row.name,
      query: row.query,
      updated_at: row.updatedAt.toISOString(),
    })),
  };
}
