import type { Tx } from '../../platform/db/client.ts';
import { organisation } from './tables.ts';

/**
 * A new organisation's row, and with it (by trigger, ADR 019) its workspace. Accounts owns the
 * workspaces, a user's or an organisation's (ADR 035); who is in an organisation is the
 * organisations module's.
 */
export async function createOrganisationWorkspace(tx: Tx, name: string): Promise<{ id: string }> {
  const [created] = await tx.insert(organisation).values({ name }).returning({ id: organisation.id });
  if (!created) throw new Error('organisation not stored');
  return created;
}
