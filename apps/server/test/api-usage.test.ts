import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/modules/accounts/tables.ts';
import { apiUsage } from '../src/modules/plans/tables.ts';
import { getApiUsage } from '../src/modules/search-api/get-api-usage.ts';
import { signedInOnPlan, signUpAndVerify, waitFor } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { apiKeyOf, callSearchApi } from './support/search-api.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  // No worker: nothing here runs jobs. No boards either: look-ups by number answer from the
  // registry, found or not, which is all a call needs to be made and billed.
  server = await startTestServer({}, { worker: false });
});
afterAll(async () => {
  await server?.close();
});

const PATH = '/api/v2/api-usage';
const SEARCH = '/api/v1/medical/search-license-by-number/';
const DAY = 86_400_000;

type Account = { client: HttpClient; userId: string; key: string };

/** A signed-in account and its API key: on Free (no API credits) unless a plan is given. */
async function account(planName?: 'small'): Promise<Account> {
  if (planName) {
    const { client, userId } = await signedInOnPlan(server, { planName });
    return { client, userId, key: await apiKeyOf(client) };
  }
  const client = new HttpClient(server.url);
  const { email } = await signUpAndVerify(client);
  const [row] = await server.ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error('no user');
  return { client, userId: row.id, key: await apiKeyOf(client) };
}

