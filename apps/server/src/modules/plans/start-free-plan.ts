import { ENTITLEMENTS, TRIAL_MONTHS } from '@licensewatch/shared/plans';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { creditLedger, userCredit, userPlan } from './tables.ts';

/**
 * Puts an account on Free with the 3-month trial and Free's report credits (docs/product-rules.md,
 * Trial). Runs for every new account (better-auth's user-create hook covers sign-up, Google and
 * createUser) and, lazily, for accounts older than plans. Does nothing when the user already has a
 * plan.
 */
export async function startFreePlan(
  db: Db | Tx,
  workspaceId: string,
  { trialStartedAt }: { trialStartedAt?: Date } = {},
): Promise<boolean> {
  const free = ENTITLEMENTS.free;
  const start = trialStartedAt ? sql`${trialStartedAt.toISOString()}::timestamptz` : sql`now()`;
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(userPlan)
      .values({
        workspaceId,
        planName: 'free',
        isTrial: true,
        trialStartedAt: start,
        trialEndsAt: sql`${start} + make_interval(months => ${TRIAL_MONTHS})`,
        endDate: null,
      })
      .onConflictDoNothing()
      .returning({ workspaceId: userPlan.workspaceId });
    if (created.length === 0) return false;
    const credited = await tx
      .insert(userCredit)
      .values({ workspaceId, reportCredits: free.reportCredits, apiCredits: free.apiCreditsPerMonth })
      .onConflictDoNothing()
      .returning({ reportCredits: userCredit.reportCredits });
    if (credited.length > 0) {
      await tx.insert(creditLedger).values({
        workspaceId,
        kind: 'report',
        delta: free.reportCredits ?? 0,
        balanceAfter: credited[0]?.reportCredits ?? null,
        reason: 'plan-start',
        planName: 'free',
      });
    }
    return true;
  });
}
