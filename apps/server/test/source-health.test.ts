import type { SourceMethod } from '@licensewatch/shared/license-sources';
import { STATE_NAMES, type StateCode } from '@licensewatch/shared/states';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkSourceHealth } from '../src/modules/licensing/health/check-source-health.ts';
import { sourceHealthJob } from '../src/modules/licensing/health/source-health-job.ts';
import { ingestBoardJob } from '../src/modules/licensing/ingest/ingest-board-job.ts';
import type { LicenseBoard, LicenseSources } from '../src/modules/licensing/license-sources.ts';
import { ingestRun, sourceHealth } from '../src/modules/licensing/tables.ts';
import type { LicenseSource, SourceResult } from '../src/modules/licensing/types.ts';
import { bulkFileOf, makeRecords } from './support/bulk-files.ts';
import { HttpClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
afterEach(() => {
  server.ctx.licensing = undefined;
});

type Health = SourceResult<{ latencyMs: number }>;

/** Boards whose health answers the test controls; wa-md also has a bulk file. */
function fakeSources(answers: Record<string, Health | (() => Promise<Health>)>): LicenseSources {
  const board = (id: string, sourceKind: string, method: SourceMethod): LicenseBoard => ({
    id,
    jurisdiction: id.slice(0, 2).toUpperCase() as StateCode,
    licenseTypes: id.endsWith('-med') ? ['MD', 'DO'] : [id.endsWith('-do') ? 'DO' : 'MD'],
    sourceKind,
    method,
    methodDetail: null,
    name: id,
    lookupUrl: `https://board.example/${id}`,
  });
  const boards = [
    board('wa-md', 'socrata', 'bulk'),
    board('wa-do', 'socrata', 'bulk'),
    board('co-med', 'socrata', 'bulk'),
    board('ny-med', 'html-lookup', 'lookup'),
  ];
  return {
    boards,
    sourceFor(boardId): LicenseSource {
      const answer = answers[boardId] ?? { ok: true, value: { latencyMs: 12 } };
      return {
        boardId,
        search: async () => ({ ok: true, value: [] }),
        health: typeof answer === 'function' ? answer : async () => answer,
        ...(boardId === 'wa-md'
          ? { fetchBulkFile: () => bulkFileOf(makeRecords(100, { boardId: 'wa-md', jurisdiction: 'WA' })) }
          : {}),
      };
    },
  };
}

const down: Health = { ok: false, error: { kind: 'unavailable', message: 'maintenance page', status: 503 } };

async function stateStatus(client: HttpClient, name: string) {
  const res = await client.get('/api/v2/states/status');
  expect(res.status).toBe(200);
  return (res.body.states as { state_name: string; status: boolean }[]).find((s) => s.state_name === name)?.status;
}

describe('states', () => {
  it('lists the 51 jurisdictions in UI order, without signing in', async () => {
    const res = await new HttpClient(server.url).get('/api/v2/states/available');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(51);
    expect(res.body).toEqual(STATE_NAMES);
    expect(res.body[0]).toBe('Alabama');
    expect(res.body).toContain('Washington, DC');
  });

  it('reports every state Confirmed while no board has been checked', async () => {
    const res = await new HttpClient(server.url).get('/api/v2/states/status');
    expect(res.status).toBe(200);
    expect(res.body.states).toHaveLength(51);
    expect(res.body.states.every((s: { status: boolean }) => s.status === true)).toBe(true);
    expect(res.body.states.map((s: { state_name: string }) => s.state_name)).toEqual(STATE_NAMES);
  });

  it('shows a state Site Not Available after one health run finds one of its boards down, and Confirmed once it is back', async () => {
    const client = new HttpClient(server.url);
    server.ctx.licensing = fakeSources({ 'wa-do': down });
    const results = await sourceHealthJob(server.ctx);
    expect(results.map((r) => [r.boardId, r.available]).sort()).toEqual([
      ['co-med', true],
      ['ny-med', true],
      ['wa-do', false],
      ['wa-md', true],
    ]);

    const rows = await server.ctx.db.select().from(sourceHealth).orderBy(asc(sourceHealth.boardId));
    expect(rows.map((r) => [r.boardId, r.jurisdiction, r.available, r.latencyMs, r.lastError])).toEqual([
      ['co-med', 'CO', true, 12, null],
      ['ny-med', 'NY', true, 12, null],
      ['wa-do', 'WA', false, null, 'unavailable (HTTP 503): maintenance page'],
      ['wa-md', 'WA', true, 12, null],
    ]);
    expect(rows.find((r) => r.boardId === 'wa-do')?.lastSuccessAt).toBeNull();
    // Washington has one board down and one up: the state cannot be confirmed.
    expect(await stateStatus(client, 'Washington')).toBe(false);
    expect(await stateStatus(client, 'Colorado')).toBe(true);
    expect(await stateStatus(client, 'Alabama')).toBe(true);

    server.ctx.licensing = fakeSources({ 'wa-do': { ok: true, value: { latencyMs: 80.6 } } });
    await sourceHealthJob(server.ctx);
    const [waDo] = await server.ctx.db.select().from(sourceHealth).where(eq(sourceHealth.boardId, 'wa-do'));
    expect(waDo).toMatchObject({
      available: true,
      latencyMs: 81,
      lastError: 'unavailable (HTTP 503): maintenance page',
    });
    expect(waDo?.lastSuccessAt).toBeInstanceOf(Date);
    expect(await stateStatus(client, 'Washington')).toBe(true);
  });

  it('checks boards a few at a time and gives up on one that never answers', async () => {
    let running = 0;
    let most = 0;
    const slow = async (): Promise<Health> => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 30));
      running--;
      return { ok: true, value: { latencyMs: 30 } };
    };
    const sources = fakeSources({
      'wa-md': slow,
      'wa-do': slow,
      'co-med': () => new Promise<Health>(() => {}),
      'ny-med': async () => {
        throw new Error('connector bug');
      },
    });
    const results = await checkSourceHealth(server.ctx, sources, { concurrency: 2, timeoutMs: 200 });
    expect(most).toBeLessThanOrEqual(2);
    expect(Object.fromEntries(results.map((r) => [r.boardId, r.error]))).toEqual({
      'wa-md': null,
      'wa-do': null,
      'co-med': 'unavailable: no answer within 200 ms',
      'ny-med': 'unavailable: connector bug',
    });
  });
});

