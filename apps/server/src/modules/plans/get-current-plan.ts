import type { PlanName } from '@licensewatch/shared/plans';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { ensureUserPlan } from './ensure-user-plan.ts';
import { userPlan } from './tables.ts';

export type CurrentPlan = {
  planName: PlanName;
  isTrial: boolean;
  trialEndsAt: Date | null;
  endDate: Date | null;
  cancelAtPeriodEnd: boolean;
  hasBillingAccount: boolean;
};

/** The user's plan with its trial window and whether a paid subscription stops at its period end. */
export async function getCurrentPlan(db: Db, workspaceId: string): Promise<CurrentPlan> {
  await ensureUserPlan(db, workspaceId);
  const [plan] = await db
    .select({
      planName: userPlan.planName,
      isTrial: userPlan.isTrial,
      trialEndsAt: userPlan.trialEndsAt,
      endDate: userPlan.endDate,
      cancelAtPeriodEnd: userPlan.cancelAtPeriodEnd,
      hasBillingAccount: sql<boolean>`${userPlan.stripeCustomerId} IS NOT NULL`,
    })
    .from(userPlan)
    .where(eq(userPlan.workspaceId, workspaceId));
  if (!plan) throw new Error(`No plan for workspace ${workspaceId}`);
  return plan;
}
