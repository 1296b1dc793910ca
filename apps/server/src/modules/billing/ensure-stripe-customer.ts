import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Platform } from '../../platform/deps.ts';
import { ensureUserPlan } from '../plans/ensure-user-plan.ts';
import { setStripeCustomer } from '../plans/set-stripe-customer.ts';
import { userPlan } from '../plans/tables.ts';
import { callStripe } from './provider/call-stripe.ts';

/**
 * The user's customer at the payment provider, created on their first checkout and kept in
 * user_plan, so every later checkout, webhook and portal visit names the same customer.
 */
export async function ensureStripeCustomer(
  ctx: Pick<Platform, 'db' | 'log'>,
  stripe: Stripe,
  user: { id: string; email: string; name: string },
): Promise<string> {
  const { db } = ctx;
  await ensureUserPlan(db, user.id);
  const stored = async () => {
    const [row] = await db
      .select({ customerId: userPlan.stripeCustomerId })
      .from(userPlan)
      .where(eq(userPlan.workspaceId, user.id));
    return row?.customerId ?? null;
  };
  const existing = await stored();
  if (existing) return existing;
  const customer = await callStripe(ctx.log, 'create customer', () =>
    stripe.customers.create({ email: user.email, name: user.name, metadata: { userId: user.id } }),
  );
  // Two first checkouts at once: the first customer stored wins; the other stays unused at the provider.
  if (await setStripeCustomer(db, user.id, customer.id)) return customer.id;
  return (await stored()) ?? customer.id;
}
