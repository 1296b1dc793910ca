import { and, eq, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../platform/db/client.ts';
import type { Platform } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { assignPlan } from '../plans/assign-plan.ts';
import { clearSubscription } from '../plans/clear-subscription.ts';
import { setPayingSubscription } from '../plans/set-paying-subscription.ts';
import { setSubscriptionState } from '../plans/set-subscription-state.ts';
import { userPlan } from '../plans/tables.ts';
import type { Billing } from './create-billing.ts';
import { ENDED_STATUSES, LIVE_STATUSES, readSubscription, type SubscriptionState } from './read-subscription.ts';
import { recordBillingEvent } from './record-billing-event.ts';
import { requirePayments } from './require-payments.ts';
import { planOfPrice } from './resolve-plan-prices.ts';
import { stripeEvent } from './tables.ts';

export type StripeEventOutcome = 'applied' | 'duplicate' | 'ignored';

const StripeErrors = Stripe.errors;

type Ctx = Pick<Platform, 'db' | 'log'> & { billing: Billing };

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/** The subscription an event is about, and the account our checkout named, if any. */
async function subscriptionOfEvent(
  stripe: Stripe,
  event: Stripe.Event,
): Promise<{ subscriptionId: string; userId: string | null } | null> {
  if (event.type === 'checkout.session.completed') {
    // The session as Stripe has it now, not as the payload says.
    const session = await stripe.checkout.sessions.retrieve(event.data.object.id);
    if (session.mode !== 'subscription' || !session.subscription) return null;
    const id = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
    return { subscriptionId: id, userId: session.client_reference_id };
  }
  if (event.type === 'invoice.paid') {
    const subscription = event.data.object.parent?.subscription_details?.subscription;
    if (!subscription) return null;
    return { subscriptionId: typeof subscription === 'string' ? subscription : subscription.id, userId: null };
  }
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    return { subscriptionId: (event.data.object as Stripe.Subscription).id, userId: null };
  }
  return null;
}

/**
 * The account a subscription pays for: the one whose stored customer it belongs to. A customer we
 * never stored (lost between creating and saving it) is matched through our own metadata, and only
 * to an account without a customer, so no event can move someone else's plan.
 */
async function findOwner(db: Db, subscription: SubscriptionState, userHint: string | null) {
  const columns = { userId: userPlan.workspaceId, subscriptionId: userPlan.stripeSubscriptionId };
  const [byCustomer] = await db
    .select(columns)
    .from(userPlan)
    .where(eq(userPlan.stripeCustomerId, subscription.customerId));
  if (byCustomer) return byCustomer;
  const userId = userHint ?? subscription.userId;
  if (!userId) return null;
  const [byUser] = await db
    .select(columns)
    .from(userPlan)
    .where(and(eq(userPlan.workspaceId, userId), isNull(userPlan.stripeCustomerId)));
  return byUser ?? null;
}

async function retrieveIfExists(stripe: Stripe, id: string): Promise<SubscriptionState | null> {
  try {
    return readSubscription(await stripe.subscriptions.retrieve(id));
  } catch (err) {
    if (err instanceof StripeErrors.StripeError && err.statusCode === 404) return null;
    throw err;
  }
}

const newer = (a: SubscriptionState, b: SubscriptionState) =>
  a.created.getTime() !== b.created.getTime() ? a.created > b.created : a.id > b.id;

async function recordOnly(db: Db, event: Stripe.Event): Promise<StripeEventOutcome> {
  const inserted = await db
    .insert(stripeEvent)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvent.id });
  return inserted.length > 0 ? 'ignored' : 'duplicate';
}

/**
 * A verified webhook event (docs/security.md, Payment webhooks): each event id has its effect once,
 * and the effect comes from the subscription as Stripe reports it now, never from the payload. So
 * events may arrive late, twice or out of order: a live subscription moves the plan only when its
 * period moved forward or its plan changed (credits reset once per period); an ended one that paid
 * for the plan moves the user to Free. Stripe is only called outside the transaction: on the
 * embedded database a transaction holds the one session the test provider's own requests need.
 */
export async function processStripeEvent(ctx: Ctx, event: Stripe.Event): Promise<StripeEventOutcome> {
  const [seen] = await ctx.db.select({ id: stripeEvent.id }).from(stripeEvent).where(eq(stripeEvent.id, event.id));
  if (seen) return 'duplicate';
  // The admin billing page's record of money events: from the payload, once per event id, before
  // the effect so an event whose effect Stripe will deliver again is still on record.
  await recordBillingEvent(ctx.db, ctx.billing.prices, event);
  try {
    return await applyEvent(ctx, event);
  } catch (err) {
    if (!(err instanceof StripeErrors.StripeError)) throw err;
    // An object Stripe does not have (a test event, a deleted customer) will never apply: done with it.
    if (err.statusCode === 404) {
      ctx.log.warn({ eventId: event.id, err }, 'stripe event about an object stripe does not have');
      return recordOnly(ctx.db, event);
    }
    // Anything else from Stripe: a non-2xx answer, so Stripe delivers the event again later.
    ctx.log.error({ eventId: event.id, err }, 'stripe event could not be processed');
    throw new AppError('PAYMENT_PROVIDER_ERROR', 'Stripe could not be reached; deliver the event again.', 502);
  }
}

