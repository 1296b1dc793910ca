import type { AdminOrganisationsResponse } from '@licensewatch/shared/admin';
import type { AdminBilling, AdminDashboard } from '@licensewatch/shared/admin-insights';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRow } from './support/billing.ts';
import { HttpClient } from './support/http-client.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// Organisations in the admin area (docs/product-rules.md, Admin area): the operator sees them on
// a page of their own, and a paying organisation counts in paying plans and MRR like a person's.
let server: TestServer;
let admin: Person;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
  admin = await signedInPerson(server, 'admin');
});
afterAll(() => server?.close());

/** Creates an organisation through the API; its creator works in it from then on. */
async function createOrganisation(owner: Person, name: string): Promise<string> {
  const res = await owner.client.post('/api/v2/organisations/', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** A form button on the test provider's hosted page: a POST answered with a redirect. */
async function press(client: HttpClient, url: string) {
  const res = await client.request('POST', new URL(url).pathname, '', {
    'content-type': 'application/x-www-form-urlencoded',
  });
  expect(res.status).toBe(303);
}

/** The owner, working in the organisation, buys Growth through the built-in test checkout. */
async function buyGrowth(owner: Person) {
  const checkout = await owner.client.post('/api/v1/stripe/create-checkout-session', {
    priceId: 'price_test_growth',
    planType: 'business',
    planName: 'growth',
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  await press(owner.client, `${checkout.body.url}/complete`);
}

const dashboard = async () => {
  const res = await admin.client.get('/api/v2/admin/dashboard');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AdminDashboard;
};

describe('a paying organisation on the admin dashboard and billing page', () => {
  it('counts in paying plans and MRR like a personal plan, and is named on the billing page', async () => {
    const before = await dashboard();
    const owner = await signedInPerson(server);
    const id = await createOrganisation(owner, 'Paying Growth Clinic');
    await buyGrowth(owner);
    const plan = await planRow(server, id);
    expect(plan).toMatchObject({ planName: 'growth', subscriptionStatus: 'active' });

    const after = await dashboard();
    const growth = (d: AdminDashboard) => d.plans.per_plan.find((p) => p.plan_name === 'growth');
    expect(after.plans.mrr_cents - before.plans.mrr_cents).toBe(50_000);
    expect(after.plans.paying - before.plans.paying).toBe(1);
    expect((growth(after)?.paying ?? 0) - (growth(before)?.paying ?? 0)).toBe(1);
    expect((growth(after)?.users ?? 0) - (growth(before)?.users ?? 0)).toBe(1);
    // Which part of it is organisations.
    expect((growth(after)?.organisations ?? 0) - (growth(before)?.organisations ?? 0)).toBe(1);
    expect(after.plans.paying_organisations - before.plans.paying_organisations).toBe(1);
    expect(after.plans.organisations_mrr_cents - before.plans.organisations_mrr_cents).toBe(50_000);

    const billing = await admin.client.get('/api/v2/admin/billing?page_size=100');
    expect(billing.status).toBe(200);
    const row = (billing.body as AdminBilling).subscriptions.items.find(
      (s) => s.subscription_id === plan.stripeSubscriptionId,
    );
    // The organisation by name, and its owner to contact.
    expect(row).toMatchObject({
      organisation: { id, name: 'Paying Growth Clinic' },
      user_id: owner.userId,
      email: owner.email,
      plan_name: 'growth',
      status: 'active',
    });
    // Its payment is on record (the webhook accepted it) under the organisation, like its subscription.
    const checkout = (billing.body as AdminBilling).checkouts.find(
      (e) => e.subscription_id === plan.stripeSubscriptionId,
    );
    expect(checkout).toMatchObject({
      organisation: { id, name: 'Paying Growth Clinic' },
      user_id: owner.userId,
      email: owner.email,
      plan_name: 'growth',
      amount_cents: 50_000,
    });
  });
});

const list = async (query = '') => {
  const res = await admin.client.get(`/api/v2/admin/organisations${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AdminOrganisationsResponse;
};

describe('the admin organisations list', () => {
  it('is for administrators only: 401 signed out, 403 for anyone else', async () => {
    const signedOut = await new HttpClient(server.url).get('/api/v2/admin/organisations');
    expect(signedOut.status).toBe(401);
    const customer = await signedInPerson(server);
    const refused = await customer.client.get('/api/v2/admin/organisations');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('shows each organisation with its owner, plan, members, invitations, reports and credits', async () => {
    const [owner, member] = await Promise.all([signedInPerson(server), signedInPerson(server)]);
    const id = await createOrganisation(owner, 'Lakeshore Cardiology Group');
    // A member who joined, and a pending invitation (another, revoked, is not pending).
    await server.ctx.db.execute(
      sql`insert into organisation_member (organisation_id, user_id, role) values (${id}, ${member.userId}, 'viewer')`,
    );
    for (const email of ['pending@lakeshore.example', 'revoked@lakeshore.example']) {
      const sent = await owner.client.post(`/api/v2/organisations/${id}/invitations`, { email, role: 'viewer' });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
    await server.ctx.db.execute(
      sql`update organisation_invitation set revoked_at = now() where email = 'revoked@lakeshore.example'`,
    );
    // Two reports in the organisation's workspace (made by its owner working in it); three licenses, one hidden.
    await server.ctx.db.execute(sql`
      insert into report (id, workspace_id, name, first_name, last_name, license_type, states) values
        ('org-r1', ${id}, 'A', 'Ada', 'Okafor', 'MD', '{OR}'), ('org-r2', ${id}, 'B', 'Bo', 'Okafor', 'MD', '{OR}')`);
    await server.ctx.db.execute(sql`
      insert into license (id, jurisdiction, board_id, license_type, record_key, first_name, last_name,
        first_norm, last_norm, source_kind)
      select 'org-l' || i, 'OR', 'or-med', 'MD', 'org-' || i, 'Ada', 'Okafor', 'ada', 'okafor', 'socrata'
      from generate_series(1, 3) i`);
    await server.ctx.db.execute(sql`
      insert into report_license (report_id, license_id, confidence, match_reason, hidden_at) values
        ('org-r1', 'org-l1', 1, 'exact', null), ('org-r1', 'org-l2', 1, 'exact', now()),
        ('org-r2', 'org-l3', 1, 'exact', null)`);

    const answer = await list('?q=lakeshore');
    expect(answer).toMatchObject({ total: 1, page: 1, page_size: 25 });
    expect(answer.organisations).toEqual([
      {
        id,
        name: 'Lakeshore Cardiology Group',
        owner: { id: owner.userId, full_name: expect.any(String), email: owner.email },
        plan_name: 'free',
        plan_state: 'active',
        members: 2,
        pending_invitations: 1,
        reports: 2,
        tracked_licenses: 2,
        // Free: one report credit, none spent (the reports were put in directly).
        report_credits_left: 1,
        created_at: expect.any(String),
      },
    ]);
  });

  it("finds an organisation by part of its name or its owner's email, any case; pages newest first", async () => {
    const owner = await signedInPerson(server);
    const names = ['Paging Clinic 1', 'Paging Clinic 2', 'Paging Clinic 3'];
    const ids: string[] = [];
    for (const name of names) ids.push(await createOrganisation(owner, name));
    // Created a second apart, so newest first is a fixed order.
    for (const [i, id] of ids.entries()) {
      await server.ctx.db.execute(
        sql`update organisation set created_at = now() - make_interval(secs => ${10 - i}) where id = ${id}`,
      );
    }

    const byName = await list('?q=PAGING%20clinic');
    expect(byName.total).toBe(3);
    expect(byName.organisations.map((o) => o.name)).toEqual(['Paging Clinic 3', 'Paging Clinic 2', 'Paging Clinic 1']);
    const byEmail = await list(`?q=${encodeURIComponent(owner.email.toUpperCase())}`);
    expect(byEmail.organisations.map((o) => o.id).sort()).toEqual([...ids].sort());
    // % and _ are text, not patterns.
    expect((await list('?q=%25')).total).toBe(0);

    const first = await list('?q=paging&page=1&page_size=2');
    expect(first).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(first.organisations.map((o) => o.name)).toEqual(['Paging Clinic 3', 'Paging Clinic 2']);
    const second = await list('?q=paging&page=2&page_size=2');
    expect(second.organisations.map((o) => o.name)).toEqual(['Paging Clinic 1']);
    expect(await list('?q=paging&page=3&page_size=2')).toMatchObject({ organisations: [], total: 3 });
    expect((await admin.client.get('/api/v2/admin/organisations?page_size=101')).status).toBe(400);
    expect((await list('?q=no-such-organisation-anywhere')).organisations).toEqual([]);
  });

  it('says when a plan is on trial or has expired', async () => {
    const owner = await signedInPerson(server);
    const trial = await createOrganisation(owner, 'Trial State Clinic');
    const expired = await createOrganisation(owner, 'Expired State Clinic');
    await server.ctx.db.execute(sql`
      update user_plan set plan_name = 'premium', is_trial = true, trial_ends_at = now() + interval '5 days',
        end_date = now() + interval '5 days' where workspace_id = ${trial}`);
    await server.ctx.db.execute(sql`
      update user_plan set plan_name = 'small', is_trial = false, end_date = now() - interval '1 day'
      where workspace_id = ${expired}`);
    const answer = await list('?q=state%20clinic');
    expect(answer.organisations.map((o) => [o.name, o.plan_name, o.plan_state])).toEqual([
      ['Expired State Clinic', 'small', 'expired'],
      ['Trial State Clinic', 'premium', 'trial'],
    ]);
  });
});
