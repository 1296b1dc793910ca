import { searchKey } from '@licensewatch/board-sim/population-index';
import { type BoardSimulator, startBoardSimulator } from '@licensewatch/board-sim/server';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadBoardConfig } from '../src/modules/licensing/config/load-board-config.ts';
import { SEED_SURNAMES, seedLookupBoard } from '../src/modules/licensing/ingest/seed-lookup-board.ts';
import type { LicenseBoard, LicenseSources } from '../src/modules/licensing/license-sources.ts';
import { createBoardSources } from '../src/modules/licensing/sources/create-source.ts';
import { ingestRun, license, licenseEvent, sourceHealth } from '../src/modules/licensing/tables.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let sim: BoardSimulator;
let sources: LicenseSources;
beforeAll(async () => {
  [server, sim] = await Promise.all([startTestServer(), startBoardSimulator({ port: 0, seed: 11, size: 1500 })]);
  sources = createBoardSources(loadBoardConfig({ simUrl: sim.url }));
  server.ctx.licensing = sources;
});
afterAll(async () => {
  await server?.close();
  await sim?.close();
});
afterEach(async () => {
  await fetch(`${sim.url}/_control/faults`, { method: 'DELETE' });
});

const board = (id: string): LicenseBoard => {
  const found = sources.boards.find((b) => b.id === id);
  if (!found) throw new Error(`no board ${id}`);
  return found;
};

async function rowsOf(boardId: string) {
  return server.ctx.db.select().from(license).where(eq(license.boardId, boardId)).orderBy(asc(license.recordKey));
}

async function runsOf(boardId: string) {
  return server.ctx.db.select().from(ingestRun).where(eq(ingestRun.boardId, boardId)).orderBy(asc(ingestRun.startedAt));
}

type GroundTruthLicense = { boardId: string; licenseNumber: string | null };
type GroundTruthPerson = { lastName: string; licenses: GroundTruthLicense[] };

/** What the board holds under the seed surnames, by the simulator's own export: its search is a surname prefix. */
async function expectedSeedLicenses(boardId: string): Promise<GroundTruthLicense[]> {
  const text = await (await fetch(`${sim.url}/ground-truth.jsonl`)).text();
  const prefixes = SEED_SURNAMES.map(searchKey);
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GroundTruthPerson)
    .filter((p) => prefixes.some((prefix) => searchKey(p.lastName).startsWith(prefix)))
    .flatMap((p) => p.licenses.filter((l) => l.boardId === boardId));
}

describe('seeding a look-up-only board', () => {
  it('stores what the board returns for the common surnames, MD and DO, and records the run', async () => {
    const counts = await seedLookupBoard(server.ctx, sources, board('ny-med'));
    // A composite board issues both license types: one search per surname and type.
    expect(counts).toMatchObject({ searches: SEED_SURNAMES.length * 2, failedSearches: 0, rowsRejected: 0 });

    const expected = await expectedSeedLicenses('ny-med');
    const rows = await rowsOf('ny-med');
    expect(expected.length).toBeGreaterThan(20);
    expect(rows).toHaveLength(expected.length);
    expect(rows.map((r) => r.licenseNumber).sort()).toEqual(expected.map((l) => l.licenseNumber).sort());
    expect(new Set(rows.map((r) => r.licenseType))).toEqual(new Set(['MD', 'DO']));
    expect(rows.every((r) => r.jurisdiction === 'NY' && r.sourceKind === 'html-lookup')).toBe(true);
    expect(counts?.rowsUpserted).toBe(rows.length);

    const [run] = await runsOf('ny-med');
    expect(run).toMatchObject({ status: 'succeeded', rowsUpserted: rows.length, rowsRejected: 0, error: null });
    expect(run?.rowsRead).toBeGreaterThanOrEqual(rows.length);
    const [health] = await server.ctx.db.select().from(sourceHealth).where(eq(sourceHealth.boardId, 'ny-med'));
    expect(health).toMatchObject({ jurisdiction: 'NY', available: true });
  });

  it('searches an MD-only board for MD licenses only', async () => {
    const counts = await seedLookupBoard(server.ctx, sources, board('pa-md'));
    expect(counts).toMatchObject({ searches: SEED_SURNAMES.length, failedSearches: 0 });
    const rows = await rowsOf('pa-md');
    expect(rows.length).toBe((await expectedSeedLicenses('pa-md')).length);
    expect(rows.every((r) => r.licenseType === 'MD')).toBe(true);
  });

  it('changes nothing and records no license event when run again', async () => {
    const before = await rowsOf('ny-med');
    const counts = await seedLookupBoard(server.ctx, sources, board('ny-med'));
    expect(counts).toMatchObject({ failedSearches: 0, rowsUpserted: 0, eventsRecorded: 0 });
    const after = await rowsOf('ny-med');
    expect(after.map(({ lastSeenAt: _, ...r }) => r)).toEqual(before.map(({ lastSeenAt: _, ...r }) => r));
    const [events] = await server.ctx.db.select({ n: count() }).from(licenseEvent);
    expect(events?.n).toBe(0);
    expect((await runsOf('ny-med')).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('leaves a board with a bulk file to its ingest', async () => {
    expect(await seedLookupBoard(server.ctx, sources, board('wa-md'))).toBeNull();
    expect(await runsOf('wa-md')).toEqual([]);
  });

  it('reports a board that is down, stops asking it after a few failures, and seeds the other boards', async () => {
    const down = await fetch(`${sim.url}/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ boardId: 'vt-md', down: true }),
    });
    expect(down.status).toBe(204);

    // Through the queue, as a fresh start runs them: one job per board.
    for (const boardId of ['vt-md', 'ks-med'])
      await server.ctx.jobs.send('seedLookupBoard', { boardId }, { singletonKey: boardId });
    const finished = async () =>
      server.ctx.db
        .select()
        .from(ingestRun)
        .where(inArray(ingestRun.boardId, ['vt-md', 'ks-med']));
    for (let i = 0; i < 150 && (await finished()).filter((r) => r.finishedAt).length < 2; i++)
      await new Promise((r) => setTimeout(r, 100));

    const runs = Object.fromEntries((await finished()).map((r) => [r.boardId, r]));
    expect(runs['vt-md']).toMatchObject({ status: 'failed', rowsRead: 0, rowsUpserted: 0 });
    expect(runs['vt-md']?.error).toBe(
      `3 of ${SEED_SURNAMES.length} seed searches failed (stopped after 3 in a row); first: unavailable (HTTP 503): ${new URL(sim.url).host} answered HTTP 503 (maintenance page)`,
    );
    const [health] = await server.ctx.db.select().from(sourceHealth).where(eq(sourceHealth.boardId, 'vt-md'));
    expect(health).toMatchObject({ available: false });
    expect(health?.lastError).toMatch(/^unavailable \(HTTP 503\)/);
    expect(await rowsOf('vt-md')).toEqual([]);

    expect(runs['ks-med']).toMatchObject({ status: 'succeeded', error: null });
    expect((await rowsOf('ks-med')).length).toBe((await expectedSeedLicenses('ks-med')).length);
  });
});
