import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { spendApiCredit } from '../src/modules/plans/spend-api-credit.ts';
import { getApiUsage } from '../src/modules/search-api/get-api-usage.ts';
import { apiUsage, user } from '../src/platform/db/schema.ts';
import { signUpAndVerify } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  // No worker: nothing here runs jobs.
  server = await startTestServer({}, { worker: false });
});
afterAll(async () => {
  await server?.close();
});

const PATH = '/api/v2/api-usage';
const DAY = 86_400_000;

type Account = { client: HttpClient; userId: string };

async function signedIn(): Promise<Account> {
  const client = new HttpClient(server.url);
  const { email } = await signUpAndVerify(client);
  const [row] = await server.ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error('no user');
  return { client, userId: row.id };
}

/** `count` calls by `userId` answered `status` at `at`, as the search API records them. */
async function recordCalls(userId: string, at: Date, status: number, count = 1) {
  await server.ctx.db.insert(apiUsage).values(
    Array.from({ length: count }, () => ({
      userId,
      keyId: 'test-key',
      endpoint: '/api/v1/medical/search-license-by-number/',
      status,
      latencyMs: 12,
      resultCount: status === 200 ? 1 : 0,
      query: { License_Number: 'A12345', State: 'Oregon' },
      createdAt: at,
    })),
  );
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
    const { client } = await signedIn();
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

  it('counts calls by UTC day, billing only those that answered 200', async () => {
    const { client, userId } = await signedIn();
    const now = new Date();
    const threeDaysAgo = new Date(now.getTime() - 3 * DAY);
    await recordCalls(userId, now, 200, 2);
    await recordCalls(userId, now, 429);
    await recordCalls(userId, now, 400);
    await recordCalls(userId, threeDaysAgo, 200);
    await recordCalls(userId, threeDaysAgo, 402);
    // Older than the chart and than any month that holds today: counted nowhere.
    await recordCalls(userId, new Date(now.getTime() - 40 * DAY), 200, 3);

    const { body } = await client.get(PATH);
    const days: Day[] = body.days;
    expect(days.map((d) => d.date)).toEqual(last30Days(now));
    expect(dayOf(days, utcDay(now))).toEqual({ date: utcDay(now), calls: 4, billed: 2 });
    expect(dayOf(days, utcDay(threeDaysAgo))).toEqual({ date: utcDay(threeDaysAgo), calls: 2, billed: 1 });
    expect(days.reduce((n, d) => n + d.calls, 0)).toBe(6);
    // Three days ago may be last month.
    const sameMonth = threeDaysAgo >= monthStart(now);
    expect(body.calls_this_month).toBe(sameMonth ? 6 : 4);
    expect(body.billed_this_month).toBe(sameMonth ? 3 : 2);
  });

  it('starts the month at midnight UTC on the 1st', async () => {
    const { client, userId } = await signedIn();
    const now = new Date();
    const start = monthStart(now);
    const lastOfPrevious = new Date(start.getTime() - 1);
    await recordCalls(userId, start, 200);
    await recordCalls(userId, lastOfPrevious, 200, 2);

    const { body } = await client.get(PATH);
    expect(body.calls_this_month).toBe(1);
    expect(body.billed_this_month).toBe(1);
    // The chart has both days whenever they are within its 30 (not on the 30th or 31st).
    const days: Day[] = body.days;
    expect(dayOf(days, utcDay(start))?.calls).toBe(1);
    const previous = dayOf(days, utcDay(lastOfPrevious));
    if (previous) expect(previous.calls).toBe(2);
  });

  it('counts only the signed-in user\u2019s own calls', async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const now = new Date();
    await recordCalls(mine.userId, now, 200);
    await recordCalls(theirs.userId, now, 200, 5);
    await recordCalls(theirs.userId, now, 500, 2);

    const a = (await mine.client.get(PATH)).body;
    const b = (await theirs.client.get(PATH)).body;
    expect([a.calls_this_month, a.billed_this_month]).toEqual([1, 1]);
    expect([b.calls_this_month, b.billed_this_month]).toEqual([7, 5]);
    expect(dayOf(a.days, utcDay(now))).toEqual({ date: utcDay(now), calls: 1, billed: 1 });
  });

  it('shows the API credits left', async () => {
    const { client, userId } = await signedIn();
    await assignPlan(server.ctx.db, {
      userId,
      planName: 'small',
      trial: false,
      endDate: new Date(Date.now() + 30 * DAY),
      reason: 'plan-change',
    });
    expect((await client.get(PATH)).body.credits_remaining).toBe(1_000);
    await spendApiCredit(server.ctx.db, userId);
    expect((await client.get(PATH)).body.credits_remaining).toBe(999);
  });
});

describe('API usage at the month boundary (clock pinned)', () => {
  // The HTTP tests run on today's date; these pin the days that matter: a month's first day, and
  // its 31st, when the month began before the chart's 30 days.
  it('on the 1st: yesterday is in the chart but not in the month', async () => {
    const { userId } = await signedIn();
    await recordCalls(userId, new Date('2026-02-28T23:59:59.999Z'), 200, 2);
    await recordCalls(userId, new Date('2026-03-01T00:00:00.000Z'), 200);
    await recordCalls(userId, new Date('2026-03-01T08:00:00.000Z'), 503);
    // After the pinned now's day: not yet happened as far as this answer goes.
    await recordCalls(userId, new Date('2026-03-02T00:00:00.000Z'), 200);

    const usage = await getApiUsage(server.ctx.db, userId, new Date('2026-03-01T09:00:00Z'));
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
    const { userId } = await signedIn();
    await recordCalls(userId, new Date('2026-03-01T00:00:00.000Z'), 200);
    await recordCalls(userId, new Date('2026-03-02T00:00:00.000Z'), 200);
    await recordCalls(userId, new Date('2026-02-28T12:00:00.000Z'), 200);

    const usage = await getApiUsage(server.ctx.db, userId, new Date('2026-03-31T23:59:59Z'));
    expect(usage.calls_this_month).toBe(2);
    expect(usage.days[0]).toEqual({ date: '2026-03-02', calls: 1, billed: 1 });
    expect(usage.days.at(-1)?.date).toBe('2026-03-31');
    expect(usage.days.reduce((n, d) => n + d.calls, 0)).toBe(1);
  });
});
