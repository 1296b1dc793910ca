import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { userPlan } from './tables.ts';

/**
 * Stores the provider's state of the subscription paying for the plan: its status and whether it
 * stops at the period's end (a cancellation asked for, or a payment past due; the plan and its end
 * date stay, so access runs to the end date while the provider decides what follows). Only while
 * that subscription still pays for the plan: one that replaced it meanwhile keeps its own state.
 */
export async function setSubscriptionState(
  db: Db | Tx,
  workspaceId: string,
  subscription: { id: string; status: string; cancelAtPeriodEnd: boolean },
): Promise<void> {
  await db
    .update(userPlan)
    .set({ cancelAtPeriodEnd: subscription.cancelAtPeriodEnd, subscriptionStatus: subscription.status })
    .where(and(eq(userPlan.workspaceId, workspaceId), eq(userPlan.stripeSubscriptionId, subscription.id)));
}
