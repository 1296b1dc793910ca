import { MESSAGES } from '@licensewatch/shared/messages';
import { STATE_NAMES, stateName } from '@licensewatch/shared/states';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../src/modules/accounts/create-user.ts';
import { user } from '../src/modules/accounts/tables.ts';
import type { SourceRecord } from '../src/modules/licensing/types.ts';
import { upsertLookedUpLicenses } from '../src/modules/licensing/upsert-looked-up-licenses.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { grantTemporaryCredits } from '../src/modules/plans/grant-temporary-credits.ts';
import { creditLedger, userCredit, userPlan } from '../src/modules/plans/tables.ts';
import { report, reportLicense, reportState } from '../src/modules/reports/tables.ts';
import { refreshReport } from '../src/modules/reports/update/refresh-report.ts';
import { updateReport } from '../src/modules/reports/update/update-report.ts';
import { signUpAndVerify } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { pickPhysician, type SimulatedBoards, withSimulatedBoards } from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 1500, seed: 42 }, (running) => {
  ({ server, boards } = running);
});
afterEach(() => boards.clearFaults());

type Account = { client: HttpClient; userId: string; email: string };

async function signedIn(): Promise<Account> {
  const client = new HttpClient(server.url);
  const { email } = await signUpAndVerify(client);
  const [row] = await server.ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error('no user');
  return { client, userId: row.id, email };
}

async function onPremium(): Promise<Account> {
  const account = await signedIn();
  await assignPlan(server.ctx.db, {
    userId: account.userId,
    planName: 'premium',
    trial: false,
    endDate: new Date(Date.now() + 30 * 86_400_000),
    reason: 'plan-change',
  });
  return account;
}

async function creditsOf(userId: string) {
  const [row] = await server.ctx.db.select().from(userCredit).where(eq(userCredit.workspaceId, userId));
  return row;
}

async function spendsOf(userId: string) {
  return server.ctx.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.workspaceId, userId), eq(creditLedger.reason, 'report-created')));
}

const del = (client: HttpClient, path: string) => client.request('DELETE', path);
const patch = (client: HttpClient, path: string) => client.request('PATCH', path);

async function waitForUpdate(client: HttpClient, id: string) {
  const seen: number[] = [];
  for (let i = 0; i < 300; i++) {
    const res = await client.get(`/api/v2/states/update-status/${id}`);
    expect(res.status).toBe(200);
    seen.push(res.body.progress);
    if (res.body.is_completed) return { ...res.body, seen };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`report ${id} did not finish updating: ${seen.slice(-5).join(', ')}`);
}

// ---- A physician put into the registry by hand, one license per case of docs/product-rules.md, License status.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ZENOBIA = { firstName: 'Zenobia', middleName: 'Quill', lastName: 'Thistlewood', licenseType: 'MD' as const };

function zenobiaLicense(
  boardId: string,
  jurisdiction: SourceRecord['jurisdiction'],
  licenseNumber: string | null,
  status: SourceRecord['status'],
  expiryDate: string | null,
  discipline: string | null = null,
): SourceRecord {
  return {
    jurisdiction,
    boardId,
    licenseType: 'MD',
    licenseNumber,
    firstName: ZENOBIA.firstName,
    middleName: ZENOBIA.middleName,
    lastName: ZENOBIA.lastName,
    suffix: null,
    rawStatus: status.toUpperCase(),
    status,
    issueDate: '2010-06-01',
    expiryDate,
    discipline,
  };
}

const ZENOBIA_LICENSES = [
  zenobiaLicense('ks-med', 'KS', 'KS-Z1001', 'active', day(400)), // active
  zenobiaLicense('vt-md', 'VT', 'VT-Z1002', 'active', day(20)), // active, expiring within 42 days
  zenobiaLicense('wa-md', 'WA', 'MD-Z1003', 'expired', day(-30)), // expired
  zenobiaLicense('ny-med', 'NY', 'NY-Z1004', 'active', null), // no expiry: counts as expired
  zenobiaLicense('tx-med', 'TX', null, 'active', day(300)), // no number: left out
  // In date, but the board says suspended: needs attention, never Active.
  zenobiaLicense('or-med', 'OR', 'OR-Z1006', 'suspended', day(100), 'Summary suspension'),
];
const ZENOBIA_STATES = ['Kansas', 'Vermont', 'Washington', 'New York', 'Texas', 'Oregon'];

