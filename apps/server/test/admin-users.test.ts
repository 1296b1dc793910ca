import { DELETED_USER_LABEL, reductionRefusedDetail } from '@licensewatch/shared/admin';
import { eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/modules/accounts/create-user.ts';
import { account, apiKey, session, user } from '../src/modules/accounts/tables.ts';
import { adminAudit } from '../src/modules/admin/tables.ts';
import { weeklyReminder } from '../src/modules/alerts/tables.ts';
import { billingTestObject } from '../src/modules/billing/tables.ts';
import type { TestSubscription } from '../src/modules/billing/test-mode/test-provider.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { grantTemporaryCredits } from '../src/modules/plans/grant-temporary-credits.ts';
import { apiUsage, creditLedger, userCredit, userPlan } from '../src/modules/plans/tables.ts';
import { report } from '../src/modules/reports/tables.ts';
import { outboundMessage } from '../src/platform/outbox/tables.ts';
import { uniqueEmail } from './support/accounts.ts';
import type { HttpClient } from './support/http-client.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { apiKeyOf, apiKeyOwner, callSearchApi } from './support/search-api.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let admin: Person;
let otherAdmin: Person;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
  [admin, otherAdmin] = await Promise.all([signedInPerson(server, 'admin'), signedInPerson(server, 'admin')]);
});
afterAll(async () => {
  await server?.close();
});

type ListItem = { id: string; email: string; full_name: string | null; is_active: boolean; plan_name: string };
type List = { users: ListItem[]; total: number; page: number; page_size: number };

const list = async (query = '') => {
  const answer = await admin.client.get(`/api/v2/admin/users${query}`);
  expect(answer.status).toBe(200);
  return answer.body as List;
};
const auditOf = (targetId: string) =>
  server.ctx.db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.targetId, targetId))
    .orderBy(sql`${adminAudit.createdAt}`);
const tempCredits = async (userId: string) =>
  (await server.ctx.db.select().from(userCredit).where(eq(userCredit.workspaceId, userId)))[0]?.tempReportCredits;

