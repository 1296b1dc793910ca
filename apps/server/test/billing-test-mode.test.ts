import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingTestObject } from '../src/modules/billing/tables.ts';
import type { TestSubscription } from '../src/modules/billing/test-mode/test-provider.ts';
import { userCredit } from '../src/modules/plans/tables.ts';
import { type Account, creditsRow, ledgerRows, periodEndOf, planRow, signedInAccount } from './support/billing.ts';
import type { HttpClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// The embedded default: no Stripe keys, so the same Stripe client calls the built-in test provider
// this server mounts, and its hosted pages stand in for Stripe's.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
});
afterAll(() => server?.close());

async function testObjects<T>(kind: string): Promise<T[]> {
  const rows = await server.ctx.db.select().from(billingTestObject).where(eq(billingTestObject.kind, kind));
  return rows.map((r) => r.data as T);
}

async function subscriptionOf(userId: string): Promise<TestSubscription> {
  const plan = await planRow(server, userId);
  const [row] = await server.ctx.db
    .select()
    .from(billingTestObject)
    .where(eq(billingTestObject.id, plan.stripeSubscriptionId ?? ''));
  if (!row) throw new Error('no subscription');
  return row.data as TestSubscription;
}

/** A form button on a hosted page: a POST whose answer is a redirect. */
async function press(client: HttpClient, url: string) {
  const res = await client.request('POST', new URL(url).pathname, '', {
    'content-type': 'application/x-www-form-urlencoded',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location') ?? '';
}

async function buy(account: Account, planName: string, planType = 'individual') {
  const res = await account.client.post('/api/v1/stripe/create-checkout-session', {
    priceId: `price_test_${planName}`,
    planType,
    planName,
  });
  expect(res.status).toBe(200);
  return res.body as { id: string; url: string };
}

describe('test-mode checkout, end to end', () => {
  it('checkout page → complete → webhook → the paid plan until the period end, credits reset', async () => {
    const account = await signedInAccount(server);
    const { client, userId } = account;
    const session = await buy(account, 'premium');
    expect(session.url).toBe(`${server.url}/test-checkout/${session.id}`);

    const page = await client.raw(new URL(session.url).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('TEST MODE — no card is charged');
    expect(html).toContain('Subscribe to Premium');
    expect(html).toContain('$15/month');
    expect(html).toContain('Complete test payment');
    expect(html).toContain('>Cancel</button>');
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain(account.email);
    // The page's buttons post to the paths pressed below (relative actions, so a prefixed APP_URL works).
    const actions = [...html.matchAll(/action="([^"]+)"/g)].map((m) => new URL(m[1] ?? '', session.url).href);
    expect(actions).toEqual([`${session.url}/complete`, `${session.url}/cancel`]);

    // The plan does not change before the payment.
    expect((await planRow(server, userId)).planName).toBe('free');
    expect(await press(client, `${session.url}/complete`)).toBe(`${server.url}/dashboard`);

    const subscription = await subscriptionOf(userId);
    expect(subscription).toMatchObject({ status: 'active', metadata: { userId, planName: 'premium' } });
    const periodEnd = periodEndOf(subscription);
    expect(periodEnd.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const current = (await client.post('/api/v2/stripe/current-plan')).body;
    expect(current).toMatchObject({
      plan_type: 'individual',
      plan_name: 'premium',
      is_trial: false,
      end_date: periodEnd.toISOString(),
      cancel_at_period_end: false,
      has_billing_account: true,
    });
    expect((await creditsRow(server, userId)).reportCredits).toBe(5);
    expect(await ledgerRows(server, userId, 'billing-period')).toHaveLength(1);
    expect(await planRow(server, userId)).toMatchObject({ subscriptionStatus: 'active', currentPeriodEnd: periodEnd });

    // A second press finds the checkout complete: no second subscription, no second grant.
    expect(await press(client, `${session.url}/complete`)).toBe(`${server.url}/dashboard`);
    const mine = (await testObjects<TestSubscription>('subscription')).filter((s) => s.metadata.userId === userId);
    expect(mine).toHaveLength(1);
    expect(await ledgerRows(server, userId, 'billing-period')).toHaveLength(1);
    const done = await (await client.raw(new URL(session.url).pathname)).text();
    expect(done).toContain('Test payment complete');

    // Paying again for the plan one has is refused.
    const again = await client.post('/api/v1/stripe/create-checkout-session', {
      priceId: 'price_test_premium',
      planType: 'individual',
      planName: 'premium',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_SUBSCRIBED');
  });

  it('Cancel returns to the pricing page and changes nothing', async () => {
    const account = await signedInAccount(server);
    const session = await buy(account, 'basic');
    expect(await press(account.client, `${session.url}/cancel`)).toBe(`${server.url}/pricing`);
    expect((await planRow(server, account.userId)).planName).toBe('free');
  });

  it('a business plan grants its monthly API credits', async () => {
    const account = await signedInAccount(server);
    const session = await buy(account, 'small', 'business');
    await press(account.client, `${session.url}/complete`);
    expect(await creditsRow(server, account.userId)).toMatchObject({ reportCredits: 50, apiCredits: 1000 });
    expect((await planRow(server, account.userId)).apiCreditsGrantedAt).not.toBeNull();
  });
});

describe("an organisation's own plan (ADR 019)", () => {
  it('is bought by its owner in its workspace: the organisation moves to the plan, the owner stays on theirs', async () => {
    const account = await signedInAccount(server);
    const created = await account.client.post('/api/v2/organisations/', { name: 'Checkout Clinic' });
    expect(created.status).toBe(201);
    const organisationId: string = created.body.id;
    await account.client.put('/api/v2/organisations/active', { organisation_id: organisationId });

    const session = await buy(account, 'growth', 'business');
    expect(await press(account.client, `${session.url}/complete`)).toBe(`${server.url}/dashboard`);

    expect((await planRow(server, organisationId)).planName).toBe('growth');
    expect(await creditsRow(server, organisationId)).toMatchObject({ reportCredits: 200, apiCredits: 5000 });
    expect((await account.client.post('/api/v2/stripe/current-plan', {})).body).toMatchObject({
      plan_name: 'growth',
      has_billing_account: true,
    });
    // The owner's own workspace is untouched, and its plan is read there again once switched back.
    expect((await planRow(server, account.userId)).planName).toBe('free');
    await account.client.put('/api/v2/organisations/active', { organisation_id: null });
    expect((await account.client.post('/api/v2/stripe/current-plan', {})).body.plan_name).toBe('free');
  });
});

describe('test-mode portal', () => {
  it('renews each period once, cancels at the period end, and ends on Free', async () => {
    const account = await signedInAccount(server);
    const { client, userId } = account;
    await press(client, `${(await buy(account, 'basic')).url}/complete`);
    await server.ctx.db.update(userCredit).set({ reportCredits: 1 }).where(eq(userCredit.workspaceId, userId));

    const portal = await client.post('/api/v2/stripe/portal-session');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${server.url}/test-portal/bps_test_`));
    const page = await (await client.raw(new URL(portal.body.url).pathname)).text();
    expect(page).toContain('TEST MODE — no card is charged');
    expect(page).toContain('Basic');
    expect(page).toContain('Cancel at period end');
    expect(page).toContain(`href="${server.url}/overview"`);
    const first = await subscriptionOf(userId);
    const action = (name: string) => `${portal.body.url}/subscriptions/${first.id}/${name}`;
    const buttons = [...page.matchAll(/action="([^"]+)"/g)].map((m) => new URL(m[1] ?? '', portal.body.url).href);
    expect(buttons).toEqual([action('cancel'), action('advance')]);

    // The test clock: the period ends and the subscription renews; credits are reset for the new period.
    expect(await press(client, action('advance'))).toBe(portal.body.url);
    const renewed = periodEndOf(await subscriptionOf(userId));
    expect(renewed > periodEndOf(first)).toBe(true);
    expect(await planRow(server, userId)).toMatchObject({ planName: 'basic', endDate: renewed });
    expect((await creditsRow(server, userId)).reportCredits).toBe(3);
    expect(await ledgerRows(server, userId, 'billing-period')).toHaveLength(2);

    await press(client, action('cancel'));
    const cancelling = (await client.post('/api/v2/stripe/current-plan')).body;
    expect(cancelling).toMatchObject({
      plan_name: 'basic',
      cancel_at_period_end: true,
      end_date: renewed.toISOString(),
    });
    expect(await (await client.raw(new URL(portal.body.url).pathname)).text()).toContain('Keep my subscription');

    await press(client, action('advance'));
    expect(await planRow(server, userId)).toMatchObject({
      planName: 'free',
      endDate: null,
      stripeSubscriptionId: null,
      cancelAtPeriodEnd: false,
    });
    expect((await creditsRow(server, userId)).reportCredits).toBe(1);
  });

  it('switch-to-free keeps a paid plan until its period end', async () => {
    const account = await signedInAccount(server);
    const { client, userId } = account;
    await press(client, `${(await buy(account, 'premium')).url}/complete`);
    const periodEnd = periodEndOf(await subscriptionOf(userId));
    const res = await client.post('/api/v2/stripe/switch-to-free');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', ends_at: periodEnd.toISOString() });
    expect((await subscriptionOf(userId)).cancel_at_period_end).toBe(true);
    expect(await planRow(server, userId)).toMatchObject({ planName: 'premium', cancelAtPeriodEnd: true });
  });

  it('refuses another customer’s subscription through a portal link', async () => {
    const owner = await signedInAccount(server);
    await press(owner.client, `${(await buy(owner, 'basic')).url}/complete`);
    const other = await signedInAccount(server);
    await buy(other, 'basic');
    const portal = (await other.client.post('/api/v2/stripe/portal-session')).body.url as string;
    const target = (await subscriptionOf(owner.userId)).id;
    const res = await other.client.request('POST', `${new URL(portal).pathname}/subscriptions/${target}/cancel`, '', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(404);
    expect((await subscriptionOf(owner.userId)).cancel_at_period_end).toBe(false);
  });
});

describe('the built-in provider’s API', () => {
  it('answers only with the derived test key', async () => {
    const res = await fetch(`${server.url}/test-stripe/v1/customers`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_guess', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=x@example.com',
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error.type).toBe('invalid_request_error');
  });
});
