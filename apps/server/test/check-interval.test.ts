import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroundTruthPerson } from '../src/modules/licensing/matching/evaluate-accuracy.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { planDailyRefresh } from '../src/modules/reports/update/plan-daily-refresh.ts';
import { refreshReportsJob } from '../src/modules/reports/update/refresh-reports-job.ts';
import { runDailyRefresh } from '../src/modules/reports/update/run-daily-refresh.ts';
import { waitFor } from './support/accounts.ts';
import type { HttpClient } from './support/http-client.ts';
import { organisationOf, type Person, signedInPerson } from './support/identities.ts';
import { reportBodyFor } from './support/reports.ts';
import {
  BULK_BOARDS,
  pickPhysician,
  readByMachine,
  type SimulatedBoards,
  withSimulatedBoards,
} from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

// A report's check interval (docs/product-rules.md, Check interval; ADR 045): set at creation, in
// bulk or by PATCH, answered with the report's last and next check, and honoured by the daily
// refresh — its plan, its board chunks and its reports chunks. The clock is moved by moving the
// states' checked_at back, as the days passing would.
let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 1500, seed: 42 }, (running) => {
  ({ server, boards } = running);
});

const DAY = 86_400_000;
let organisationId: string;
let admin: Person;
let viewer: Person;

beforeAll(async () => {
  const [owner, ...members] = await Promise.all([
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server),
  ]);
  [admin, viewer] = members as [Person, Person];
  organisationId = await organisationOf(server, { owner: owner as Person, admin, viewer }, 'Interval Clinic');
  await assignPlan(server.ctx.db, {
    userId: organisationId,
    planName: 'enterprise',
    trial: false,
    endDate: new Date(Date.now() + 30 * DAY),
    reason: 'plan-change',
  });
});

/** A physician no board knows: their report settles at once, with nothing to track. */
const nobody = (name: string, extra: Record<string, unknown> = {}) => ({
  firstName: name,
  lastName: 'Quillfeather',
  licenseType: 'MD',
  states: ['Oregon'],
  ...extra,
});

const waitUntilUpdated = (client: HttpClient, id: string) =>
  waitFor(
    `report ${id} to finish updating`,
    async () => (await client.get(`/api/v2/states/update-status/${id}`)).body.is_completed,
  );

async function create(body: object): Promise<string> {
  const created = await admin.client.post('/api/v2/reports/', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await waitUntilUpdated(admin.client, created.body.id);
  return created.body.id;
}

const whole = async (id: string) => (await admin.client.get(`/api/v2/reports/${id}`)).body;

/** The days passing: the report's states were last checked `days` earlier than they were. */
const checkedDaysEarlier = (id: string, days: number) =>
  server.ctx.db.execute(
    sql`UPDATE report_state SET checked_at = checked_at - make_interval(days => ${days}) WHERE report_id = ${id}`,
  );

const updatedAt = async (ids: string[]) => {
  const { rows } = await server.ctx.db.execute<{ id: string; update_executed_at: Date | string }>(
    sql`SELECT id, update_executed_at FROM report WHERE id = ANY(${sql.param(ids)}::text[])`,
  );
  return new Map(rows.map((r) => [r.id, new Date(r.update_executed_at).toISOString()]));
};

/** Runs a daily refresh here and now; the reports of `ids` it refreshed. */
async function refreshNow(ids: string[]) {
  const before = await updatedAt(ids);
  const totals = await runDailyRefresh(server.ctx, { alert: async () => 0 });
  const after = await updatedAt(ids);
  return { totals, refreshed: ids.filter((id) => after.get(id) !== before.get(id)) };
}

/**
 * Another physician a report finds whole (as pickPhysician's: a name nobody shares, every license
 * numbered, of one type, read by machine) with a license on a look-up-only board `first` has one on
 * too: that board is asked for both, or for one only.
 */
function neighbourOf(first: GroundTruthPerson): { person: GroundTruthPerson; boardId: string } {
  const key = (p: GroundTruthPerson) => `${p.firstName}|${p.lastName}`.toLowerCase();
  const sharing = new Map<string, number>();
  for (const p of boards.persons) sharing.set(key(p), (sharing.get(key(p)) ?? 0) + 1);
  const lookup = new Set(first.licenses.map((l) => l.boardId).filter((id) => !BULK_BOARDS.has(id)));
  for (const p of boards.persons) {
    const type = p.licenses[0]?.licenseType;
    if (p === first || sharing.get(key(p)) !== 1 || !p.middleName || p.suffix || !readByMachine(p)) continue;
    if (!p.licenses.every((l) => l.licenseNumber && l.licenseType === type)) continue;
    const shared = p.licenses.find((l) => lookup.has(l.boardId));
    if (shared) return { person: p, boardId: shared.boardId };
  }
  throw new Error('no physician shares a look-up-only board with the first');
}

/** When the registry last read each of the report's licenses on `boardId` from the board. */
const lastSeen = async (reportId: string, boardId: string) => {
  const { rows } = await server.ctx.db.execute<{ id: string; last_seen_at: Date | string }>(sql`
    SELECT l.id, l.last_seen_at FROM report_license rl JOIN license l ON l.id = rl.license_id
    WHERE rl.report_id = ${reportId} AND l.board_id = ${boardId} ORDER BY l.id`);
  return rows.map((r) => new Date(r.last_seen_at).toISOString());
};

/** The 06:00 UTC run on the day of `at`, `days` later. */
const runOn = (at: string | Date, days = 0) => {
  const d = new Date(at);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, 6)).toISOString();
};
/** The next 06:00 UTC run from now. */
const nextRun = () => {
  const today = runOn(new Date());
  return Date.now() < Date.parse(today) ? today : runOn(new Date(), 1);
};

