import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { session, user } from '../../platform/db/schema.ts';

export type SetUserActiveResult = { userId: string; sessionsRevoked: number } | null;

/**
 * Deactivates or re-activates an account (docs/security.md, Sessions and deactivation), found by
 * its (lower-case, as better-auth stores it) email; null when there is none.
 * Deactivation is one transaction: the flag that every session read, sign-in and API-key look-up
 * checks, and the deletion of every session — so from its commit the user's cookies and key are
 * refused everywhere, better-auth's endpoints included. Re-activation gives no session back.
 */
export async function setUserActive(db: Db, email: string, active: boolean): Promise<SetUserActiveResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(user)
      .set({ isActive: active })
      .where(eq(user.email, email.trim().toLowerCase()))
      .returning({ id: user.id });
    if (!row) return null;
    if (active) return { userId: row.id, sessionsRevoked: 0 };
    const revoked = await tx.delete(session).where(eq(session.userId, row.id)).returning({ id: session.id });
    return { userId: row.id, sessionsRevoked: revoked.length };
  });
}
