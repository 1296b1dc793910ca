import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { ensureUserPlan } from './ensure-user-plan.ts';
import { type CreditReason, creditLedger, userCredit } from './tables.ts';

export type TemporaryCreditsChange = { previous: number; current: number };

/**
 * Adds temporary report credits on top of the plan's (admin grants, the demo account).
 * `inTransaction` runs in the grant's transaction (the admin screen's audit row commits with it).
 */
export async function grantTemporaryCredits(
  db: Db,
  {
    userId,
    credits,
    actorId = null,
    reason = 'admin-grant',
    inTransaction,
  }: {
    userId: string;
    credits: number;
    actorId?: string | null;
    reason?: CreditReason;
    inTransaction?: (tx: Tx, change: TemporaryCreditsChange) => Promise<void>;
  },
): Promise<TemporaryCreditsChange> {
  if (!Number.isInteger(credits) || credits <= 0) throw new Error('Credits to grant must be a whole number above 0');
  // The balance row is created with the plan.
  await ensureUserPlan(db, userId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(userCredit)
      .set({ tempReportCredits: sql`${userCredit.tempReportCredits} + ${credits}`, updatedAt: sql`now()` })
      .where(eq(userCredit.workspaceId, userId))
      .returning({ current: userCredit.tempReportCredits });
    if (!row) throw new Error(`No credit balance for user ${userId}`);
    await tx.insert(creditLedger).values({
      workspaceId: userId,
      kind: 'temp_report',
      delta: credits,
      balanceAfter: row.current,
      reason,
      actorId,
    });
    const change = { previous: row.current - credits, current: row.current };
    await inTransaction?.(tx, change);
    return change;
  });
}