describe('jobs without configured sources', () => {
  it('do nothing', async () => {
    expect(await sourceHealthJob(server.ctx)).toEqual([]);
    await ingestBoardJob(server.ctx, { boardId: 'wa-md' });
    expect(await server.ctx.db.select().from(ingestRun)).toEqual([]);
  });
});

describe('the ingest-board job', () => {
  it('ingests a board with a bulk file, skips a look-up-only one and an unknown one', async () => {
    server.ctx.licensing = fakeSources({});
    await ingestBoardJob(server.ctx, { boardId: 'wa-md' });
    await ingestBoardJob(server.ctx, { boardId: 'ny-med' });
    await ingestBoardJob(server.ctx, { boardId: 'zz-med' });
    const runs = await server.ctx.db.select().from(ingestRun);
    expect(runs.map((r) => [r.boardId, r.status, r.rowsUpserted])).toEqual([['wa-md', 'succeeded', 100]]);
  });

  it('runs through the queue with at most one waiting and one running ingest per board', async () => {
    server.ctx.licensing = fakeSources({});
    const before = (await server.ctx.db.select().from(ingestRun)).length;
    for (let i = 0; i < 3; i++)
      await server.ctx.jobs.send('ingestBoard', { boardId: 'wa-md' }, { singletonKey: 'wa-md' });
    const finished = async () =>
      (await server.ctx.db.select().from(ingestRun).where(eq(ingestRun.status, 'succeeded'))).length - before;
    for (let i = 0; i < 100 && (await finished()) < 1; i++) await new Promise((r) => setTimeout(r, 100));
    // Long enough for a second queued job to be picked up (the worker polls every second).
    await new Promise((r) => setTimeout(r, 2_500));
    const runs = (await server.ctx.db.select().from(ingestRun).orderBy(asc(ingestRun.startedAt))).slice(before);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(2);
    expect(runs.every((r) => r.boardId === 'wa-md' && r.status === 'succeeded' && r.rowsRead === 100)).toBe(true);
  });
});

describe('the source-health schedule', () => {
  it('is registered by the worker, every 5 minutes', async () => {
    const { rows } = await server.ctx.pool.query<{ name: string; cron: string }>(
      "SELECT name, cron FROM pgboss.schedule WHERE name = 'source-health'",
    );
    expect(rows).toEqual([{ name: 'source-health', cron: '*/5 * * * *' }]);
  });
});