beforeAll(async () => {
  const bySource = new Map<string, SourceRecord[]>();
  for (const record of ZENOBIA_LICENSES) {
    const kind = record.boardId === 'wa-md' ? 'socrata' : 'html-lookup';
    bySource.set(kind, [...(bySource.get(kind) ?? []), record]);
  }
  for (const [sourceKind, records] of bySource) await upsertLookedUpLicenses(server.ctx, { records, sourceKind });
});

const zenobiaReport = (states = ZENOBIA_STATES) => ({ name: 'Zenobia', ...ZENOBIA, states });

type Counted = { standing: string; status: string };

/**
 * The report's counters, from the report call and from the list, equal what its licenses call
 * shows, counted by each row's standing; returns them.
 */
async function expectCountersMatchTable(client: HttpClient, reportId: string) {
  const rows: Counted[] = (await client.get(`/api/v2/reports/${reportId}/licenses`)).body;
  const by = (standing: string) => rows.filter((r) => r.standing === standing).length;
  const fromTable = {
    total_license: rows.length,
    active_license: by('active') + by('expiring'),
    expiring_license: by('expiring'),
    expired_license: by('expired'),
    needs_attention_license: by('attention'),
  };
  const one = (await client.get(`/api/v1/reports/${reportId}`)).body;
  const listed = (await client.get('/api/v1/reports/')).body.find((r: { id: string }) => r.id === reportId);
  expect(one).toMatchObject(fromTable);
  expect(listed).toMatchObject(fromTable);
  // Whatever a row says, it is Active exactly when it is counted as active.
  for (const row of rows)
    expect(row.status === 'Active').toBe(row.standing === 'active' || row.standing === 'expiring');
  return fromTable;
}

async function createAndFinish(account: Account, body: object) {
  const created = await account.client.post('/api/v2/reports/', body);
  expect(created.status).toBe(201);
  const status = await waitForUpdate(account.client, created.body.id);
  return { id: created.body.id as string, created: created.body, status };
}

describe('plans of new accounts', () => {
  it('a sign-up starts on Free with a 3-month trial and one report credit', async () => {
    const { userId } = await signedIn();
    const [plan] = await server.ctx.db.select().from(userPlan).where(eq(userPlan.workspaceId, userId));
    expect(plan).toMatchObject({ planName: 'free', isTrial: true, endDate: null });
    const trialDays = ((plan?.trialEndsAt?.getTime() ?? 0) - (plan?.trialStartedAt?.getTime() ?? 0)) / 86_400_000;
    expect(trialDays).toBeGreaterThanOrEqual(89);
    expect(trialDays).toBeLessThanOrEqual(92);
    expect(await creditsOf(userId)).toMatchObject({ reportCredits: 1, tempReportCredits: 0, apiCredits: 0 });
    const ledger = await server.ctx.db.select().from(creditLedger).where(eq(creditLedger.workspaceId, userId));
    expect(ledger.map((l) => [l.kind, l.delta, l.balanceAfter, l.reason])).toEqual([['report', 1, 1, 'plan-start']]);
  });

  it('an account made by the CLI path (createUser) starts the same way', async () => {
    const created = await createUser(server.ctx.auth, server.ctx.db, {
      email: `cli-${Date.now()}@example.com`,
      password: 'correct-horse',
      verified: true,
    });
    const [plan] = await server.ctx.db.select().from(userPlan).where(eq(userPlan.workspaceId, created.id));
    expect(plan).toMatchObject({ planName: 'free', isTrial: true });
    expect(await creditsOf(created.id)).toMatchObject({ reportCredits: 1 });
  });

  it('an account from before plans gets Free on first use, its trial counted from sign-up', async () => {
    const { client, userId } = await signedIn();
    await server.ctx.db.delete(userPlan).where(eq(userPlan.workspaceId, userId));
    await server.ctx.db.delete(userCredit).where(eq(userCredit.workspaceId, userId));
    await server.ctx.db
      .update(user)
      .set({ createdAt: new Date(Date.now() - 200 * 86_400_000) })
      .where(eq(user.id, userId));
    // The dashboard's credentials call is the first use.
    expect((await client.get('/api/v1/credentials/')).status).toBe(200);
    const [plan] = await server.ctx.db.select().from(userPlan).where(eq(userPlan.workspaceId, userId));
    expect(plan?.planName).toBe('free');
    expect(plan?.trialEndsAt?.getTime()).toBeLessThan(Date.now());
    expect(await creditsOf(userId)).toMatchObject({ reportCredits: 1 });
    // Free never lapses: an ended trial does not lock reports.
    const created = await client.post('/api/v2/reports/', zenobiaReport(['Washington']));
    expect(created.status).toBe(201);
  });
});

