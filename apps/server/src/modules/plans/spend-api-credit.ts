import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { creditLedger, userCredit } from '../../platform/db/schema.ts';

/**
 * Takes one API credit for a search API call and returns the balance left, or null when there is
 * none. One guarded UPDATE (`… WHERE api_credits > 0 RETURNING`) and its ledger row in one
 * transaction, never read-then-write: the row lock makes a concurrent caller wait and re-check the
 * guard, so parallel calls can never take more credits than there are (ADR 007).
 */
export async function spendApiCredit(db: Db, userId: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(userCredit)
      .set({ apiCredits: sql`${userCredit.apiCredits} - 1`, updatedAt: sql`now()` })
      .where(and(eq(userCredit.userId, userId), gt(userCredit.apiCredits, 0)))
      .returning({ balanceAfter: userCredit.apiCredits });
    if (!spent) return null;
    await tx.insert(creditLedger).values({
      userId,
      kind: 'api',
      delta: -1,
      balanceAfter: spent.balanceAfter,
      reason: 'api-call',
    });
    return spent.balanceAfter;
  });
}
