import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { session } from './tables.ts';

/** This session works in the organisation from now on, or in the user's own workspace (null). */
export async function setSessionWorkspace(
  db: Db | Tx,
  sessionToken: string,
  organisationId: string | null,
): Promise<void> {
  await db.update(session).set({ activeOrganisationId: organisationId }).where(eq(session.token, sessionToken));
}