describe('signed out', () => {
  it('every report call answers 401, before looking at the body', async () => {
    const anonymous = new HttpClient(server.url);
    const calls = [
      anonymous.get('/api/v1/reports/'),
      anonymous.post('/api/v2/reports/', { nonsense: true }),
      anonymous.get('/api/v1/reports/some-id'),
      del(anonymous, '/api/v2/reports/some-id'),
      anonymous.get('/api/v2/reports/some-id/licenses'),
      patch(anonymous, '/api/v2/reports/licenses/some-id'),
      anonymous.get('/api/v2/states/update-status/some-id'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: MESSAGES.general.notAuthenticated, code: 'UNAUTHENTICATED' });
    }
  });
});

describe('bad input', () => {
  it('answers 400 naming the field, spends nothing and creates nothing', async () => {
    const { client, userId } = await signedIn();
    const good = zenobiaReport(['Washington']);
    const cases: [object, RegExp][] = [
      [{ ...good, firstName: undefined }, /^firstName: First name is required/],
      [{ ...good, firstName: '   ' }, /^firstName: First name is required/],
      [{ ...good, lastName: undefined }, /^lastName: Last name is required/],
      [{ ...good, licenseType: undefined }, /^licenseType: License type must be MD or DO/],
      [{ ...good, licenseType: 'NP' }, /^licenseType: License type must be MD or DO/],
      [{ ...good, states: ['Narnia'] }, /^states: Unknown state 'Narnia'/],
      [{ ...good, states: [] }, /^states: Select at least one state/],
      [{ ...good, states: undefined }, /^states: Select at least one state/],
      [{ ...good, states: ['Texas', 'Ohio', 'Texas'] }, /^states: 'Texas' is selected more than once/],
      [{ ...good, name: 'x'.repeat(500) }, /^name: Report name must be at most 200 characters/],
      [{ ...good, lastName: 'x'.repeat(500) }, /^lastName: Last name must be at most 100 characters/],
    ];
    for (const [body, detail] of cases) {
      const res = await client.post('/api/v2/reports/', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.detail).toMatch(detail);
    }
    expect((await client.get('/api/v1/reports/')).body).toEqual([]);
    expect(await creditsOf(userId)).toMatchObject({ reportCredits: 1 });
    expect(await spendsOf(userId)).toEqual([]);
  });
});

