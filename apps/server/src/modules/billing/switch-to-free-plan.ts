import { isInTrial } from '@licensewatch/shared/plans';
import { eq } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import { assignPlan } from '../plans/assign-plan.ts';
import { ensureUserPlan } from '../plans/ensure-user-plan.ts';
import { setSubscriptionState } from '../plans/set-subscription-state.ts';
import { userPlan } from '../plans/tables.ts';
import type { Billing } from './create-billing.ts';
import { callStripe } from './provider/call-stripe.ts';
import { ENDED_STATUSES, readSubscription } from './read-subscription.ts';
import { requirePayments } from './require-payments.ts';

/**
 * "Switch to Free Plan?" (docs/product-rules.md, Choosing a plan): a paid subscription is set to
 * cancel at its period end — the user keeps what they paid for, and the provider's deletion event
 * moves them to Free then. A plan nobody pays for (trial, assigned) becomes Free at once. Returns
 * when the paid plan stops.
 */
export async function switchToFreePlan(
  ctx: Pick<Platform, 'db' | 'log'> & { billing: Billing },
  userId: string,
): Promise<{ endsAt: Date | null }> {
  const { db } = ctx;
  await ensureUserPlan(db, userId);
  const [row] = await db
    .select({
      planName: userPlan.planName,
      isTrial: userPlan.isTrial,
      trialEndsAt: userPlan.trialEndsAt,
      endDate: userPlan.endDate,
      subscriptionId: userPlan.stripeSubscriptionId,
      status: userPlan.subscriptionStatus,
    })
    .from(userPlan)
    .where(eq(userPlan.workspaceId, userId));
  if (!row || row.planName === 'free') return { endsAt: null };

  const subscriptionId = row.subscriptionId;
  if (subscriptionId && !ENDED_STATUSES.includes(row.status ?? '')) {
    const stripe = requirePayments(ctx.billing);
    const subscription = readSubscription(
      await callStripe(ctx.log, 'cancel at period end', () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      ),
    );
    await setSubscriptionState(db, userId, subscription);
    return { endsAt: row.endDate };
  }

  const trial = isInTrial(row);
  await assignPlan(db, { userId, planName: 'free', trial, reason: trial ? 'trial-switch' : 'plan-change' });
  return { endsAt: null };
}
