import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/modules/accounts/tables.ts';
import { grantTemporaryCredits } from '../src/modules/plans/grant-temporary-credits.ts';
import { switchTrialPlan } from '../src/modules/plans/switch-trial-plan.ts';
import { creditLedger } from '../src/modules/plans/tables.ts';
import { signedInOnPlan, signUpAndVerify } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { apiKeyOf, callSearchApi } from './support/search-api.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  // No worker: the reports created here need no update, only their credit.
  server = await startTestServer({}, { worker: false });
});
afterAll(async () => {
  await server?.close();
});

const PATH = '/api/v2/credentials/history';
const REPORT = { firstName: 'Jane', lastName: 'Doe', licenseType: 'MD', states: ['Oregon'] };

async function signedIn(): Promise<{ client: HttpClient; userId: string }> {
  const client = new HttpClient(server.url);
  const { email } = await signUpAndVerify(client);
  const [row] = await server.ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error('no user');
  return { client, userId: row.id };
}

/** Moves `userId`'s ledger rows of `reason` by `days`, as if written then (their order kept). */
async function shift(userId: string, reason: 'api-call' | 'admin-grant', days: number) {
  await server.ctx.db
    .update(creditLedger)
    .set({ createdAt: sql`${creditLedger.createdAt} + make_interval(days => ${days})` })
    .where(and(eq(creditLedger.workspaceId, userId), eq(creditLedger.reason, reason)));
}

describe('credit history', () => {
  it('answers 401 to signed-out callers, like every signed-in route', async () => {
    const res = await new HttpClient(server.url).get(PATH);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', detail: expect.any(String) });
  });

  it("shows a new account's plan start: Free's one report credit", async () => {
    const { client } = await signedIn();
    const res = await client.get(PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      entries: [
        {
          id: expect.any(String),
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
          kind: 'report',
          reason: 'plan-start',
          delta: 1,
          balance_after: 1,
          count: 1,
          report_name: null,
          plan_name: 'free',
        },
      ],
      next_cursor: null,
    });
  });

  it('adds a row per report created, with its name and the balance left, kept when the report is deleted', async () => {
    const { client, userId } = await signedIn();
    await switchTrialPlan(server.ctx.db, userId, { planType: 'individual', planName: 'premium' });
    const created = await client.post('/api/v2/reports/', { ...REPORT, name: 'Jane Doe' });
    expect(created.status).toBe(201);
    const gone = await client.post('/api/v2/reports/', { ...REPORT, name: 'To be deleted' });
    expect(gone.status).toBe(201);
    expect((await client.request('DELETE', `/api/v2/reports/${gone.body.id}`)).status).toBe(200);

    const { entries } = (await client.get(PATH)).body;
    expect(entries.map((e: { reason: string }) => e.reason)).toEqual([
      'report-created',
      'report-created',
      'trial-switch',
      'plan-start',
    ]);
    expect(entries[0]).toMatchObject({ kind: 'report', delta: -1, balance_after: 3, report_name: null });
    expect(entries[1]).toMatchObject({ kind: 'report', delta: -1, balance_after: 4, report_name: 'Jane Doe' });
    // Premium's 5 less nothing spent yet in the trial: 1 → 5.
    expect(entries[2]).toMatchObject({ kind: 'report', delta: 4, balance_after: 5, plan_name: 'premium' });
  });

  it("shows an administrator's grant, and a day's API calls as one row with their total and count", async () => {
    const { client, userId } = await signedInOnPlan(server, { planName: 'small' });
    await grantTemporaryCredits(server.ctx.db, { userId, credits: 7 });
    await shift(userId, 'admin-grant', 3650);
    // Two calls the day before yesterday, three today (UTC days).
    const key = await apiKeyOf(client);
    for (let i = 0; i < 2; i++) expect(await callSearchApi(server, key)).toBe(200);
    await shift(userId, 'api-call', -2);
    for (let i = 0; i < 3; i++) expect(await callSearchApi(server, key)).toBe(200);

    const { entries } = (await client.get(PATH)).body;
    // The grant is moved ten years ahead, so it comes first.
    expect(entries[0]).toMatchObject({ kind: 'temp_report', reason: 'admin-grant', delta: 7, balance_after: 7 });
    // Five calls on two days: two rows, today's first, each day summed.
    const calls = entries.filter((e: { reason: string }) => e.reason === 'api-call');
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ kind: 'api', delta: -3, count: 3, balance_after: 995 });
    expect(calls[1]).toMatchObject({ kind: 'api', delta: -2, count: 2, balance_after: 998 });
    expect(calls[0].id).not.toBe(calls[1].id);
    expect(entries.indexOf(calls[1])).toBe(entries.length - 1);
  });

  it("never shows another user's rows", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    await grantTemporaryCredits(server.ctx.db, { userId: other.userId, credits: 2 });
    const created = await other.client.post('/api/v2/reports/', { ...REPORT, name: 'Not yours' });
    expect(created.status).toBe(201);

    const { entries } = (await owner.client.get(PATH)).body;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ reason: 'plan-start' });
    const otherIds = await server.ctx.db
      .select({ id: creditLedger.id })
      .from(creditLedger)
      .where(eq(creditLedger.workspaceId, other.userId));
    for (const { id } of otherIds) expect(entries.map((e: { id: string }) => e.id)).not.toContain(id);
  });

  it('pages newest first by cursor, each row once, with the page size capped', async () => {
    const { client, userId } = await signedIn();
    // Six grants, the last three written within one statement (one timestamp: the id breaks ties).
    for (let i = 0; i < 3; i++) await grantTemporaryCredits(server.ctx.db, { userId, credits: 1 });
    await server.ctx.db.insert(creditLedger).values(
      [1, 2, 3].map((n) => ({
        workspaceId: userId,
        kind: 'temp_report' as const,
        delta: n,
        balanceAfter: 3 + n,
        reason: 'admin-grant' as const,
        createdAt: sql`now()`,
      })),
    );
    // Free has no API credits: refused, no rows.
    const key = await apiKeyOf(client);
    for (let i = 0; i < 4; i++) expect(await callSearchApi(server, key)).toBe(402);

    const seen: { id: string; date: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const res = await client.get(PATH + query);
      expect(res.status).toBe(200);
      expect(res.body.entries.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.entries);
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    // Plan start + six grants, in four pages.
    expect(pages).toBe(4);
    expect(seen).toHaveLength(7);
    expect(new Set(seen.map((e) => e.id)).size).toBe(7);
    const dates = seen.map((e) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);

    expect((await client.get(`${PATH}?limit=51`)).status).toBe(400);
    expect((await client.get(`${PATH}?limit=0`)).status).toBe(400);
    const bad = await client.get(`${PATH}?cursor=not-a-cursor`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.any(String) });
  });
});