describe('Free plan', () => {
  it('allows one state per report and one report credit; the credit is spent once', async () => {
    const { client, userId } = await signedIn();
    const twoStates = await client.post('/api/v2/reports/', zenobiaReport(['Washington', 'Oregon']));
    expect(twoStates.status).toBe(403);
    expect(twoStates.body).toEqual({
      detail: 'Your Free plan allows 1 state per report. Choose fewer states or upgrade your plan.',
      code: 'PLAN_LIMIT',
    });
    expect(await creditsOf(userId)).toMatchObject({ reportCredits: 1 });

    // Ohio: she holds no license there, so the tracked-license limit stays out of the way.
    const { id } = await createAndFinish({ client, userId, email: '' }, zenobiaReport(['Ohio']));
    expect(await creditsOf(userId)).toMatchObject({ reportCredits: 0, tempReportCredits: 0 });
    const spends = await spendsOf(userId);
    expect(spends.map((s) => [s.kind, s.delta, s.balanceAfter, s.reportId])).toEqual([['report', -1, 0, id]]);

    const noCredit = await client.post('/api/v2/reports/', zenobiaReport(['Ohio']));
    expect(noCredit.status).toBe(402);
    expect(noCredit.body).toEqual({ detail: MESSAGES.reports.noReportCredits, code: 'NO_REPORT_CREDITS' });
    expect((await client.get('/api/v1/reports/')).body).toHaveLength(1);
  });

  it('tracks one license: another report waits until one is hidden; temporary credits go first', async () => {
    const { client, userId } = await signedIn();
    const { id } = await createAndFinish({ client, userId, email: '' }, zenobiaReport(['Washington']));
    const licenses = (await client.get(`/api/v2/reports/${id}/licenses`)).body;
    expect(licenses).toHaveLength(1);

    await grantTemporaryCredits(server.ctx.db, { userId, credits: 2 });
    const refused = await client.post('/api/v2/reports/', zenobiaReport(['Oregon']));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAN_LIMIT');
    expect(refused.body.detail).toBe(
      'Your Free plan tracks up to 1 license and you track 1. Hide a license or upgrade your plan to create another report.',
    );
    expect(await creditsOf(userId)).toMatchObject({ reportCredits: 0, tempReportCredits: 2 });

    expect((await patch(client, `/api/v2/reports/licenses/${licenses[0].id}`)).status).toBe(200);
    await createAndFinish({ client, userId, email: '' }, zenobiaReport(['Oregon']));
    expect(await creditsOf(userId)).toMatchObject({ reportCredits: 0, tempReportCredits: 1 });
    const spends = await spendsOf(userId);
    expect(spends.map((s) => s.kind).sort()).toEqual(['report', 'temp_report']);
  });

  it('creates at once with one credit left: exactly one report', async () => {
    const { client, userId } = await signedIn();
    // States where she holds nothing, so only the credit decides.
    const results = await Promise.all(
      ['Ohio', 'Iowa', 'Utah', 'Idaho'].map((state) => client.post('/api/v2/reports/', zenobiaReport([state]))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 402, 402, 402]);
    expect((await client.get('/api/v1/reports/')).body).toHaveLength(1);
    expect(await creditsOf(userId)).toMatchObject({ reportCredits: 0 });
    expect(await spendsOf(userId)).toHaveLength(1);
  });
});

