import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { session, user } from './tables.ts';

export type SetUserActiveResult = { userId: string; sessionsRevoked: number } | null;

/** An account by its (lower-case, as better-auth stores it) email — the CLI — or by its id — the admin screen. */
export type UserRef = { email: string } | { id: string };

/** The account as it was before the change, read under a row lock in the change's transaction. */
export type AccountBeforeChange = { id: string; email: string; role: string; isActive: boolean };

/**
 * Deactivates or re-activates an account (docs/security.md, Sessions and deactivation); null when
 * there is none.
 * Deactivation is one transaction: the flag that every session read, sign-in and API-key look-up
 * checks, and the deletion of every session — so from its commit the user's cookies and key are
 * refused everywhere, better-auth's endpoints included. Re-activation gives no session back.
 * `inTransaction` runs in that same transaction after the change (the admin screen's audit row,
 * and its refusal of administrators: throwing there rolls the change back).
 */
export async function setUserActive(
  db: Db,
  who: UserRef,
  active: boolean,
  { inTransaction }: { inTransaction?: (tx: Tx, before: AccountBeforeChange) => Promise<void> } = {},
): Promise<SetUserActiveResult> {
  const where = 'email' in who ? eq(user.email, who.email.trim().toLowerCase()) : eq(user.id, who.id);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: user.id, email: user.email, role: user.role, isActive: user.isActive })
      .from(user)
      .where(where)
      .for('update');
    if (!before) return null;
    await tx.update(user).set({ isActive: active }).where(eq(user.id, before.id));
    let sessionsRevoked = 0;
    if (!active) {
      const revoked = await tx.delete(session).where(eq(session.userId, before.id)).returning({ id: session.id });
      sessionsRevoked = revoked.length;
    }
    await inTransaction?.(tx, before);
    return { userId: before.id, sessionsRevoked };
  });
}
