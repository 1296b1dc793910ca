import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { userPlan } from './tables.ts';

/**
 * Stores the workspace's customer at the payment provider, unless one is stored already: two first
 * checkouts at once each create a customer, and the first stored must stay the one every later
 * checkout, webhook and portal visit names. Returns whether this customer was stored.
 */
export async function setStripeCustomer(db: Db | Tx, workspaceId: string, customerId: string): Promise<boolean> {
  const saved = await db
    .update(userPlan)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(userPlan.workspaceId, workspaceId), isNull(userPlan.stripeCustomerId)))
    .returning({ customerId: userPlan.stripeCustomerId });
  return saved.length > 0;
}
