import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { userPlan } from './tables.ts';

/**
 * Stores the provider's answer to stopping a subscription at the end of its period. Only while that
 * subscription still pays for the plan: one that replaced it meanwhile keeps its own state.
 */
export async function setCancelAtPeriodEnd(
  db: Db | Tx,
  workspaceId: string,
  subscription: { id: string; status: string; cancelAtPeriodEnd: boolean },
): Promise<void> {
  await db
    .update(userPlan)
    .set({ cancelAtPeriodEnd: subscription.cancelAtPeriodEnd, subscriptionStatus: subscription.status })
    .where(and(eq(userPlan.workspaceId, workspaceId), eq(userPlan.stripeSubscriptionId, subscription.id)));
}
