import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { ensureUserPlan } from './ensure-user-plan.ts';
import type { TemporaryCreditsChange } from './grant-temporary-credits.ts';
import { creditLedger, userCredit } from './tables.ts';

/**
 * Takes temporary report credits away (an administrator's reduction), never below zero: one
 * guarded UPDATE, so concurrent reductions each see the balance the others left and the ones that
 * would overdraw it change nothing. The ledger row (and `inTransaction`, the audit row) commit
 * with it. `{refused, current}` when the balance is smaller than `credits`.
 */
export async function reduceTemporaryCredits(
  db: Db,
  {
    userId,
    credits,
    actorId = null,
    inTransaction,
  }: {
    userId: string;
    credits: number;
    actorId?: string | null;
    inTransaction?: (tx: Tx, change: TemporaryCreditsChange) => Promise<void>;
  },
): Promise<TemporaryCreditsChange | { refused: true; current: number }> {
  if (!Number.isInteger(credits) || credits <= 0) throw new Error('Credits to reduce must be a whole number above 0');
  // The balance row is created with the plan.
  await ensureUserPlan(db, userId);
  const change = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(userCredit)
      .set({ tempReportCredits: sql`${userCredit.tempReportCredits} - ${credits}`, updatedAt: sql`now()` })
      .where(and(eq(userCredit.workspaceId, userId), gte(userCredit.tempReportCredits, credits)))
      .returning({ current: userCredit.tempReportCredits });
    if (!row) return null;
    await tx.insert(creditLedger).values({
      workspaceId: userId,
      kind: 'temp_report',
      delta: -credits,
      balanceAfter: row.current,
      reason: 'admin-reduce',
      actorId,
    });
    const done = { previous: row.current + credits, current: row.current };
    await inTransaction?.(tx, done);
    return done;
  });
  if (change) return change;
  const [balance] = await db
    .select({ current: userCredit.tempReportCredits })
    .from(userCredit)
    .where(eq(userCredit.workspaceId, userId));
  return { refused: true, current: balance?.current ?? 0 };
}
