import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { userPlan } from './tables.ts';

/**
 * Forgets the subscription that paid for the plan, once it has ended and the plan has moved to
 * Free. The customer stays: a later checkout pays through the same one.
 */
export async function clearSubscription(db: Db | Tx, workspaceId: string): Promise<void> {
  await db
    .update(userPlan)
    .set({
      stripeSubscriptionId: null,
      subscriptionStatus: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      apiCreditsGrantedAt: null,
    })
    .where(eq(userPlan.workspaceId, workspaceId));
}
