import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { apiKey, session } from './tables.ts';

/**
 * What a user loses with their seat in an organisation: the API keys that bill it, and every
 * session of theirs working in it goes back to their own workspace at its next request.
 */
export async function leaveOrganisation(tx: Tx, userId: string, organisationId: string): Promise<void> {
  await tx.delete(apiKey).where(and(eq(apiKey.userId, userId), eq(apiKey.workspaceId, organisationId)));
  await tx
    .update(session)
    .set({ activeOrganisationId: null })
    .where(and(eq(session.userId, userId), eq(session.activeOrganisationId, organisationId)));
}
