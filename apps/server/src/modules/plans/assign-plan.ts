import { ENTITLEMENTS, type PlanName, TRIAL_MONTHS } from '@licensewatch/shared/plans';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { ensureUserPlan } from './ensure-user-plan.ts';
import { type CreditReason, creditLedger, userCredit, userPlan } from './tables.ts';

export type AssignPlan = {
  userId: string;
  planName: PlanName;
  /** On trial: access ends with the trial window started at sign-up (kept when switching plans). */
  trial: boolean;
  /** End of paid access for a paid plan; ignored for Free (never lapses) and for a trial. */
  endDate?: Date;
  actorId?: string | null;
  reason: CreditReason;
  /**
   * Keep the plan's report credits already spent in the trial: the new balance is the new
   * allowance less the reports created on plan credits since the trial started (the ledger says).
   * Trial switches use it, so moving between individual plans cannot refill credits; a paid
   * period or an administrator's change resets.
   */
  carryOverUsed?: boolean;
};

/**
 * Moves a user to a plan and resets their plan credits to its allowance (report and API credits;
 * temporary credits granted by administrators are kept). Every balance change is a ledger row.
 * A plan change is rare and done by billing or an administrator, so reading the balance under a
 * row lock is fine here; spending never reads first (spend-report-credit). Given a transaction
 * (billing records a webhook event with its effect), it joins it as a savepoint.
 */
export async function assignPlan(db: Db | Tx, input: AssignPlan): Promise<void> {
  const { userId, planName, trial, actorId = null, reason } = input;
  const entitlements = ENTITLEMENTS[planName];
  await ensureUserPlan(db, userId);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ trialEndsAt: userPlan.trialEndsAt, trialStartedAt: userPlan.trialStartedAt })
      .from(userPlan)
      .where(eq(userPlan.workspaceId, userId))
      .for('update');
    const trialEnd = current?.trialEndsAt ?? sql`now() + make_interval(months => ${TRIAL_MONTHS})`;
    let endDate: Date | ReturnType<typeof sql> | null;
    if (planName === 'free') endDate = null;
    else if (trial) endDate = trialEnd;
    else if (input.endDate) endDate = input.endDate;
    else throw new Error(`A paid ${planName} plan needs an end date`);
    await tx
      .update(userPlan)
      .set({
        planName,
        isTrial: trial,
        endDate,
        ...(current?.trialEndsAt ? {} : { trialStartedAt: sql`now()`, trialEndsAt: trialEnd }),
      })
      .where(eq(userPlan.workspaceId, userId));

    const [before] = await tx
      .select({ reportCredits: userCredit.reportCredits, apiCredits: userCredit.apiCredits })
      .from(userCredit)
      .where(eq(userCredit.workspaceId, userId))
      .for('update');
    let reportCredits = entitlements.reportCredits;
    if (input.carryOverUsed && reportCredits !== null && current?.trialStartedAt) {
      const [spent] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(creditLedger)
        .where(
          and(
            eq(creditLedger.workspaceId, userId),
            eq(creditLedger.kind, 'report'),
            eq(creditLedger.reason, 'report-created'),
            gte(creditLedger.createdAt, current.trialStartedAt),
          ),
        );
      reportCredits = Math.max(0, reportCredits - (spent?.n ?? 0));
    }
    await tx
      .insert(userCredit)
      .values({ workspaceId: userId, reportCredits, apiCredits: entitlements.apiCreditsPerMonth })
      .onConflictDoUpdate({
        target: userCredit.workspaceId,
        set: {
          reportCredits,
          apiCredits: entitlements.apiCreditsPerMonth,
          updatedAt: sql`now()`,
        },
      });
    const ledger = [];
    const reportBefore = before?.reportCredits ?? 0;
    if (reportCredits === null || reportCredits !== reportBefore) {
      ledger.push({
        workspaceId: userId,
        kind: 'report' as const,
        // To unlimited: the ledger cannot express the size of the change, only that it happened.
        delta: reportCredits === null ? 0 : reportCredits - reportBefore,
        balanceAfter: reportCredits,
        reason,
        actorId,
        planName,
      });
    }
    const apiBefore = before?.apiCredits ?? 0;
    if (entitlements.apiCreditsPerMonth !== apiBefore) {
      ledger.push({
        workspaceId: userId,
        kind: 'api' as const,
        delta: entitlements.apiCreditsPerMonth - apiBefore,
        balanceAfter: entitlements.apiCreditsPerMonth,
        reason,
        actorId,
        planName,
      });
    }
    if (ledger.length > 0) await tx.insert(creditLedger).values(ledger);
  });
}