describe('a report', () => {
  let owner: Account;
  let reportId: string;
  beforeAll(async () => {
    owner = await onPremium();
    reportId = (await createAndFinish(owner, zenobiaReport())).id;
  });

  it('is created with the API fields and updates to 100%', async () => {
    const res = await owner.client.get(`/api/v1/reports/${reportId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: reportId,
      name: 'Zenobia',
      first_name: 'Zenobia',
      middle_name: 'Quill',
      last_name: 'Thistlewood',
      license_type: 'MD',
      google_sheet_url: null,
      airtable_base_url: null,
      states: ['Kansas', 'New York', 'Oregon', 'Texas', 'Vermont', 'Washington'],
      untracked_over_limit: 0,
    });
    expect(Date.parse(res.body.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(res.body.update_excuted_date)).toBeGreaterThanOrEqual(Date.parse(res.body.created_at));
    const status = await owner.client.get(`/api/v2/states/update-status/${reportId}`);
    expect(status.body).toEqual({ is_completed: true, progress: 100, unavailable_states: [] });
  });

  it('counts numbered licenses only, no expiry = expired, expiring within 42 days, suspended needs attention', async () => {
    const res = await owner.client.get(`/api/v1/reports/${reportId}`);
    expect(res.body).toMatchObject({
      total_license: 5,
      active_license: 2,
      expiring_license: 1,
      expired_license: 2,
      needs_attention_license: 1,
    });
    expect(await expectCountersMatchTable(owner.client, reportId)).toMatchObject({ total_license: 5 });
  });

  it('lists its licenses by state, with status and the board status', async () => {
    const res = await owner.client.get(`/api/v2/reports/${reportId}/licenses`);
    expect(res.status).toBe(200);
    expect(res.body.map((l: { state: string; license_number: string }) => [l.state, l.license_number])).toEqual([
      ['Kansas', 'KS-Z1001'],
      ['New York', 'NY-Z1004'],
      ['Oregon', 'OR-Z1006'],
      ['Vermont', 'VT-Z1002'],
      ['Washington', 'MD-Z1003'],
    ]);
    const byNumber = Object.fromEntries(res.body.map((l: { license_number: string }) => [l.license_number, l]));
    expect(byNumber['VT-Z1002']).toMatchObject({
      issued: '2010-06-01',
      expired: day(20),
      status: 'Active',
      board_status: 'active',
      days_to_expiry: 20,
      license_type: 'MD',
      name_on_license: 'Zenobia Quill Thistlewood',
    });
    expect(byNumber['NY-Z1004']).toMatchObject({ expired: null, status: 'Expired', days_to_expiry: null });
    expect(byNumber['MD-Z1003']).toMatchObject({ status: 'Expired', board_status: 'expired', days_to_expiry: -30 });
    expect(byNumber['KS-Z1001']).toMatchObject({ status: 'Active', standing: 'active' });
    expect(byNumber['VT-Z1002']).toMatchObject({ standing: 'expiring' });
    // In date, but suspended: shown as the board says, with its wording and discipline, never Active.
    expect(byNumber['OR-Z1006']).toMatchObject({
      status: 'Suspended',
      standing: 'attention',
      board_status: 'suspended',
      board_status_text: 'SUSPENDED',
      discipline: 'Summary suspension',
      days_to_expiry: 100,
    });
    expect(Number.isNaN(Date.parse(byNumber['OR-Z1006'].updated_at))).toBe(false);
  });

  it('hides a license: gone from the table and the counts, and hiding again is fine', async () => {
    const licenses = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body;
    const nd = licenses.find((l: { license_number: string }) => l.license_number === 'KS-Z1001');
    const hidden = await patch(owner.client, `/api/v2/reports/licenses/${nd.id}`);
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual({ id: nd.id, hidden: true });
    expect((await patch(owner.client, `/api/v2/reports/licenses/${nd.id}`)).status).toBe(200);
    const after = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body;
    expect(after.map((l: { license_number: string }) => l.license_number)).not.toContain('KS-Z1001');
    const counts = (await owner.client.get(`/api/v1/reports/${reportId}`)).body;
    expect(counts).toMatchObject({
      total_license: 4,
      active_license: 1,
      expiring_license: 1,
      expired_license: 2,
      needs_attention_license: 1,
    });
    // Stored by the hide itself, not only recounted on read.
    const [stored] = await server.ctx.db.select().from(report).where(eq(report.id, reportId));
    expect(stored).toMatchObject({ totalLicenses: 4, activeLicenses: 1, needsAttentionLicenses: 1 });
    await expectCountersMatchTable(owner.client, reportId);
    // Re-matching (the daily refresh) does not bring it back.
    await refreshReport(server.ctx, reportId);
    expect((await owner.client.get(`/api/v1/reports/${reportId}`)).body.total_license).toBe(4);
    await expectCountersMatchTable(owner.client, reportId);
  });

  it('is not anyone else’s: 404 for another user on every call, and nothing changes', async () => {
    const stranger = await onPremium();
    const licenseId = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body[0].id;
    const notFound = { detail: MESSAGES.reports.notFound, code: 'NOT_FOUND' };
    expect(await stranger.client.get(`/api/v1/reports/${reportId}`)).toMatchObject({ status: 404, body: notFound });
    expect(await stranger.client.get(`/api/v2/reports/${reportId}/licenses`)).toMatchObject({
      status: 404,
      body: notFound,
    });
    expect(await stranger.client.get(`/api/v2/states/update-status/${reportId}`)).toMatchObject({
      status: 404,
      body: notFound,
    });
    expect(await del(stranger.client, `/api/v2/reports/${reportId}`)).toMatchObject({ status: 404, body: notFound });
    expect(await patch(stranger.client, `/api/v2/reports/licenses/${licenseId}`)).toMatchObject({
      status: 404,
      body: { detail: MESSAGES.reports.licenseNotFound, code: 'NOT_FOUND' },
    });
    // The same answers as for ids that do not exist at all.
    expect(await stranger.client.get('/api/v1/reports/00000000-0000-0000-0000-000000000000')).toMatchObject({
      status: 404,
      body: notFound,
    });
    expect(await patch(stranger.client, '/api/v2/reports/licenses/nope')).toMatchObject({ status: 404 });
    expect((await stranger.client.get('/api/v1/reports/')).body).toEqual([]);
    const still = await owner.client.get(`/api/v2/reports/${reportId}/licenses`);
    expect(still.body.map((l: { id: string }) => l.id)).toContain(licenseId);
  });
});

describe('the report list and deletion', () => {
  it('lists newest first and deletes without refunding the credit', async () => {
    const account = await onPremium();
    const first = await createAndFinish(account, { ...zenobiaReport(['Washington']), name: 'First' });
    const second = await createAndFinish(account, { ...zenobiaReport(['Oregon']), name: '' });
    const list = await account.client.get('/api/v1/reports/');
    expect(list.status).toBe(200);
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([second.id, first.id]);
    // No name given: the physician's name.
    // Oregon's license is suspended: counted as needing attention, not as active.
    expect(list.body[0]).toMatchObject({
      name: 'Zenobia Quill Thistlewood',
      total_license: 1,
      active_license: 0,
      needs_attention_license: 1,
    });
    const credits = await creditsOf(account.userId);

    const deleted = await del(account.client, `/api/v2/reports/${first.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { id: first.id, deleted: true } });
    expect((await account.client.get(`/api/v1/reports/${first.id}`)).status).toBe(404);
    expect((await del(account.client, `/api/v2/reports/${first.id}`)).status).toBe(404);
    expect((await account.client.get('/api/v1/reports/')).body.map((r: { id: string }) => r.id)).toEqual([second.id]);
    const left = await server.ctx.db.select().from(reportLicense).where(eq(reportLicense.reportId, first.id));
    expect(left).toEqual([]);
    expect(await creditsOf(account.userId)).toMatchObject({ reportCredits: credits?.reportCredits });
  });

  it('answers concurrent lists of several users each with their own, as of their request', async () => {
    // Concurrent list requests share one query (services/list-reports.ts); the rows must still
    // go to their owner only, and a report made before a request must be in its answer.
    const accounts = await Promise.all([onPremium(), onPremium(), onPremium()]);
    const own = new Map<string, string[]>();
    for (const [i, account] of accounts.entries()) {
      const created = await createAndFinish(account, { ...zenobiaReport(['Washington']), name: `Mine ${i}` });
      own.set(account.userId, [created.id]);
    }
    const rounds = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const account = accounts[i % accounts.length] as Account;
        return { account, res: await account.client.get('/api/v1/reports/') };
      }),
    );
    for (const { account, res } of rounds) {
      expect(res.status).toBe(200);
      expect(res.body.map((r: { id: string }) => r.id)).toEqual(own.get(account.userId));
    }
    const [first] = accounts;
    const another = await first.client.post('/api/v2/reports/', { ...zenobiaReport(['Oregon']), name: 'Newer' });
    expect(another.status).toBe(201);
    const [list] = await Promise.all([
      first.client.get('/api/v1/reports/'),
      ...accounts.slice(1).map((a) => a.client.get('/api/v1/reports/')),
    ]);
    expect(list?.body.map((r: { name: string }) => r.name)).toEqual(['Newer', 'Mine 0']);
  });
});

