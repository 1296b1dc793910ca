import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { rosterView } from '../tables.ts';

/** Deletes one of the user's saved views in this workspace; anyone else's, or another workspace's, is not found. */
export async function deleteRosterView(
  db: Db,
  { workspaceId, userId, id }: { workspaceId: string; userId: string; id: string },
): Promise<{ id: string; deleted: true }> {
  const gone = await db
    .delete(rosterView)
    .where(and(eq(rosterView.id, id), eq(rosterView.workspaceId, workspaceId), eq(rosterView.userId, userId)))
    .returning({ id: rosterView.id });
  if (gone.length === 0) throw AppError.notFound('No saved view of yours has this id.');
  return { id, deleted: true };
}
