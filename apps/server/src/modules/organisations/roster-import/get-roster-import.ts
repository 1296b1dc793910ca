import { ROSTER_IMPORT_MESSAGES } from '@licensewatch/shared/roster-import-messages';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { rosterImport } from '../tables.ts';

export type RosterImportRow = Omit<typeof rosterImport.$inferSelect, 'rows' | 'doneRows'>;

/** One import of the workspace; another workspace's answers 404 like a missing one. */
export async function getRosterImport(db: Db, workspaceId: string, id: string): Promise<RosterImportRow> {
  // The stored rows and their numbers stay out: a 5,000-row import polled every second would carry them each time.
  const { rows: _rows, doneRows: _doneRows, ...columns } = getTableColumns(rosterImport);
  const [found] = await db
    .select(columns)
    .from(rosterImport)
    .where(and(eq(rosterImport.id, id), eq(rosterImport.workspaceId, workspaceId)));
  if (!found) throw new AppError('NOT_FOUND', ROSTER_IMPORT_MESSAGES.importNotFound, 404);
  return found;
}
