import { ENTITLEMENTS, type PlanName } from '@licensewatch/shared/plans';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { userPlan } from './tables.ts';

export type PayingSubscription = {
  customerId: string;
  id: string;
  status: string;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
};

/**
 * Stores the subscription that pays for the plan, as the provider reports it now. `grantedPlan` is
 * the plan whose credits were just granted for a new period (assignPlan), or null when the period
 * and plan did not change: business plans' API credits are granted monthly, so each new period is
 * a grant, and anything else leaves the last grant's date alone.
 */
export async function setPayingSubscription(
  db: Db | Tx,
  workspaceId: string,
  subscription: PayingSubscription,
  grantedPlan: PlanName | null,
): Promise<void> {
  await db
    .update(userPlan)
    .set({
      stripeCustomerId: subscription.customerId,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      ...(grantedPlan
        ? { apiCreditsGrantedAt: ENTITLEMENTS[grantedPlan].apiCreditsPerMonth > 0 ? sql`now()` : null }
        : {}),
    })
    .where(eq(userPlan.workspaceId, workspaceId));
}
