import type { Db } from '../../platform/db/client.ts';
import { setSessionWorkspace } from '../accounts/set-session-workspace.ts';
import { findMembership } from './members/find-membership.ts';

/**
 * Makes the session work in an organisation the user belongs to (404 otherwise), or in their own
 * workspace (null). Only this session: another device keeps working where it was.
 */
export async function switchWorkspace(
  db: Db,
  { userId, sessionToken, organisationId }: { userId: string; sessionToken: string; organisationId: string | null },
): Promise<void> {
  if (organisationId !== null) await findMembership(db, organisationId, userId);
  await setSessionWorkspace(db, sessionToken, organisationId);
}