describe('an expired plan', () => {
  it('refuses report access with the plan-expired message, but keeps the list for the greyed dashboard', async () => {
    const account = await onPremium();
    const { id } = await createAndFinish(account, zenobiaReport(['Washington']));
    const licenseId = (await account.client.get(`/api/v2/reports/${id}/licenses`)).body[0].id;
    await assignPlan(server.ctx.db, {
      userId: account.userId,
      planName: 'basic',
      trial: false,
      endDate: new Date(Date.now() - 86_400_000),
      reason: 'plan-change',
    });
    const expired = { detail: 'Your plan has expired. Please renew to access reports.', code: 'PLAN_EXPIRED' };
    const { client } = account;
    expect(await client.get(`/api/v1/reports/${id}`)).toMatchObject({ status: 403, body: expired });
    expect(await client.get(`/api/v2/reports/${id}/licenses`)).toMatchObject({ status: 403, body: expired });
    expect(await del(client, `/api/v2/reports/${id}`)).toMatchObject({ status: 403, body: expired });
    expect(await patch(client, `/api/v2/reports/licenses/${licenseId}`)).toMatchObject({ status: 403, body: expired });
    const credits = await creditsOf(account.userId);
    expect(await client.post('/api/v2/reports/', zenobiaReport(['Oregon']))).toMatchObject({
      status: 403,
      body: expired,
    });
    expect(await creditsOf(account.userId)).toEqual(credits);

    const list = await client.get('/api/v1/reports/');
    expect(list.status).toBe(200);
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await client.get(`/api/v2/states/update-status/${id}`)).status).toBe(200);
  });
});