describe('the users list', () => {
  it('hides administrators, lists newest first, searches email and name, filters and pages', async () => {
    const tag = `lst${Date.now().toString(36)}`;
    const made: string[] = [];
    for (const [i, name] of ['Ada Okafor', '', 'Bea_Stone'].entries()) {
      const { id } = await createUser(server.ctx.auth, server.ctx.db, {
        email: `${tag}-${i}@example.com`,
        password: 'correct-horse',
        name,
        verified: true,
      });
      // Distinct creation times, one minute apart, oldest first.
      await server.ctx.db
        .update(user)
        .set({ createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)) })
        .where(eq(user.id, id));
      made.push(id);
    }
    const [ada, unnamed, bea] = made as [string, string, string];
    await assignPlan(server.ctx.db, {
      userId: bea,
      planName: 'premium',
      reason: 'plan-change',
      trial: false,
      endDate: new Date(Date.now() + 30 * 86_400_000),
    });
    await server.ctx.db.update(user).set({ isActive: false }).where(eq(user.id, unnamed));

    const all = await list(`?q=${tag}`);
    expect(all.total).toBe(3);
    expect(all.users.map((u) => u.id)).toEqual([bea, unnamed, ada]);
    expect(all.users[1]).toMatchObject({ full_name: null, is_active: false, plan_name: 'free' });
    expect(all.users[0]).toMatchObject({ role: 'user', plan_name: 'premium', last_sign_in_at: null });

    const everyone = await list('?page_size=100');
    expect(everyone.users.some((u) => u.id === admin.userId || u.id === otherAdmin.userId)).toBe(false);
    expect(everyone.total).toBe(everyone.users.length);

    // By name, case-insensitively; `_` is text, not "any character".
    expect((await list('?q=ada%20OKAFOR')).users.map((u) => u.id)).toEqual([ada]);
    expect((await list(`?q=${encodeURIComponent('bea_stone')}`)).users.map((u) => u.id)).toEqual([bea]);
    expect((await list(`?q=${encodeURIComponent('bea_')}&status=active`)).total).toBe(1);
    expect((await list(`?q=${tag}&status=inactive`)).users.map((u) => u.id)).toEqual([unnamed]);
    expect((await list(`?q=${tag}&status=active`)).users.map((u) => u.id)).toEqual([bea, ada]);
    expect((await list(`?q=${tag}&plan=premium`)).users.map((u) => u.id)).toEqual([bea]);
    expect((await list(`?q=${tag}&plan=free`)).users.map((u) => u.id)).toEqual([unnamed, ada]);
    expect((await list(`?q=${encodeURIComponent('%')}`)).total).toBe(0);

    const second = await list(`?q=${tag}&page=2&page_size=2`);
    expect(second).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(second.users.map((u) => u.id)).toEqual([ada]);
  });

  it('refuses a query it does not understand with 400', async () => {
    for (const query of ['?status=gone', '?plan=platinum', '?page=0', '?page_size=101', '?page=abc']) {
      const answer = await admin.client.get(`/api/v2/admin/users${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});

describe('a user in detail', () => {
  it('shows subscription, credits, usage and recent reports', async () => {
    const customer = await signedInPerson(server);
    await assignPlan(server.ctx.db, {
      userId: customer.userId,
      planName: 'small',
      reason: 'plan-change',
      trial: false,
      endDate: new Date(Date.now() + 30 * 86_400_000),
    });
    await grantTemporaryCredits(server.ctx.db, { userId: customer.userId, credits: 2 });
    await server.ctx.db.insert(report).values([
      {
        workspaceId: customer.userId,
        name: 'Older',
        firstName: 'A',
        lastName: 'B',
        licenseType: 'MD',
        states: ['OR'],
        createdAt: new Date('2020-01-01T00:00:00Z'),
        googleSheetUrl: 'https://docs.google.com/spreadsheets/d/abc',
      },
      { workspaceId: customer.userId, name: 'Newer', firstName: 'A', lastName: 'B', licenseType: 'DO', states: ['OR'] },
    ]);

    const answer = await admin.client.get(`/api/v2/admin/users/${customer.userId}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      subscription: { plan_name: 'small', status: 'active', plans: { report_credit: 50, api_credit: 1000 } },
      usage_limits: { report_count: 0, report_credit: 50, temp_report_credit: 2, api_count: 0, api_credit: 1000 },
      report_stats: { current_count: 2 },
    });
    expect(answer.body.subscription.current_period_end).toBe(answer.body.usage_limits.end_date);
    expect(answer.body.usage_limits.end_date).not.toBeNull();
    expect(answer.body.reports).toEqual([
      expect.objectContaining({ name: 'Newer', license_type: 'DO', license_count: 0, google_sheet_url: null }),
      expect.objectContaining({
        name: 'Older',
        license_type: 'MD',
        created_at: '2020-01-01T00:00:00.000Z',
        last_update: null,
        google_sheet_url: 'https://docs.google.com/spreadsheets/d/abc',
      }),
    ]);
  });

  it('is 404 for an unknown id and for an administrator', async () => {
    for (const id of ['no-such-user', otherAdmin.userId, admin.userId]) {
      const answer = await admin.client.get(`/api/v2/admin/users/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await admin.client.patch('/api/v2/admin/users/no-such-user', { is_active: false })).status).toBe(404);
    expect((await admin.client.request('DELETE', '/api/v2/admin/users/no-such-user')).status).toBe(404);
    expect((await admin.client.post('/api/v2/admin/users/no-such-user/temp-credits', { credits: 1 })).status).toBe(404);
  });
});

describe('activation', () => {
  it('deactivation ends the cookie at the next request and refuses the API key; reactivation lets them sign in', async () => {
    const customer = await signedInPerson(server);
    const key = await apiKeyOf(customer.client);
    expect(await apiKeyOwner(server, key)).toBe(customer.userId);

    const off = await admin.client.patch(`/api/v2/admin/users/${customer.userId}`, {
      is_active: false,
      reason: '  Chargeback on the last invoice ',
    });
    expect(off).toMatchObject({ status: 200, body: { id: customer.userId, is_active: false } });
    expect((await customer.client.get('/api/v2/auth/me')).status).toBe(401);
    expect(await apiKeyOwner(server, key)).toBeNull();
    expect(await callSearchApi(server, key)).toBe(401);
    expect(await server.ctx.db.select().from(session).where(eq(session.userId, customer.userId))).toEqual([]);
    expect((await list(`?q=${encodeURIComponent(customer.email)}`)).users[0]?.is_active).toBe(false);

    const on = await admin.client.patch(`/api/v2/admin/users/${customer.userId}`, { is_active: true });
    expect(on).toMatchObject({ status: 200, body: { is_active: true } });
    expect(await apiKeyOwner(server, key)).toBe(customer.userId);
    expect(
      (await customer.client.post('/api/auth/sign-in/email', { email: customer.email, password: 'correct-horse' }))
        .status,
    ).toBe(200);

    const audit = await auditOf(customer.userId);
    // The reason the confirmation asked for, trimmed; a call without one (the API's older contract) records none.
    expect(audit.map((a) => [a.action, a.before, a.after, a.actorEmail, a.targetLabel, a.reason])).toEqual([
      [
        'user.deactivate',
        { is_active: true },
        { is_active: false },
        admin.email,
        customer.email,
        'Chargeback on the last invoice',
      ],
      ['user.activate', { is_active: false }, { is_active: true }, admin.email, customer.email, null],
    ]);
    const logged = await admin.client.get(`/api/v2/admin/audit?q=${encodeURIComponent(customer.email)}`);
    expect(logged.body.entries.map((e: { reason: string | null }) => e.reason)).toContain(
      'Chargeback on the last invoice',
    );
  });

  it('refuses a body that is not {is_active: boolean}, or a reason too short to say anything, and changes nothing', async () => {
    const customer = await signedInPerson(server);
    const answer = await admin.client.patch(`/api/v2/admin/users/${customer.userId}`, { is_active: 'no' });
    expect(answer.status).toBe(400);
    const short = await admin.client.patch(`/api/v2/admin/users/${customer.userId}`, {
      is_active: false,
      reason: ' x ',
    });
    expect(short).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', detail: expect.stringContaining('Please give a reason') },
    });
    expect((await list(`?q=${encodeURIComponent(customer.email)}`)).users[0]?.is_active).toBe(true);
    expect(await auditOf(customer.userId)).toEqual([]);
  });
});

describe('temporary credits', () => {
  it('adds and reduces, with the balance before and after, the ledger and the audit rows', async () => {
    const customer = await signedInPerson(server);
    const add = await admin.client.post(`/api/v2/admin/users/${customer.userId}/temp-credits`, {
      credits: 3,
      reason: 'Goodwill after the outage',
    });
    expect(add).toMatchObject({
      status: 200,
      body: { message: 'Added 3 temporary credits', previous_temp_credits: 0, new_temp_credits: 3 },
    });
    const reduce = await admin.client.post(`/api/v2/admin/users/${customer.userId}/temp-credits/reduce`, {
      credits: 1,
    });
    expect(reduce).toMatchObject({
      status: 200,
      body: { message: 'Reduced 1 temporary credit', previous_temp_credits: 3, new_temp_credits: 2 },
    });

    const refused = await admin.client.post(`/api/v2/admin/users/${customer.userId}/temp-credits/reduce`, {
      credits: 5,
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'INSUFFICIENT_TEMP_CREDITS', detail: reductionRefusedDetail(2, 5) },
    });
    expect(refused.body.detail).toContain('Current: 2, Requested reduction: 5');
    expect(await tempCredits(customer.userId)).toBe(2);

    const ledger = await server.ctx.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.workspaceId, customer.userId))
      .orderBy(sql`${creditLedger.createdAt}`);
    expect(
      ledger.filter((l) => l.kind === 'temp_report').map((l) => [l.reason, l.delta, l.balanceAfter, l.actorId]),
    ).toEqual([
      ['admin-grant', 3, 3, admin.userId],
      ['admin-reduce', -1, 2, admin.userId],
    ]);
    const audit = await auditOf(customer.userId);
    expect(audit.map((a) => [a.action, a.before, a.after, a.reason])).toEqual([
      ['credits.add', { temp_report_credits: 0 }, { temp_report_credits: 3 }, 'Goodwill after the outage'],
      ['credits.reduce', { temp_report_credits: 3 }, { temp_report_credits: 2 }, null],
    ]);

    // The customer's own credit history names the reduction.
    const history = await customer.client.get('/api/v2/credentials/history');
    expect(history.body.entries[0]).toMatchObject({ reason: 'admin-reduce', delta: -1, balance_after: 2 });
  });

  it('refuses an amount that is not a whole number above 0', async () => {
    const customer = await signedInPerson(server);
    for (const credits of [0, -1, 1.5, '3', null]) {
      const answer = await admin.client.post(`/api/v2/admin/users/${customer.userId}/temp-credits`, { credits });
      expect(answer.status, String(credits)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('10 concurrent reductions of 1 on a balance of 5: exactly 5 succeed, never below zero', async () => {
    const customer = await signedInPerson(server);
    await grantTemporaryCredits(server.ctx.db, { userId: customer.userId, credits: 5 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.client.post(`/api/v2/admin/users/${customer.userId}/temp-credits/reduce`, { credits: 1 }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.body.detail).toBe(reductionRefusedDetail(0, 1));
    expect(
      answers
        .map((a) => a.body.new_temp_credits)
        .filter((n) => n !== undefined)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
    expect(await tempCredits(customer.userId)).toBe(0);
    expect((await auditOf(customer.userId)).filter((a) => a.action === 'credits.reduce')).toHaveLength(5);
  });
});

describe('refused targets', () => {
  it('the acting administrator and other administrators cannot be changed, deleted or credited', async () => {
    for (const target of [admin, otherAdmin]) {
      const base = `/api/v2/admin/users/${target.userId}`;
      const answers = [
        await admin.client.patch(base, { is_active: false }),
        await admin.client.request('DELETE', base),
        await admin.client.post(`${base}/temp-credits`, { credits: 1 }),
        await admin.client.post(`${base}/temp-credits/reduce`, { credits: 1 }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(403);
        expect(answer.body.code).toBe('ADMIN_TARGET_REFUSED');
        expect(answer.body.detail).toMatch(target === admin ? /your own account/ : /Administrator accounts/);
      }
      const [row] = await server.ctx.db.select().from(user).where(eq(user.id, target.userId));
      expect(row?.isActive).toBe(true);
      expect(await auditOf(target.userId)).toEqual([]);
    }
    expect((await admin.client.get('/api/v2/auth/me')).status).toBe(200);
    expect((await otherAdmin.client.get('/api/v2/auth/me')).status).toBe(200);
  });
});

/** A form button on a test-mode hosted page: a POST answered with a redirect. */
async function press(client: HttpClient, url: string) {
  const res = await client.request('POST', new URL(url).pathname, '', {
    'content-type': 'application/x-www-form-urlencoded',
  });
  expect(res.status).toBe(303);
}

describe('deletion', () => {
  it('removes every row of theirs in one go, keeps the ledger anonymised and anonymises the audit', async () => {
    const customer = await signedInPerson(server);
    await apiKeyOf(customer.client);
    await admin.client.post(`/api/v2/admin/users/${customer.userId}/temp-credits`, { credits: 2 });
    await server.ctx.db.insert(report).values({
      workspaceId: customer.userId,
      name: 'Mine',
      firstName: 'A',
      lastName: 'B',
      licenseType: 'MD',
      states: ['OR'],
    });
    await server.ctx.db.insert(outboundMessage).values([
      {
        channel: 'email',
        userId: customer.userId,
        to: customer.email,
        subject: 's',
        text: 't',
        transport: 'outbox',
        status: 'stored',
      },
      {
        channel: 'email',
        userId: null,
        to: customer.email,
        subject: 'Welcome',
        text: 't',
        transport: 'outbox',
        status: 'stored',
      },
    ]);

    await server.ctx.db.insert(apiUsage).values({
      userId: customer.userId,
      workspaceId: customer.userId,
      keyId: 'abc123abc123',
      endpoint: 'search-license-by-number',
      status: 200,
      latencyMs: 3,
      resultCount: 0,
      query: {},
    });
    await server.ctx.db.insert(weeklyReminder).values({ userId: customer.userId, week: '2026-11-23' });

    const answer = await admin.client.request('DELETE', `/api/v2/admin/users/${customer.userId}`);
    expect(answer).toMatchObject({ status: 200, body: { message: 'User deleted successfully' } });

    const id = customer.userId;
    const { db } = server.ctx;
    expect(await db.select().from(user).where(eq(user.id, id))).toEqual([]);
    for (const [table, column] of [
      [session, session.userId],
      [account, account.userId],
      [userPlan, userPlan.workspaceId],
      [userCredit, userCredit.workspaceId],
      [apiKey, apiKey.userId],
      [report, report.workspaceId],
    ] as const) {
      expect(await db.select().from(table).where(eq(column, id))).toEqual([]);
    }
    // Every table with a user_id or a workspace_id (their own workspace has their id), present or
    // future: none keeps a row of theirs but the ledger.
    const { rows: tables } = await db.execute<{ table_name: string; column_name: string }>(
      sql`SELECT table_name, column_name FROM information_schema.columns
          WHERE table_schema = 'public' AND column_name IN ('user_id', 'workspace_id')`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['api_usage', 'weekly_reminder', 'session', 'report', 'user_plan']),
    );
    for (const { table_name, column_name } of tables) {
      if (table_name === 'credit_ledger') continue;
      const { rows } = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} WHERE ${sql.identifier(column_name)} = ${id}`,
      );
      expect(rows[0]?.n, table_name).toBe(0);
    }
    expect(
      await db
        .select()
        .from(outboundMessage)
        .where(or(eq(outboundMessage.userId, id), eq(outboundMessage.to, customer.email))),
    ).toEqual([]);
    // The ledger keeps what was granted, with no owner.
    const orphaned = await db.select().from(creditLedger).where(eq(creditLedger.actorId, admin.userId));
    expect(orphaned.some((l) => l.workspaceId === null && l.reason === 'admin-grant' && l.delta === 2)).toBe(true);

    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.targetLabel])).toEqual([
      ['credits.add', DELETED_USER_LABEL],
      ['user.delete', DELETED_USER_LABEL],
    ]);
    expect(audit[1]).toMatchObject({ before: { plan_name: 'free', report_count: 1 }, actorEmail: admin.email });
    expect(JSON.stringify(audit)).not.toContain(customer.email);
    expect((await customer.client.get('/api/v2/auth/me')).status).toBe(401);
    expect((await admin.client.get(`/api/v2/admin/users/${id}`)).status).toBe(404);
  });

  it('sets a live test-mode subscription to cancel at its period end before deleting', async () => {
    const customer = await signedInPerson(server);
    const checkout = await customer.client.post('/api/v1/stripe/create-checkout-session', {
      priceId: 'price_test_premium',
      planType: 'individual',
      planName: 'premium',
    });
    expect(checkout.status).toBe(200);
    await press(customer.client, `${checkout.body.url}/complete`);
    const [plan] = await server.ctx.db.select().from(userPlan).where(eq(userPlan.workspaceId, customer.userId));
    const subscriptionId = plan?.stripeSubscriptionId;
    if (!subscriptionId) throw new Error('no subscription');

    const answer = await admin.client.request('DELETE', `/api/v2/admin/users/${customer.userId}`);
    expect(answer.status).toBe(200);
    const [object] = await server.ctx.db
      .select()
      .from(billingTestObject)
      .where(eq(billingTestObject.id, subscriptionId));
    expect(object?.data as TestSubscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const [audit] = (await auditOf(customer.userId)).filter((a) => a.action === 'user.delete');
    expect(audit?.before).toEqual({ plan_name: 'premium', report_count: 0 });
  });

  it('with the payment provider down: 502 and nothing deleted', { timeout: 60_000 }, async () => {
    // A server whose Stripe is a closed port: the provider cannot be reached at all. The keys are
    // placeholders of their shape, put together so that nothing key-shaped is written down.
    const down = await startTestServer(
      {
        STRIPE_SECRET_KEY: ['sk', 'test', 'down'].join('_'),
        STRIPE_WEBHOOK_SECRET: ['whsec', 'down'].join('_'),
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
      { worker: false },
    );
    try {
      const [downAdmin, customer] = await Promise.all([signedInPerson(down, 'admin'), signedInPerson(down)]);
      await down.ctx.db
        .update(userPlan)
        .set({
          planName: 'premium',
          endDate: new Date(Date.now() + 20 * 86_400_000),
          stripeCustomerId: 'cus_down',
          stripeSubscriptionId: 'sub_down',
          subscriptionStatus: 'active',
        })
        .where(eq(userPlan.workspaceId, customer.userId));

      const answer = await downAdmin.client.request('DELETE', `/api/v2/admin/users/${customer.userId}`);
      expect(answer.status).toBe(502);
      expect(answer.body).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
      expect(answer.body.detail).toMatch(/nothing was deleted/);
      expect(await down.ctx.db.select().from(user).where(eq(user.id, customer.userId))).toHaveLength(1);
      expect((await customer.client.get('/api/v2/auth/me')).status).toBe(200);
      expect(await down.ctx.db.select().from(adminAudit)).toEqual([]);
    } finally {
      await down.close();
    }
  });
});

it('a blank name is listed as null (the screen shows a dash)', async () => {
  const email = uniqueEmail('nameless');
  const { id } = await createUser(server.ctx.auth, server.ctx.db, { email, password: 'correct-horse', name: ' ' });
  expect((await list(`?q=${encodeURIComponent(email)}`)).users).toEqual([
    expect.objectContaining({ id, full_name: null }),
  ]);
});
