import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { userPlan } from './tables.ts';

/**
 * Stores the status of the subscription paying for the plan when it neither pays nor has ended
 * (past due, incomplete, paused): the plan and its end date stay as they are, so access runs to
 * the end date while the provider decides what follows. The caller has checked, on the row it
 * holds locked, that the subscription is the plan's.
 */
export async function setSubscriptionStatus(
  db: Db | Tx,
  workspaceId: string,
  subscription: { status: string; cancelAtPeriodEnd: boolean },
): Promise<void> {
  await db
    .update(userPlan)
    .set({ subscriptionStatus: subscription.status, cancelAtPeriodEnd: subscription.cancelAtPeriodEnd })
    .where(eq(userPlan.workspaceId, workspaceId));
}
