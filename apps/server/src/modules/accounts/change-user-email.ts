import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { user } from './tables.ts';

/** The user's sign-in address becomes the new one, verified: the link that confirms it proved it. */
export async function changeUserEmail(tx: Tx, userId: string, newEmail: string): Promise<void> {
  await tx.update(user).set({ email: newEmail, emailVerified: true, updatedAt: sql`now()` }).where(eq(user.id, userId));
}
