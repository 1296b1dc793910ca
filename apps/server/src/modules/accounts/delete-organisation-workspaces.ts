import { inArray, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { organisation } from './tables.ts';

/**
 * Deletes these organisations, named by a subquery of ids; their workspace goes by trigger and
 * everything of the workspace (reports, plan, credits) by cascade.
 */
export async function deleteOrganisationWorkspaces(tx: Tx, ids: SQLWrapper | string[]): Promise<void> {
  await tx.delete(organisation).where(inArray(organisation.id, ids));
}
