import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandaloneTestStripe, startTestStripe } from '../src/modules/billing/test-mode/http/start-test-stripe.ts';
import type {
  TestCheckoutSession,
  TestCustomer,
  TestSubscription,
} from '../src/modules/billing/test-mode/test-provider.ts';
import {
  type Account,
  billingSnapshot,
  creditsRow,
  deliverEvent,
  ledgerRows,
  periodEndOf,
  planRow,
  putSubscription,
  recordedEvents,
  renewSubscription,
  signedInAccount,
  stripeEventOf,
} from './support/billing.ts';
import { HttpClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// The real-keys path (STRIPE_SECRET_KEY): the same code that talks to Stripe, pointed by
// STRIPE_API_URL at the test provider running standalone on its own port as a local stand-in.
const API_KEY = 'sk_test_x';
const WEBHOOK_SECRET = 'whsec_known_test_secret';
const PRICES = {
  basic: 'price_1Basic',
  premium: 'price_1Premium',
  small: 'price_1Small',
  growth: 'price_1Growth',
  enterprise: 'price_1Enterprise',
};

let stripe: StandaloneTestStripe;
let server: TestServer;
beforeAll(async () => {
  stripe = await startTestStripe({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, prices: PRICES });
  server = await startTestServer(
    {
      STRIPE_SECRET_KEY: API_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICE_BASIC: PRICES.basic,
      STRIPE_PRICE_PREMIUM: PRICES.premium,
      STRIPE_PRICE_SMALL: PRICES.small,
      STRIPE_PRICE_GROWTH: PRICES.growth,
      STRIPE_PRICE_ENTERPRISE: PRICES.enterprise,
    },
    { worker: false },
  );
  stripe.setWebhookUrl(`${server.url}/api/v1/stripe/webhook`);
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

const deliver = (event: object | string, options: { secret?: string; timestamp?: number } = {}) =>
  deliverEvent(server, event, { secret: WEBHOOK_SECRET, ...options });

async function checkout(account: Account, planName: keyof typeof PRICES, planType = 'individual') {
  const res = await account.client.post('/api/v1/stripe/create-checkout-session', {
    priceId: PRICES[planName],
    planType,
    planName,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = await stripe.store.get<TestCheckoutSession>(res.body.id);
  if (!session) throw new Error('no session at the stand-in');
  return { answer: res.body as { id: string; url: string }, session };
}

/** An account paying for `planName` through a subscription the stand-in started, applied by its event. */
async function subscribed(planName: keyof typeof PRICES = 'basic') {
  const account = await signedInAccount(server);
  const { session } = await checkout(
    account,
    planName,
    ['small', 'growth', 'enterprise'].includes(planName) ? 'business' : 'individual',
  );
  const subscription = await putSubscription(stripe.store, {
    customer: session.customer,
    priceId: PRICES[planName],
    userId: account.userId,
  });
  const res = await deliver(stripeEventOf('customer.subscription.created', subscription));
  expect(res).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
  return { account, subscription };
}

describe('checkout sessions at the payment provider', () => {
  it('creates a subscription checkout for the plan’s price, reusing the customer', async () => {
    const account = await signedInAccount(server);
    const { answer, session } = await checkout(account, 'premium');
    expect(answer).toEqual({ id: session.id, url: `${stripe.url}/test-checkout/${session.id}` });
    expect(session).toMatchObject({
      mode: 'subscription',
      status: 'open',
      client_reference_id: account.userId,
      metadata: { userId: account.userId, planName: 'premium' },
      subscription_metadata: { userId: account.userId, planName: 'premium' },
      success_url: `${server.url}/dashboard`,
      cancel_url: `${server.url}/pricing`,
    });
    expect(session.line_items.data).toEqual([{ price: { id: PRICES.premium, object: 'price' }, quantity: 1 }]);
    const customer = await stripe.store.get<TestCustomer>(session.customer);
    expect(customer).toMatchObject({ email: account.email, metadata: { userId: account.userId } });
    expect((await planRow(server, account.userId)).stripeCustomerId).toBe(session.customer);

    const second = await checkout(account, 'basic');
    expect(second.session.customer).toBe(session.customer);
    expect(await stripe.store.list('customer', { email: account.email })).toHaveLength(1);
  });

  it('keeps same-site return addresses and refuses foreign ones', async () => {
    const account = await signedInAccount(server);
    const ok = await account.client.post('/api/v1/stripe/create-checkout-session', {
      priceId: PRICES.basic,
      planType: 'individual',
      planName: 'basic',
      successUrl: `${server.url}/dashboard?paid=1`,
      cancelUrl: '/pricing?from=checkout',
    });
    expect(ok.status).toBe(200);
    const session = await stripe.store.get<TestCheckoutSession>(ok.body.id);
    expect(session).toMatchObject({
      success_url: `${server.url}/dashboard?paid=1`,
      cancel_url: `${server.url}/pricing?from=checkout`,
    });
    for (const urls of [{ successUrl: 'https://evil.example/dashboard' }, { cancelUrl: '//evil.example/pricing' }]) {
      const res = await account.client.post('/api/v1/stripe/create-checkout-session', {
        priceId: PRICES.basic,
        planType: 'individual',
        planName: 'basic',
        ...urls,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses a price that is not the plan’s, a wrong plan type, unknown plans and Free', async () => {
    const account = await signedInAccount(server);
    const sessionsBefore = (await stripe.store.list('checkout.session', {})).length;
    const cases = [
      [{ priceId: PRICES.premium, planType: 'individual', planName: 'basic' }, 'PRICE_MISMATCH'],
      [{ priceId: 'price_someone_elses', planType: 'individual', planName: 'basic' }, 'PRICE_MISMATCH'],
      [{ priceId: PRICES.small, planType: 'individual', planName: 'small' }, 'VALIDATION_ERROR'],
      [{ priceId: PRICES.basic, planType: 'individual', planName: 'platinum' }, 'VALIDATION_ERROR'],
      [{ priceId: PRICES.basic, planType: 'individual', planName: 'free' }, 'VALIDATION_ERROR'],
      [{ planType: 'individual', planName: 'basic' }, 'VALIDATION_ERROR'],
    ] as const;
    for (const [body, code] of cases) {
      const res = await account.client.post('/api/v1/stripe/create-checkout-session', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(code);
    }
    expect((await stripe.store.list('checkout.session', {})).length).toBe(sessionsBefore);
    const signedOut = await new HttpClient(server.url).post('/api/v1/stripe/create-checkout-session', cases[0][0]);
    expect(signedOut.status).toBe(401);
  });

  it('the stand-in’s hosted checkout completes into the paid plan through the webhook', async () => {
    const account = await signedInAccount(server);
    const { session } = await checkout(account, 'growth', 'business');
    const res = await fetch(`${stripe.url}/test-checkout/${session.id}/complete`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${server.url}/dashboard`);
    const subscription = await stripe.store.get<TestSubscription>(
      (await stripe.store.get<TestCheckoutSession>(session.id))?.subscription ?? '',
    );
    if (!subscription) throw new Error('no subscription');
    expect(await planRow(server, account.userId)).toMatchObject({
      planName: 'growth',
      isTrial: false,
      endDate: periodEndOf(subscription),
      stripeSubscriptionId: subscription.id,
    });
    expect(await creditsRow(server, account.userId)).toMatchObject({ reportCredits: 200, apiCredits: 5000 });
  });

  it('opens the Customer Portal for a paying customer, returning to /overview', async () => {
    const { account } = await subscribed('basic');
    const res = await account.client.post('/api/v2/stripe/portal-session');
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${stripe.url}/test-portal/`));
    const sessions = await stripe.store.list<{ return_url: string } & TestCustomer>('billing_portal.session', {});
    expect(sessions.at(-1)?.return_url).toBe(`${server.url}/overview`);
  });
});

describe('the webhook', () => {
  it('refuses a wrong signature, a stale one and none, changing nothing', async () => {
    const { account, subscription } = await subscribed('basic');
    await renewSubscription(stripe.store, subscription.id);
    const before = await billingSnapshot(server, account.userId);
    const event = stripeEventOf('invoice.paid', {
      id: 'in_test_1',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    });
    const wrong = await deliver(event, { secret: 'whsec_not_ours' });
    expect(wrong).toEqual({ status: 400, body: { code: 'INVALID_SIGNATURE', detail: expect.any(String) } });
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.status).toBe(400);
    const unsigned = await fetch(`${server.url}/api/v1/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    // A payload changed after signing (one byte more) fails too.
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await fetch(`${server.url}/api/v1/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: `${payload} `,
    });
    expect(tampered.status).toBe(400);
    expect(await billingSnapshot(server, account.userId)).toEqual(before);
    expect(await recordedEvents(server, event.id)).toHaveLength(0);
  });

  it('has the effect of one event once, however often it is delivered', async () => {
    const account = await signedInAccount(server);
    const { session } = await checkout(account, 'premium');
    const subscription = await putSubscription(stripe.store, { customer: session.customer, priceId: PRICES.premium });
    const event = stripeEventOf('customer.subscription.created', subscription);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.body.outcome === 'applied')).toHaveLength(1);
    expect(answers.filter((a) => a.body.outcome === 'duplicate')).toHaveLength(9);
    expect(await recordedEvents(server, event.id)).toHaveLength(1);
    expect(await ledgerRows(server, account.userId, 'billing-period')).toHaveLength(1);
    expect((await planRow(server, account.userId)).planName).toBe('premium');

    // Another event about the same period (Stripe sends several per payment) grants nothing more.
    await server.ctx.pool.query('UPDATE user_credit SET report_credits = 2 WHERE workspace_id = $1', [account.userId]);
    await deliver(stripeEventOf('customer.subscription.updated', subscription));
    expect((await creditsRow(server, account.userId)).reportCredits).toBe(2);
    expect(await ledgerRows(server, account.userId, 'billing-period')).toHaveLength(1);
  });

  it('an older period arriving after a newer one leaves the newer', async () => {
    const { account, subscription } = await subscribed('basic');
    const spend = (left: number) =>
      server.ctx.pool.query('UPDATE user_credit SET report_credits = $2 WHERE workspace_id = $1', [
        account.userId,
        left,
      ]);
    await spend(0);
    const renewed = await renewSubscription(stripe.store, subscription.id);
    const invoice = {
      id: 'in_test_renewal',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    };
    expect((await deliver(stripeEventOf('invoice.paid', invoice))).body.outcome).toBe('applied');
    expect((await planRow(server, account.userId)).endDate).toEqual(periodEndOf(renewed));
    expect((await creditsRow(server, account.userId)).reportCredits).toBe(3);
    expect(await ledgerRows(server, account.userId, 'billing-period')).toHaveLength(2);
    await spend(1);

    // The update Stripe sent for the first period, delivered late: its payload still says period one.
    const late = stripeEventOf('customer.subscription.updated', subscription, { created: subscription.created });
    expect((await deliver(late)).status).toBe(200);
    expect(await planRow(server, account.userId)).toMatchObject({
      planName: 'basic',
      endDate: periodEndOf(renewed),
      currentPeriodEnd: periodEndOf(renewed),
    });
    expect((await creditsRow(server, account.userId)).reportCredits).toBe(1);
    expect(await ledgerRows(server, account.userId, 'billing-period')).toHaveLength(2);
  });

  it('a deletion arriving before an update leaves the subscription ended', async () => {
    const { account, subscription } = await subscribed('premium');
    const ended = await stripe.store.update<TestSubscription>(subscription.id, (s) => ({
      ...s,
      status: 'canceled',
      ended_at: Math.floor(Date.now() / 1000),
    }));
    expect((await deliver(stripeEventOf('customer.subscription.deleted', ended ?? {}))).body.outcome).toBe('applied');
    expect(await planRow(server, account.userId)).toMatchObject({ planName: 'free', stripeSubscriptionId: null });
    const before = await billingSnapshot(server, account.userId);
    // The update event from while it was active: its payload says active, Stripe says canceled.
    const update = await deliver(stripeEventOf('customer.subscription.updated', subscription));
    expect(update).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    const after = await billingSnapshot(server, account.userId);
    expect({ ...after, events: before.events }).toEqual(before);
  });

  it('switch-to-free cancels at the period end, keeps the plan, and the deletion then moves to Free', async () => {
    const { account, subscription } = await subscribed('premium');
    const res = await account.client.post('/api/v2/stripe/switch-to-free');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', ends_at: periodEndOf(subscription).toISOString() });
    expect((await stripe.store.get<TestSubscription>(subscription.id))?.cancel_at_period_end).toBe(true);
    expect(await planRow(server, account.userId)).toMatchObject({ planName: 'premium', cancelAtPeriodEnd: true });
    expect((await account.client.post('/api/v2/stripe/current-plan')).body).toMatchObject({
      plan_name: 'premium',
      cancel_at_period_end: true,
      end_date: periodEndOf(subscription).toISOString(),
    });

    const ended = await stripe.store.update<TestSubscription>(subscription.id, (s) => ({ ...s, status: 'canceled' }));
    await deliver(stripeEventOf('customer.subscription.deleted', ended ?? {}));
    expect(await planRow(server, account.userId)).toMatchObject({
      planName: 'free',
      endDate: null,
      cancelAtPeriodEnd: false,
    });
    expect((await creditsRow(server, account.userId)).reportCredits).toBe(1);
  });

  it('a new subscription replaces the older one, which is cancelled at Stripe', async () => {
    const { account, subscription: old } = await subscribed('basic');
    const customer = (await planRow(server, account.userId)).stripeCustomerId ?? '';
    const replacement = await putSubscription(stripe.store, {
      customer,
      priceId: PRICES.premium,
      start: old.created + 1,
    });
    expect((await deliver(stripeEventOf('customer.subscription.created', replacement))).body.outcome).toBe('applied');
    expect((await stripe.store.get<TestSubscription>(old.id))?.status).toBe('canceled');
    expect((await stripe.store.get<TestSubscription>(replacement.id))?.status).toBe('active');
    expect(await planRow(server, account.userId)).toMatchObject({
      planName: 'premium',
      stripeSubscriptionId: replacement.id,
    });
    // The old one's deletion event changes nothing: it no longer pays for the plan.
    const oldEnded = await stripe.store.get<TestSubscription>(old.id);
    expect((await deliver(stripeEventOf('customer.subscription.deleted', oldEnded ?? {}))).body.outcome).toBe(
      'ignored',
    );
    expect((await planRow(server, account.userId)).planName).toBe('premium');
  });

  it('a stored subscription Stripe does not know (gone, or from test mode) is simply replaced', async () => {
    const { account } = await subscribed('basic');
    await server.ctx.pool.query(
      "UPDATE user_plan SET stripe_subscription_id = 'sub_test_gone' WHERE workspace_id = $1",
      [account.userId],
    );
    const customer = (await planRow(server, account.userId)).stripeCustomerId ?? '';
    const next = await putSubscription(stripe.store, { customer, priceId: PRICES.premium });
    expect((await deliver(stripeEventOf('customer.subscription.created', next))).body.outcome).toBe('applied');
    expect(await planRow(server, account.userId)).toMatchObject({ planName: 'premium', stripeSubscriptionId: next.id });
  });

  it('a business plan’s API credits are granted again each period', async () => {
    const { account, subscription } = await subscribed('enterprise');
    expect(await creditsRow(server, account.userId)).toMatchObject({ reportCredits: null, apiCredits: 25_000 });
    await server.ctx.pool.query('UPDATE user_credit SET api_credits = 10 WHERE workspace_id = $1', [account.userId]);
    const first = (await planRow(server, account.userId)).apiCreditsGrantedAt;
    await renewSubscription(stripe.store, subscription.id);
    await deliver(stripeEventOf('customer.subscription.updated', subscription));
    expect((await creditsRow(server, account.userId)).apiCredits).toBe(25_000);
    expect((await planRow(server, account.userId)).apiCreditsGrantedAt?.getTime()).toBeGreaterThanOrEqual(
      first?.getTime() ?? 0,
    );
  });

  it('records and ignores events about objects Stripe does not have', async () => {
    const event = stripeEventOf('checkout.session.completed', { id: 'cs_test_unknown', object: 'checkout.session' });
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    expect(await recordedEvents(server, event.id)).toHaveLength(1);
  });

  it('records and ignores events about customers it does not know', async () => {
    const stranger = await putSubscription(stripe.store, { customer: 'cus_test_stranger', priceId: PRICES.basic });
    const event = stripeEventOf('customer.subscription.created', stranger);
    expect((await deliver(event)).body.outcome).toBe('ignored');
    expect((await deliver(event)).body.outcome).toBe('duplicate');
  });
});