/** A search API call with a field missing: refused with 400, recorded, not billed. */
async function badCall(key: string): Promise<number> {
  const res = await fetch(`${server.url}${SEARCH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ State: 'Texas' }),
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Real calls with the account's key (`good` answered 200, `bad` 400), their usage rows then moved
 * to `at` when given, as if made then: the days and months a test needs cannot be waited for.
 */
async function calls(a: Account, { good = 0, bad = 0, at }: { good?: number; bad?: number; at?: Date }) {
  const before = await rowIds(a.userId);
  for (let i = 0; i < good; i++) expect(await callSearchApi(server, a.key)).toBe(200);
  for (let i = 0; i < bad; i++) expect(await badCall(a.key)).toBe(400);
  // A refused call's row is written once its answer has gone (onResponse): wait for all of them.
  const total = before.length + good + bad;
  await waitFor(`${total} usage rows`, async () => (await rowIds(a.userId)).length === total);
  if (!at) return;
  const where = before.length
    ? and(eq(apiUsage.userId, a.userId), notInArray(apiUsage.id, before))
    : eq(apiUsage.userId, a.userId);
  const moved = await server.ctx.db.update(apiUsage).set({ createdAt: at }).where(where).returning({ id: apiUsage.id });
  expect(moved).toHaveLength(good + bad);
}

async function rowIds(userId: string): Promise<string[]> {
  const rows = await server.ctx.db.select({ id: apiUsage.id }).from(apiUsage).where(eq(apiUsage.userId, userId));
  return rows.map((row) => row.id);
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/** The 30 UTC days ending with `now`'s, oldest first. */
function last30Days(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: 30 }, (_, i) => utcDay(new Date(today - (29 - i) * DAY)));
}

type Day = { date: string; calls: number; billed: number };
const dayOf = (days: Day[], date: string) => days.find((d) => d.date === date);

describe('API usage', () => {
  it('answers 401 to signed-out callers', async () => {
    const res = await new HttpClient(server.url).get(PATH);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', detail: expect.any(String) });
  });

  it('gives a new account zeros: 30 days, oldest first, ending today (UTC), uncached', async () => {
    const { client } = await account();
    const res = await client.get(PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      calls_this_month: 0,
      billed_this_month: 0,
      credits_remaining: 0,
      days: last30Days(new Date()).map((date) => ({ date, calls: 0, billed: 0 })),
    });
  });

  it('counts a call made with the key at once, and the credit it took', async () => {
    const a = await account('small');
    expect((await a.client.get(PATH)).body.credits_remaining).toBe(1_000);
    await calls(a, { good: 1 });

    const { body } = await a.client.get(PATH);
    const today = utcDay(new Date());
    expect(body).toMatchObject({ calls_this_month: 1, billed_this_month: 1, credits_remaining: 999 });
    expect(dayOf(body.days, today)).toEqual({ date: today, calls: 1, billed: 1 });
  });

  it('counts refused calls too, without billing them', async () => {
    // Free has no API credits: every call is a 402, recorded (once answered) and free.
    const free = await account();
    for (let i = 0; i < 2; i++) expect(await callSearchApi(server, free.key)).toBe(402);
    await waitFor('2 usage rows', async () => (await rowIds(free.userId)).length === 2);
    expect((await free.client.get(PATH)).body).toMatchObject({
      calls_this_month: 2,
      billed_this_month: 0,
      credits_remaining: 0,
    });
  });

  it('counts calls by UTC day, billing only those that answered 200', async () => {
    const a = await account('small');
    const now = new Date();
    const threeDaysAgo = new Date(now.getTime() - 3 * DAY);
    await calls(a, { good: 2, bad: 2 });
    await calls(a, { good: 1, bad: 1, at: threeDaysAgo });
    // Older than the chart and than any month that holds today: counted nowhere.
    await calls(a, { good: 3, at: new Date(now.getTime() - 40 * DAY) });

    const { body } = await a.client.get(PATH);
    const days: Day[] = body.days;
    expect(days.map((d) => d.date)).toEqual(last30Days(now));
    expect(dayOf(days, utcDay(now))).toEqual({ date: utcDay(now), calls: 4, billed: 2 });
    expect(dayOf(days, utcDay(threeDaysAgo))).toEqual({ date: utcDay(threeDaysAgo), calls: 2, billed: 1 });
    expect(days.reduce((n, d) => n + d.calls, 0)).toBe(6);
    // Three days ago may be last month.
    const sameMonth = threeDaysAgo >= monthStart(now);
    expect(body.calls_this_month).toBe(sameMonth ? 6 : 4);
    expect(body.billed_this_month).toBe(sameMonth ? 3 : 2);
    expect(body.credits_remaining).toBe(1_000 - 6);
  });

  it('starts the month at midnight UTC on the 1st', async () => {
    const a = await account('small');
    const start = monthStart(new Date());
    const lastOfPrevious = new Date(start.getTime() - 1);
    await calls(a, { good: 1, at: start });
    await calls(a, { good: 2, at: lastOfPrevious });

    const { body } = await a.client.get(PATH);
    expect(body.calls_this_month).toBe(1);
    expect(body.billed_this_month).toBe(1);
    // The chart has both days whenever they are within its 30 (not on the 30th or 31st).
    const days: Day[] = body.days;
    expect(dayOf(days, utcDay(start))?.calls).toBe(1);
    const previous = dayOf(days, utcDay(lastOfPrevious));
    if (previous) expect(previous.calls).toBe(2);
  });

  it("counts only the signed-in user's own calls", async () => {
    const mine = await account('small');
    const theirs = await account('small');
    await calls(mine, { good: 1 });
    await calls(theirs, { good: 3, bad: 2 });

    const a = (await mine.client.get(PATH)).body;
    const b = (await theirs.client.get(PATH)).body;
    expect([a.calls_this_month, a.billed_this_month, a.credits_remaining]).toEqual([1, 1, 999]);
    expect([b.calls_this_month, b.billed_this_month, b.credits_remaining]).toEqual([5, 3, 997]);
    const today = utcDay(new Date());
    expect(dayOf(a.days, today)).toEqual({ date: today, calls: 1, billed: 1 });
  });
});

describe('API usage at the month boundary (clock pinned)', () => {
  // The HTTP tests run on today's date; these pin the days that matter: a month's first day, and
  // its 31st, when the month began before the chart's 30 days.
  it('on the 1st: yesterday is in the chart but not in the month', async () => {
    const a = await account('small');
    await calls(a, { good: 2, at: new Date('2026-02-28T23:59:59.999Z') });
    await calls(a, { good: 1, at: new Date('2026-03-01T00:00:00.000Z') });
    await calls(a, { bad: 1, at: new Date('2026-03-01T08:00:00.000Z') });
    // After the pinned now's day: not yet happened as far as this answer goes.
    await calls(a, { good: 1, at: new Date('2026-03-02T00:00:00.000Z') });

    const usage = await getApiUsage(server.ctx.db, a.userId, new Date('2026-03-01T09:00:00Z'));
    expect(usage.calls_this_month).toBe(2);
    expect(usage.billed_this_month).toBe(1);
    expect(usage.days).toHaveLength(30);
    expect(usage.days[0]?.date).toBe('2026-01-31');
    expect(usage.days.slice(-2)).toEqual([
      { date: '2026-02-28', calls: 2, billed: 2 },
      { date: '2026-03-01', calls: 2, billed: 1 },
    ]);
  });

  it('on the 31st: the month counts its 1st, which is before the chart', async () => {
    const a = await account('small');
    await calls(a, { good: 1, at: new Date('2026-03-01T00:00:00.000Z') });
    await calls(a, { good: 1, at: new Date('2026-03-02T00:00:00.000Z') });
    await calls(a, { good: 1, at: new Date('2026-02-28T12:00:00.000Z') });

    const usage = await getApiUsage(server.ctx.db, a.userId, new Date('2026-03-31T23:59:59Z'));
    expect(usage.calls_this_month).toBe(2);
    expect(usage.days[0]).toEqual({ date: '2026-03-02', calls: 1, billed: 1 });
    expect(usage.days.at(-1)?.date).toBe('2026-03-31');
    expect(usage.days.reduce((n, d) => n + d.calls, 0)).toBe(1);
  });
});
