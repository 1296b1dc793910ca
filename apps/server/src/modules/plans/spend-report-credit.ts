import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { type CreditKind, creditLedger, userCredit } from './tables.ts';

export type SpentCredit = { kind: CreditKind; balanceAfter: number | null };

/**
 * Takes one report credit inside the caller's transaction (the report insert's), or returns null
 * when there is none. Temporary credits go first: administrators grant them to be used now, and
 * the plan's own allowance is what a later plan change resets. Each pool is one guarded UPDATE
 * (`… WHERE n > 0 RETURNING`): the row lock makes a concurrent spender wait and then re-check the
 * guard, so two requests can never both take the last credit. NULL report credits = unlimited.
 */
export async function spendReportCredit(
  tx: Tx,
  { workspaceId, reportId }: { workspaceId: string; reportId: string },
): Promise<SpentCredit | null> {
  const [temporary] = await tx
    .update(userCredit)
    .set({ tempReportCredits: sql`${userCredit.tempReportCredits} - 1`, updatedAt: sql`now()` })
    .where(and(eq(userCredit.workspaceId, workspaceId), gt(userCredit.tempReportCredits, 0)))
    .returning({ balanceAfter: userCredit.tempReportCredits });
  let spent: SpentCredit | null = temporary ? { kind: 'temp_report', balanceAfter: temporary.balanceAfter } : null;
  if (!spent) {
    const [own] = await tx
      .update(userCredit)
      // NULL - 1 stays NULL: an unlimited allowance is spent without running down.
      .set({ reportCredits: sql`${userCredit.reportCredits} - 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(userCredit.workspaceId, workspaceId),
          or(gt(userCredit.reportCredits, 0), isNull(userCredit.reportCredits)),
        ),
      )
      .returning({ balanceAfter: userCredit.reportCredits });
    if (own) spent = { kind: 'report', balanceAfter: own.balanceAfter };
  }
  if (!spent) return null;
  await tx.insert(creditLedger).values({
    workspaceId: workspaceId,
    kind: spent.kind,
    delta: -1,
    balanceAfter: spent.balanceAfter,
    reason: 'report-created',
    reportId,
  });
  return spent;
}
