import type { AdminBilling, AdminDashboard } from '@licensewatch/shared/admin-insights';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBoardConfig } from '../src/modules/licensing/config/load-board-config.ts';
import { listStateStatuses } from '../src/modules/licensing/list-state-statuses.ts';
import { createBoardSources } from '../src/modules/licensing/sources/create-source.ts';
import { deliverEvent, planRow, signedInAccount, stripeEventOf } from './support/billing.ts';
import type { HttpClient } from './support/http-client.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// The embedded default (no Stripe keys): the built-in test provider takes the checkout, and signed
// events stand for what it does not simulate (a failed payment, a refund).
let server: TestServer;
let admin: Person;
let customer: Person;
// The boards of simulator mode, as the server is started with them (none is asked: listing them contacts nothing).
const BOARDS = createBoardSources(loadBoardConfig({ simUrl: 'http://127.0.0.1:1' }));
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
  server.ctx.licensing = BOARDS;
  [admin, customer] = await Promise.all([signedInPerson(server, 'admin'), signedInPerson(server)]);
});
afterAll(async () => {
  await server?.close();
});

const dashboard = async () => {
  const res = await admin.client.get('/api/v2/admin/dashboard');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AdminDashboard;
};
const billing = async (query = '') => {
  const res = await admin.client.get(`/api/v2/admin/billing${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AdminBilling;
};
const exec = (query: ReturnType<typeof sql>) => server.ctx.db.execute(query);
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** An account straight into the tables, created `createdDays` ago, on `plan` as given. */
async function putUser(
  id: string,
  {
    createdDays,
    signInDays = null,
    role = 'user',
    plan,
  }: {
    createdDays: number;
    signInDays?: number | null;
    role?: 'user' | 'admin';
    plan: { name: string; trialEndsInDays?: number; subscription?: string; status?: string };
  },
) {
  await exec(sql`
    insert into "user" (id, name, email, role, created_at, last_sign_in_at)
    values (${id}, ${id}, ${`${id}@dash.example`}, ${role}, now() - make_interval(days => ${createdDays}),
      ${signInDays === null ? null : sql`now() - make_interval(days => ${signInDays})`})`);
  const trial = plan.trialEndsInDays !== undefined;
  await exec(sql`
    insert into user_plan (workspace_id, plan_name, is_trial, trial_started_at, trial_ends_at, end_date,
      stripe_customer_id, stripe_subscription_id, subscription_status)
    values (${id}, ${plan.name}, ${trial}, now() - interval '1 day',
      ${trial ? sql`now() + make_interval(days => ${plan.trialEndsInDays ?? 0})` : null},
      ${plan.name === 'free' ? null : sql`now() + interval '20 days'`},
      ${plan.subscription ? `cus_${id}` : null}, ${plan.subscription ?? null}, ${plan.status ?? null})`);
}

describe('the admin dashboard', () => {
  it('is for administrators only', async () => {
    for (const path of ['/api/v2/admin/dashboard', '/api/v2/admin/billing']) {
      const res = await customer.client.get(path);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('counts users, plans, MRR, reports, usage, alerts and board health on a known data set', async () => {
    const before = await dashboard();

    await putUser('dash-new', { createdDays: 2, signInDays: 1, plan: { name: 'free', trialEndsInDays: 10 } });
    await putUser('dash-session', { createdDays: 20, plan: { name: 'basic', trialEndsInDays: 60 } });
    await putUser('dash-idle', {
      createdDays: 60,
      signInDays: 40,
      plan: { name: 'premium', subscription: 'sub_dash_idle', status: 'active' },
    });
    await putUser('dash-past-due', {
      createdDays: 50,
      plan: { name: 'small', subscription: 'sub_dash_pd', status: 'past_due' },
    });
    await putUser('dash-growth', {
      createdDays: 9,
      signInDays: 8,
      plan: { name: 'growth', subscription: 'sub_dash_growth', status: 'trialing' },
    });
    await putUser('dash-demo', { createdDays: 3, plan: { name: 'enterprise' } });
    await putUser('dash-admin', { createdDays: 1, signInDays: 0, role: 'admin', plan: { name: 'free' } });
    // Active through a session used 3 days ago, without a recorded sign-in; an old session counts for nothing.
    await exec(sql`
      insert into session (id, token, user_id, expires_at, updated_at) values
        ('dash-s1', 'dash-t1', 'dash-session', now() + interval '4 days', now() - interval '3 days'),
        ('dash-s2', 'dash-t2', 'dash-demo', now() + interval '4 days', now() - interval '31 days')`);

    // Two reports; three licenses attached, one hidden.
    await exec(sql`
      insert into report (id, workspace_id, name, first_name, last_name, license_type, states) values
        ('dash-r1', 'dash-new', 'A', 'Ada', 'Okafor', 'MD', '{OR}'),
        ('dash-r2', 'dash-new', 'B', 'Bo', 'Okafor', 'MD', '{OR}')`);
    await exec(sql`
      insert into license (id, jurisdiction, board_id, license_type, record_key, first_name, last_name,
        first_norm, last_norm, source_kind)
      select 'dash-l' || i, 'OR', 'or-med', 'MD', 'dash-' || i, 'Ada', 'Okafor', 'ada', 'okafor', 'socrata'
      from generate_series(1, 3) i`);
    await exec(sql`
      insert into report_license (report_id, license_id, confidence, match_reason, hidden_at) values
        ('dash-r1', 'dash-l1', 1, 'exact', null), ('dash-r1', 'dash-l2', 1, 'exact', now()),
        ('dash-r2', 'dash-l3', 1, 'exact', null)`);

    // API calls: 3 today, 2 five days ago, 1 forty days ago (outside the chart).
    await exec(sql`
      insert into api_usage (user_id, workspace_id, key_id, endpoint, status, latency_ms, result_count, query, created_at)
      select 'dash-growth', 'dash-growth', 'k', '/search', 200, 5, 1, '{}'::jsonb, now() - make_interval(days => d)
      from unnest(array[0, 0, 0, 5, 5, 40]) d`);
    // Spends 2 today and 1 five days ago; a grant is no spend.
    await exec(sql`
      insert into credit_ledger (workspace_id, kind, delta, reason, created_at) values
        ('dash-growth', 'api', -1, 'api-call', now()), ('dash-growth', 'api', -1, 'api-call', now()),
        ('dash-new', 'report', -1, 'report-created', now() - interval '5 days'),
        ('dash-new', 'temp_report', 5, 'admin-grant', now())`);

    // Alerts: emails 2 sent, 1 failing; texts 1 sent, 1 failing; an account email and an old alert don't count.
    await exec(sql`
      insert into outbound_message (channel, kind, "to", subject, text, transport, status, last_error, attempts, created_at)
      values
        ('email', 'alert', 'a@x.example', 's', 't', 'smtp', 'sent', null, 1, now()),
        ('email', 'alert', 'a@x.example', 's', 't', 'smtp', 'sent', null, 1, now() - interval '2 days'),
        ('email', 'alert', 'a@x.example', 's', 't', 'smtp', 'pending', 'SMTP down', 2, now()),
        ('email', 'alert', 'a@x.example', 's', 't', 'smtp', 'pending', null, 0, now()),
        ('sms', 'alert', '+15035550100', 's', 't', 'twilio', 'sent', null, 1, now()),
        ('sms', 'alert', '+15035550100', 's', 't', 'twilio', 'pending', 'HTTP 500', 1, now()),
        ('email', 'account', 'a@x.example', 's', 't', 'smtp', 'sent', null, 1, now()),
        ('email', 'alert', 'a@x.example', 's', 't', 'smtp', 'sent', null, 1, now() - interval '40 days')`);

    // Boards: California's MD board down, its DO board up; Oregon's ingested. New York's look-up answers
    // but failed its last probe (a CAPTCHA); Texas's passed its probe.
    await exec(sql`
      insert into source_health (board_id, jurisdiction, available, checked_at, last_error, last_success_at,
        probe_outcome, probed_at, probe_failures, verified_at) values
        ('ca-md', 'CA', false, now(), 'HTTP 503', now() - interval '2 days', null, null, null, null),
        ('ca-do', 'CA', true, now(), null, now(), null, null, null, null),
        ('ny-med', 'NY', true, now(), null, now(), 'blocked', now() - interval '1 hour',
          '["blocked (HTTP 403): a Cloudflare challenge page"]'::jsonb, now() - interval '8 days'),
        ('tx-med', 'TX', true, now(), null, now(), 'ok', now(), null, now())`);
    await exec(sql`
      insert into ingest_run (board_id, status, started_at, finished_at) values
        ('ca-md', 'warned', now() - interval '3 days', now() - interval '3 days'),
        ('ca-do', 'succeeded', now() - interval '1 day', now() - interval '1 day'),
        ('ca-do', 'failed', now() - interval '1 hour', now() - interval '1 hour'),
        ('or-med', 'running', now(), null)`);

    const after = await dashboard();
    expect(after.users.total - before.users.total).toBe(6);
    // New in 7 days: dash-new, dash-demo. Active in 30: dash-new (sign-in), dash-session (session), dash-growth.
    expect(after.users.new_this_week - before.users.new_this_week).toBe(2);
    expect(after.users.active_30_days - before.users.active_30_days).toBe(3);

    const plan = (d: AdminDashboard, name: string) => d.plans.per_plan.find((p) => p.plan_name === name);
    expect(after.plans.per_plan.map((p) => p.plan_name)).toEqual([
      'free',
      'basic',
      'premium',
      'small',
      'growth',
      'enterprise',
    ]);
    expect((plan(after, 'free')?.users ?? 0) - (plan(before, 'free')?.users ?? 0)).toBe(1);
    for (const name of ['basic', 'premium', 'small', 'growth', 'enterprise']) {
      expect(plan(after, name)?.users, name).toBe(1);
    }
    expect(after.plans.trials - before.plans.trials).toBe(2);
    expect(after.plans.trials_ending_14_days - before.plans.trials_ending_14_days).toBe(1);
    // Premium (active) and Growth (trialing at Stripe, not our trial): $15 + $500. Past due and the demo plan pay nothing.
    expect(after.plans.paying).toBe(2);
    expect(after.plans.mrr_cents).toBe(51_500);

    expect(after.content).toEqual({ reports: 2, tracked_licenses: 2 });

    expect(after.usage.days).toHaveLength(30);
    expect(after.usage.days.at(-1)).toEqual({ date: utcDay(0), api_calls: 3, credits_used: 2 });
    expect(after.usage.days.find((d) => d.date === utcDay(5))).toEqual({
      date: utcDay(5),
      api_calls: 2,
      credits_used: 1,
    });
    expect(after.usage.days[0]?.date).toBe(utcDay(29));
    expect(after.usage).toMatchObject({ api_calls: 5, credits_used: 3 });

    expect(after.alerts).toEqual({ email: { sent: 2, failed: 1 }, sms: { sent: 1, failed: 1 } });

    // The public rule: California (a board down) and New York (a failed probe) are Site Not Available.
    const states = await listStateStatuses(server.ctx.db, BOARDS.boards);
    expect(after.boards.states_unavailable).toBe(states.filter((s) => !s.status).length);
    // Of the other 49, only Texas was ever reached (its probe passed; Oregon's read is still running):
    // the rest are not checked yet, not Confirmed.
    expect(after.boards).toMatchObject({ states_confirmed: 1, states_not_checked: 48, states_unavailable: 2 });
    // Every configured board, counted by how it is read.
    expect(after.boards.list).toHaveLength(BOARDS.boards.length);
    expect(after.boards.methods).toEqual({ bulk: 15, lookup: 30, manual: 19, off: 0 });
    // Problems first: what users see as unavailable, never ingested first.
    const [first, second] = after.boards.list;
    expect(first).toMatchObject({
      board_id: 'ny-med',
      method: 'lookup',
      available: true,
      source_unavailable: true,
      probe: { outcome: 'blocked', failures: ['blocked (HTTP 403): a Cloudflare challenge page'] },
    });
    expect(Date.now() - new Date(first?.probe?.verified_at ?? 0).getTime()).toBeGreaterThan(7.9 * 86_400_000);
    expect(second).toMatchObject({
      board_id: 'ca-md',
      jurisdiction: 'CA',
      available: false,
      last_error: 'HTTP 503',
      source_unavailable: true,
      probe: null,
    });
    expect(Date.now() - new Date(second?.last_successful_ingest_at ?? 0).getTime()).toBeGreaterThan(2.9 * 86_400_000);
    const txMed = after.boards.list.find((b) => b.board_id === 'tx-med');
    expect(txMed).toMatchObject({ source_unavailable: false, probe: { outcome: 'ok', failures: null } });
    expect(txMed?.probe?.verified_at).toBe(txMed?.probe?.probed_at);
    // Boards no machine reads come last, saying why.
    const manual = after.boards.list.filter((b) => b.method === 'manual');
    expect(after.boards.list.slice(-manual.length)).toEqual(manual);
    expect(manual.find((b) => b.board_id === 'hi-med')).toMatchObject({
      available: null,
      probe: null,
      source_unavailable: false,
      method_detail: expect.stringMatching(/^The board's robots\.txt forbids/),
    });
    const caDo = after.boards.list.find((b) => b.board_id === 'ca-do');
    expect(caDo?.available).toBe(true);
    // The failed run an hour ago is not a successful ingest: the one a day ago is.
    expect(Date.now() - new Date(caDo?.last_successful_ingest_at ?? 0).getTime()).toBeGreaterThan(0.9 * 86_400_000);
    const orMed = after.boards.list.find((b) => b.board_id === 'or-med');
    expect(orMed).toMatchObject({ available: null, last_successful_ingest_at: null });
    // Never ingested boards come after the unavailable ones and before those ingested.
    const ranks = after.boards.list.map((b) =>
      b.source_unavailable ? 0 : b.method === 'manual' ? 3 : b.last_successful_ingest_at === null ? 1 : 2,
    );
    expect(ranks).toEqual([...ranks].sort());
  });
});

/** A form button on the test provider's hosted page: a POST answered with a redirect. */
async function press(client: HttpClient, url: string) {
  const res = await client.request('POST', new URL(url).pathname, '', {
    'content-type': 'application/x-www-form-urlencoded',
  });
  expect(res.status).toBe(303);
}

describe('the admin billing overview', () => {
  it('lists subscriptions, checkouts, failed payments, refunds and credit grants from the webhook’s records', async () => {
    const buyer = await signedInAccount(server);
    const checkout = await buyer.client.post('/api/v1/stripe/create-checkout-session', {
      priceId: 'price_test_small',
      planType: 'business',
      planName: 'small',
    });
    expect(checkout.status).toBe(200);
    await press(buyer.client, `${checkout.body.url}/complete`);
    const plan = await planRow(server, buyer.userId);
    expect(plan.planName).toBe('small');
    const customerId = plan.stripeCustomerId ?? '';

    const secret = server.ctx.billing.webhookSecret ?? '';
    const failed = stripeEventOf('invoice.payment_failed', {
      id: 'in_dash_failed',
      object: 'invoice',
      customer: customerId,
      amount_due: 25_000,
      currency: 'usd',
      attempt_count: 2,
      next_payment_attempt: Math.floor(Date.now() / 1000) + 3 * 86_400,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: plan.stripeSubscriptionId, metadata: { planName: 'small' } },
      },
    });
    const refund = stripeEventOf('charge.refunded', {
      id: 'ch_dash_refund',
      object: 'charge',
      customer: customerId,
      amount_refunded: 1_000,
      currency: 'usd',
    });
    for (const event of [failed, refund, failed]) {
      expect((await deliverEvent(server, event, { secret })).status).toBe(200);
    }
    // A grant and a reduction by an administrator.
    await exec(sql`
      insert into credit_ledger (workspace_id, kind, delta, reason, actor_id) values
        (${buyer.userId}, 'temp_report', 3, 'admin-grant', ${admin.userId}),
        (${buyer.userId}, 'temp_report', -1, 'admin-reduce', ${admin.userId})`);

    const answer = await billing();
    expect(answer.stripe_mode).toBe('test');
    const sub = answer.subscriptions.items.find((s) => s.user_id === buyer.userId);
    expect(sub).toMatchObject({
      email: buyer.email,
      plan_name: 'small',
      status: 'active',
      cancel_at_period_end: false,
      customer_id: customerId,
      customer_url: `https://dashboard.stripe.com/test/customers/${customerId}`,
      subscription_url: `https://dashboard.stripe.com/test/subscriptions/${plan.stripeSubscriptionId}`,
    });
    expect(sub?.current_period_end).toBe(plan.currentPeriodEnd?.toISOString());
    expect(answer.checkouts).toEqual([
      expect.objectContaining({
        kind: 'checkout_completed',
        email: buyer.email,
        plan_name: 'small',
        amount_cents: 25_000,
        currency: 'usd',
        object_id: checkout.body.id,
        subscription_id: plan.stripeSubscriptionId,
      }),
    ]);
    // Delivered twice, recorded once.
    expect(answer.failed_payments).toEqual([
      expect.objectContaining({
        id: failed.id,
        email: buyer.email,
        amount_cents: 25_000,
        attempt: 2,
        plan_name: 'small',
        next_attempt_at: expect.any(String),
      }),
    ]);
    expect(answer.refunds).toEqual([
      expect.objectContaining({ email: buyer.email, amount_cents: 1_000, object_id: 'ch_dash_refund' }),
    ]);
    expect(answer.credit_changes.map((c) => [c.reason, c.delta, c.email, c.actor_email])).toEqual(
      expect.arrayContaining([
        ['admin-grant', 3, buyer.email, admin.email],
        ['admin-reduce', -1, buyer.email, admin.email],
      ]),
    );

    // The dashboard counts the paid Small plan in MRR.
    expect((await dashboard()).plans.per_plan.find((p) => p.plan_name === 'small')?.paying).toBeGreaterThanOrEqual(1);
  });

  it('pages subscriptions, the total with every page', async () => {
    const all = await billing('?page=1&page_size=1');
    expect(all.subscriptions).toMatchObject({ page: 1, page_size: 1 });
    expect(all.subscriptions.items.length).toBeLessThanOrEqual(1);
    const past = await billing('?page=500&page_size=100');
    expect(past.subscriptions).toMatchObject({ items: [], total: all.subscriptions.total, page: 500 });
    expect((await admin.client.get('/api/v2/admin/billing?page_size=101')).status).toBe(400);
  });
});