describe('a board that is down', () => {
  it('marks its state unavailable, attaches what the registry holds, and tries again later', async () => {
    const account = await onPremium();
    await boards.setFaults({ boardId: 'ks-med', down: true });
    const { id, status } = await createAndFinish(account, zenobiaReport(['Kansas', 'Washington']));
    expect(status).toMatchObject({ is_completed: true, progress: 100, unavailable_states: ['Kansas'] });
    const [nd] = await server.ctx.db
      .select()
      .from(reportState)
      .where(and(eq(reportState.reportId, id), eq(reportState.state, 'KS')));
    expect(nd).toMatchObject({ status: 'unavailable', attempts: 1 });
    expect(nd?.lastError).toMatch(/ks-med/);
    const numbers = (await account.client.get(`/api/v2/reports/${id}/licenses`)).body.map(
      (l: { license_number: string }) => l.license_number,
    );
    expect(numbers.sort()).toEqual(['KS-Z1001', 'MD-Z1003']);
    // A retry is queued for later, not dropped. The job queues it after the report reads completed
    // (the SAM.gov check comes between), so it is awaited, not expected at once: a PostgreSQL run in
    // CI read the queue in that gap. Milliseconds of need; 10 s of head-room on a busy machine.
    const rows = await vi.waitFor(
      async () => {
        const found = await server.ctx.pool.query<{ start_after: Date }>(
          `SELECT start_after FROM pgboss.job WHERE name = 'update-report' AND singleton_key = $1 AND state = 'created'`,
          [id],
        );
        expect(found.rows).toHaveLength(1);
        return found.rows;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(rows[0]?.start_after.getTime()).toBeGreaterThan(Date.now() + 5 * 60_000);

    await boards.clearFaults();
    await updateReport(server.ctx, id);
    expect((await account.client.get(`/api/v2/states/update-status/${id}`)).body).toEqual({
      is_completed: true,
      progress: 100,
      unavailable_states: [],
    });
  });
});

// ---- A physician of the simulator, found through the real connectors.

describe('a simulated physician across many states', () => {
  it("attaches exactly their licenses, from boards' bulk files and live look-ups", async () => {
    const account = await onPremium();
    const person = pickPhysician(boards.persons);
    const held = new Set(person.licenses.map((l) => l.jurisdiction));
    const others = STATE_NAMES.filter((name) => ![...held].some((code) => stateName(code) === name)).slice(0, 10);
    const states = [...[...held].map(stateName), ...others];
    const { id, status } = await createAndFinish(account, {
      firstName: person.firstName,
      middleName: person.middleName,
      lastName: person.lastName,
      licenseType: person.licenses[0]?.licenseType,
      states,
    });
    expect(status.progress).toBe(100);
    const licenses = (await account.client.get(`/api/v2/reports/${id}/licenses`)).body;
    expect(
      licenses.map((l: { state: string; license_number: string }) => `${l.state} ${l.license_number}`).sort(),
    ).toEqual(person.licenses.map((l) => `${stateName(l.jurisdiction)} ${l.licenseNumber}`).sort());
    const rows = await server.ctx.db
      .select()
      .from(reportLicense)
      .where(eq(reportLicense.reportId, id))
      .orderBy(asc(reportLicense.licenseId));
    expect(rows.every((r) => r.confidence >= 0.8 && !r.matchReason.startsWith('ambiguous'))).toBe(true);
  });
});

describe('update progress', () => {
  it('reads completed only once the whole update has finished, not when its states are settled', async () => {
    const owner = await onPremium();
    // Every state settled by the update's first pass, whose last step (deciding again what it held
    // back, then recounting) has not run yet: candidates may still change.
    const [row] = await server.ctx.db
      .insert(report)
      .values({
        workspaceId: owner.userId,
        name: 'Half done',
        firstName: 'Ada',
        lastName: 'Okafor',
        licenseType: 'MD',
        states: ['OR', 'WA'],
      })
      .returning({ id: report.id });
    const id = row?.id as string;
    await server.ctx.db.insert(reportState).values([
      { reportId: id, state: 'OR', status: 'done' },
      { reportId: id, state: 'WA', status: 'unavailable' },
    ]);
    const status = async () => (await owner.client.get(`/api/v2/states/update-status/${id}`)).body;
    expect(await status()).toMatchObject({ is_completed: false, progress: 99 });

    await server.ctx.db.update(report).set({ updateExecutedAt: new Date() }).where(eq(report.id, id));
    expect(await status()).toMatchObject({ is_completed: true, progress: 100, unavailable_states: ['Washington'] });
  });
});