async function applyEvent(ctx: Ctx, event: Stripe.Event): Promise<StripeEventOutcome> {
  const { db, log, billing } = ctx;
  const stripe = requirePayments(billing);

  const target = await subscriptionOfEvent(stripe, event);
  if (!target) return SUBSCRIPTION_EVENTS.has(event.type) ? recordOnly(db, event) : 'ignored';
  const subscription = readSubscription(await stripe.subscriptions.retrieve(target.subscriptionId));
  const owner = await findOwner(db, subscription, target.userId);
  if (!owner) {
    log.warn({ eventId: event.id, subscription: subscription.id }, 'stripe event for an unknown customer');
    return recordOnly(db, event);
  }
  const live = LIVE_STATUSES.includes(subscription.status);

  // One paid subscription per account: the newer replaces the older, which is cancelled at Stripe
  // before the event is recorded, so a failure here leaves the event for Stripe's retry.
  let replaced: string | null = null;
  if (live && owner.subscriptionId && owner.subscriptionId !== subscription.id) {
    const current = await retrieveIfExists(stripe, owner.subscriptionId);
    // One Stripe does not know (gone, or from test mode) pays for nothing and is simply replaced.
    if (current && !ENDED_STATUSES.includes(current.status)) {
      const older = newer(subscription, current) ? current : subscription;
      await stripe.subscriptions.cancel(older.id);
      log.info({ userId: owner.userId, cancelled: older.id }, 'cancelled a replaced subscription');
      if (older === subscription) return recordOnly(db, event);
    }
    replaced = owner.subscriptionId;
  }

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvent)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvent.id });
    // A concurrent delivery of the same event got here first (it waited on the key, then we see it).
    if (inserted.length === 0) return 'duplicate';
    const [row] = await tx
      .select({
        planName: userPlan.planName,
        isTrial: userPlan.isTrial,
        customerId: userPlan.stripeCustomerId,
        subscriptionId: userPlan.stripeSubscriptionId,
        periodEnd: userPlan.currentPeriodEnd,
      })
      .from(userPlan)
      .where(eq(userPlan.workspaceId, owner.userId))
      .for('update');
    if (!row) return 'ignored';
    const isCurrent = row.subscriptionId === subscription.id;

    if (ENDED_STATUSES.includes(subscription.status)) {
      if (!isCurrent) return 'ignored';
      await assignPlan(tx, { userId: owner.userId, planName: 'free', trial: false, reason: 'plan-change' });
      await clearSubscription(tx, owner.userId);
      return 'applied';
    }

    if (!live) {
      // past_due, incomplete, paused: access runs to end_date as it stands; Stripe decides what follows.
      if (!isCurrent) return 'ignored';
      await setSubscriptionState(tx, owner.userId, subscription);
      return 'applied';
    }

    const planName = planOfPrice(billing.prices, subscription.priceId);
    const periodEnd = subscription.currentPeriodEnd;
    if (!planName || !periodEnd) {
      log.warn({ eventId: event.id, price: subscription.priceId }, 'stripe subscription for a price that is no plan');
      return 'ignored';
    }
    if (!isCurrent && row.subscriptionId !== null && row.subscriptionId !== replaced) {
      // Another subscription became current since this event was looked at: roll back, let Stripe retry.
      throw new Error(`subscription of user ${owner.userId} changed while event ${event.id} was processed`);
    }
    // A read older than what we hold (a concurrent, slower delivery) must not move the period back.
    if (isCurrent && row.periodEnd && periodEnd < row.periodEnd) return 'ignored';

    const periodMoved = !row.periodEnd || periodEnd > row.periodEnd;
    const planChanged = row.planName !== planName || row.isTrial;
    const grant = !isCurrent || periodMoved || planChanged;
    if (grant) {
      await assignPlan(tx, {
        userId: owner.userId,
        planName,
        trial: false,
        endDate: periodEnd,
        reason: 'billing-period',
      });
    }
    await setPayingSubscription(
      tx,
      owner.userId,
      {
        customerId: row.customerId ?? subscription.customerId,
        id: subscription.id,
        status: subscription.status,
        currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      },
      grant ? planName : null,
    );
    return 'applied';
  });
}
