import { eq } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { userPlan } from '../plans/tables.ts';
import type { Billing } from './create-billing.ts';
import { callStripe } from './provider/call-stripe.ts';
import { requirePayments } from './require-payments.ts';

export const NO_BILLING_ACCOUNT = 'You have no billing account yet: subscribe to a paid plan first.';

/** A link to the provider's Customer Portal (invoices, card, cancel), returning to /overview. */
export async function createPortalSession(
  ctx: Pick<Platform, 'db' | 'log' | 'baseURL'> & { billing: Billing },
  userId: string,
): Promise<{ url: string }> {
  const stripe = requirePayments(ctx.billing);
  const [row] = await ctx.db
    .select({ customerId: userPlan.stripeCustomerId })
    .from(userPlan)
    .where(eq(userPlan.workspaceId, userId));
  if (!row?.customerId) throw new AppError('NO_BILLING_ACCOUNT', NO_BILLING_ACCOUNT, 409);
  const customer = row.customerId;
  const session = await callStripe(ctx.log, 'create portal session', () =>
    stripe.billingPortal.sessions.create({ customer, return_url: `${ctx.baseURL}/overview` }),
  );
  return { url: session.url };
}
