import { eq, or } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { user, verification } from './tables.ts';

/**
 * Deletes the user's row, inside the caller's transaction: every table of theirs with a foreign key
 * cascades; verification rows have none, so theirs go first. Reset codes hold the user id as their
 * value; better-auth's own tokens are keyed by email.
 */
export async function deleteUser(tx: Tx, { userId, email }: { userId: string; email: string }): Promise<void> {
  await tx.delete(verification).where(or(eq(verification.value, userId), eq(verification.identifier, email)));
  await tx.delete(user).where(eq(user.id, userId));
}