describe('a report’s check interval', () => {
  it('is daily unless chosen, and is chosen at creation, in bulk and by PATCH', async () => {
    const plain = await create(nobody('Plainday'));
    expect(await whole(plain)).toMatchObject({ check_interval: 'daily', next_check_at: nextRun() });

    const monthly = await admin.client.post('/api/v2/reports/', nobody('Monthson', { checkInterval: 'monthly' }));
    expect(monthly.status).toBe(201);
    expect(monthly.body.check_interval).toBe('monthly');

    const bulk = await admin.client.post('/api/v2/reports/bulk', {
      reports: [
        nobody('Weekbulk', { checkInterval: 'weekly', externalId: 'iv-1' }),
        nobody('Monthbulk', { checkInterval: 'monthly', externalId: 'iv-2' }),
        nobody('Hourbulk', { checkInterval: 'hourly', externalId: 'iv-3' }),
      ],
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ created: 2, failed: 1 });
    expect(
      bulk.body.results.map((r: { report: { check_interval: string } | null }) => r.report?.check_interval),
    ).toEqual(['weekly', 'monthly', undefined]);
    expect(bulk.body.results[2].error).toEqual({
      detail: 'checkInterval: Choose daily, weekly or monthly',
      code: 'VALIDATION_ERROR',
      status: 400,
    });

    const patched = await admin.client.request('PATCH', `/api/v2/reports/${plain}`, { check_interval: 'weekly' });
    expect(patched.status).toBe(200);
    expect(patched.body.check_interval).toBe('weekly');
    expect((await admin.client.get('/api/v2/reports/?limit=100')).body.reports).toContainEqual(
      expect.objectContaining({ id: plain, check_interval: 'weekly' }),
    );
  });

  it('refuses a bad value with 400, a viewer with 403, and then is what it was', async () => {
    const id = await create(nobody('Refusal', { checkInterval: 'weekly' }));
    const bad = await admin.client.request('PATCH', `/api/v2/reports/${id}`, { check_interval: 'hourly' });
    expect(bad).toMatchObject({
      status: 400,
      body: { detail: 'check_interval: Choose daily, weekly or monthly', code: 'VALIDATION_ERROR' },
    });
    // With a change refused in the same call, nothing of it is made.
    const fewer = await admin.client.request('PATCH', `/api/v2/reports/${id}`, {
      check_interval: 'monthly',
      states: ['Washington'],
    });
    expect(fewer.status).toBe(400);
    const refused = await viewer.client.request('PATCH', `/api/v2/reports/${id}`, { check_interval: 'daily' });
    expect(refused).toMatchObject({ status: 403, body: { code: 'VIEWER_READ_ONLY' } });
    // The viewer reads it, interval and checks included.
    const read = await viewer.client.get(`/api/v2/reports/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ check_interval: 'weekly', states: ['Oregon'] });
    expect(read.body.last_checked_at).toEqual(expect.any(String));
  });

  it('is in the API document: the create, the bulk rows, PATCH and every report answered', async () => {
    const doc = (await admin.client.get('/api/openapi.json')).body;
    const text = JSON.stringify(doc);
    const resolve = (schema: { $ref?: string }) =>
      schema.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
    const patch = resolve(doc.paths['/api/v2/reports/{id}'].patch.requestBody.content['application/json'].schema);
    expect(patch.properties.check_interval).toMatchObject({ enum: ['daily', 'weekly', 'monthly'] });
    const create = resolve(doc.paths['/api/v2/reports/'].post.requestBody.content['application/json'].schema);
    expect(create.properties.checkInterval).toMatchObject({ enum: ['daily', 'weekly', 'monthly'] });
    const answer = resolve(doc.paths['/api/v2/reports/{id}'].get.responses['200'].content['application/json'].schema);
    expect(Object.keys(answer.properties)).toEqual(
      expect.arrayContaining(['check_interval', 'last_checked_at', 'next_check_at']),
    );
    expect(text).toContain('next_check_at');
  });
});

describe('the daily refresh, by check interval', () => {
  it('checks a report only once its interval has come round, its look-up licenses included', async () => {
    const daily = await create(nobody('Everyday'));
    const weeklyRecent = await create(nobody('Weekrecent'));
    expect(
      (await admin.client.request('PATCH', `/api/v2/reports/${weeklyRecent}`, { check_interval: 'weekly' })).status,
    ).toBe(200);
    const bulk = await admin.client.post('/api/v2/reports/bulk', {
      reports: [
        nobody('Weekold', { checkInterval: 'weekly' }),
        nobody('Monthrecent', { checkInterval: 'monthly' }),
        nobody('Monthold', { checkInterval: 'monthly' }),
      ],
    });
    const [weeklyOld, monthlyRecent, monthlyOld] = bulk.body.results.map(
      (r: { report: { id: string } }) => r.report.id,
    );
    // Two physicians with licenses on one look-up-only board, one weekly and one daily: the run's
    // chunk for that board asks it for the weekly one's licenses only when that report is due.
    const physician = pickPhysician(boards.persons);
    const neighbour = neighbourOf(physician);
    const tracked = await create({ ...reportBodyFor(physician), checkInterval: 'weekly' });
    const trackedDaily = await create(reportBodyFor(neighbour.person));
    const seen = await lastSeen(tracked, neighbour.boardId);
    expect(seen.length).toBeGreaterThan(0);
    expect((await lastSeen(trackedDaily, neighbour.boardId)).length).toBeGreaterThan(0);
    for (const id of [weeklyOld, monthlyRecent, monthlyOld]) await waitUntilUpdated(admin.client, id);

    await checkedDaysEarlier(daily, 2);
    await checkedDaysEarlier(weeklyRecent, 2);
    await checkedDaysEarlier(weeklyOld, 8);
    await checkedDaysEarlier(monthlyRecent, 20);
    await checkedDaysEarlier(monthlyOld, 40);
    await checkedDaysEarlier(tracked, 2);
    await checkedDaysEarlier(trackedDaily, 2);

    const recent = await whole(weeklyRecent);
    expect(recent.next_check_at).toBe(runOn(recent.last_checked_at, 7));
    expect(Date.parse(recent.last_checked_at)).toBeLessThan(Date.now() - 2 * DAY + 60_000);
    expect((await whole(weeklyOld)).next_check_at).toBe(nextRun());
    const month = await whole(monthlyRecent);
    const [last, next] = [new Date(month.last_checked_at), new Date(month.next_check_at)];
    expect(next.getUTCFullYear() * 12 + next.getUTCMonth() - (last.getUTCFullYear() * 12 + last.getUTCMonth())).toBe(1);
    expect(month.next_check_at).toBe(runOn(next));

    const all = [daily, weeklyRecent, weeklyOld, monthlyRecent, monthlyOld, tracked, trackedDaily];
    const first = await refreshNow(all);
    expect(first.refreshed.sort()).toEqual([daily, weeklyOld, monthlyOld, trackedDaily].sort());
    // The shared board was asked again, for the daily report's licenses and not the weekly one's.
    expect(first.totals.checked).toBeGreaterThan(0);
    expect(await lastSeen(tracked, neighbour.boardId)).toEqual(seen);
    const old = await whole(weeklyOld);
    expect(Date.parse(old.last_checked_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(old.next_check_at).toBe(runOn(old.last_checked_at, 7));
    expect((await whole(daily)).next_check_at).toBe(nextRun());

    // A week on for the weekly physician: now due, their look-up licenses are asked again too.
    await checkedDaysEarlier(tracked, 6);
    const second = await refreshNow(all);
    expect(second.refreshed.sort()).toEqual([daily, tracked, trackedDaily].sort());
    const again = await lastSeen(tracked, neighbour.boardId);
    expect(again.every((at, i) => at > (seen[i] as string))).toBe(true);
  }, 180_000);

  it('finds again, in a chunk retried after a crash, a due report its first try had marked checked', async () => {
    const id = await create(nobody('Retryweek', { checkInterval: 'weekly' }));
    await checkedDaysEarlier(id, 8);
    const before = await updatedAt([id]);
    const { runId } = await planDailyRefresh(server.ctx.db, { lookupBoards: [] });
    // The first try marked the report's states checked; its worker died before the chunk's last transaction.
    await server.ctx.db.execute(sql`UPDATE report_state SET checked_at = now() WHERE report_id = ${id}`);
    const { rows } = await server.ctx.db.execute<{ key: string }>(
      sql`SELECT key FROM refresh_chunk WHERE run_id = ${runId} AND kind = 'reports' ORDER BY key`,
    );
    for (const { key } of rows) await refreshReportsJob(server.ctx, { runId, key });
    expect((await updatedAt([id])).get(id)).not.toBe(before.get(id));
  });

  it('tells no next check once no daily refresh covers the report (an expired plan)', async () => {
    const id = await create(nobody('Lapsing', { checkInterval: 'monthly' }));
    await server.ctx.db.execute(
      sql`UPDATE user_plan SET end_date = now() - interval '1 day' WHERE workspace_id = ${organisationId}`,
    );
    const listed = (await admin.client.get('/api/v2/reports/?limit=100')).body.reports.find(
      (r: { id: string }) => r.id === id,
    );
    expect(listed).toMatchObject({ check_interval: 'monthly', next_check_at: null });
    expect(listed.last_checked_at).toEqual(expect.any(String));
  });
});
