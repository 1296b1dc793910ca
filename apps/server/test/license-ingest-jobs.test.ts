import { type BoardSimulator, startBoardSimulator } from '@licensewatch/board-sim/server';
import { asc, eq, isNotNull } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/context.ts';
import { loadBoardConfig } from '../src/modules/licensing/config/load-board-config.ts';
import { enqueueFirstIngest } from '../src/modules/licensing/ingest/enqueue-first-ingest.ts';
import { ingestBoard } from '../src/modules/licensing/ingest/ingest-board.ts';
import {
  INTERRUPTED_AFTER_SECONDS,
  INTERRUPTED_ERROR,
  markInterruptedIngestRuns,
} from '../src/modules/licensing/ingest/mark-interrupted-ingest-runs.ts';
import { reingestBulkFilesJob } from '../src/modules/licensing/ingest/reingest-bulk-files-job.ts';
import type { LicenseSources } from '../src/modules/licensing/license-sources.ts';
import { createBoardSources } from '../src/modules/licensing/sources/create-source.ts';
import { ingestRun } from '../src/modules/licensing/tables.ts';
import { startWorker } from '../src/worker.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let sim: BoardSimulator;
let sources: LicenseSources;
// A small configuration: two boards with a bulk file and two look-up-only boards of the simulator.
const BULK_FILE_BOARDS = ['co-med', 'wa-do'];
const LOOKUP_BOARDS = ['ks-med', 'vt-md'];
beforeAll(async () => {
  [server, sim] = await Promise.all([startTestServer(), startBoardSimulator({ port: 0, seed: 5, size: 800 })]);
  const all = createBoardSources(loadBoardConfig({ simUrl: sim.url }));
  const wanted = new Set([...BULK_FILE_BOARDS, ...LOOKUP_BOARDS]);
  sources = { boards: all.boards.filter((b) => wanted.has(b.id)), sourceFor: (id) => all.sourceFor(id) };
  server.ctx.licensing = sources;
});
afterAll(async () => {
  await server?.close();
  await sim?.close();
});

/** Every job ever sent to a queue (pg-boss keeps finished ones for hours), as board ids. */
async function jobsSent(queue: string): Promise<string[]> {
  const { rows } = await server.ctx.pool.query<{ key: string }>(
    `SELECT singleton_key AS key FROM pgboss.job WHERE name = $1
     UNION ALL SELECT singleton_key FROM pgboss.archive WHERE name = $1`,
    [queue],
  );
  return rows.map((r) => r.key).sort();
}

async function waitForFinishedRuns(n: number) {
  for (let i = 0; i < 200; i++) {
    const done = await server.ctx.db.select().from(ingestRun).where(isNotNull(ingestRun.finishedAt));
    if (done.length >= n) return done;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fewer than ${n} ingest runs finished`);
}

async function insertRun(boardId: string, status: string, startedSecondsAgo: number): Promise<string> {
  const { rows } = await server.ctx.pool.query<{ id: string }>(
    `INSERT INTO ingest_run (board_id, status, started_at) VALUES ($1, $2, now() - make_interval(secs => $3))
     RETURNING id`,
    [boardId, status, startedSecondsAgo],
  );
  return rows[0]?.id as string;
}

async function runById(id: string) {
  const [run] = await server.ctx.db.select().from(ingestRun).where(eq(ingestRun.id, id));
  return run;
}

describe('the first ingest of a fresh registry', () => {
  it('queues every bulk-file ingest and a seed of every look-up-only board, exactly once', async () => {
    const first = await enqueueFirstIngest(server.ctx);
    expect(first).toEqual({ bulkFileBoards: BULK_FILE_BOARDS, lookupBoards: LOOKUP_BOARDS });
    // Again at once (a quick restart): the jobs wait in the queue, none has an ingest_run row yet.
    expect(await enqueueFirstIngest(server.ctx)).toEqual({ bulkFileBoards: [], lookupBoards: [] });

    const runs = await waitForFinishedRuns(4);
    expect(runs.map((r) => [r.boardId, r.status]).sort()).toEqual(
      [...BULK_FILE_BOARDS, ...LOOKUP_BOARDS].map((id) => [id, 'succeeded']).sort(),
    );
    expect(runs.every((r) => r.rowsUpserted > 0)).toBe(true);
    // And after they ran.
    expect(await enqueueFirstIngest(server.ctx)).toEqual({ bulkFileBoards: [], lookupBoards: [] });
    expect(await jobsSent('ingest-board')).toEqual(BULK_FILE_BOARDS);
    expect(await jobsSent('seed-lookup-board')).toEqual(LOOKUP_BOARDS);
  });
});

describe('the nightly bulk-file re-ingest', () => {
  it('is scheduled by the worker at 04:00', async () => {
    const { rows } = await server.ctx.pool.query<{ name: string; cron: string }>(
      "SELECT name, cron FROM pgboss.schedule WHERE name = 'reingest-bulk-files'",
    );
    expect(rows).toEqual([{ name: 'reingest-bulk-files', cron: '0 4 * * *' }]);
  });

  it('queues one ingest per board with a bulk file, which changes nothing when the file has not changed', async () => {
    const before = (await server.ctx.db.select().from(ingestRun)).length;
    await reingestBulkFilesJob(server.ctx);
    expect(await jobsSent('ingest-board')).toEqual([...BULK_FILE_BOARDS, ...BULK_FILE_BOARDS].sort());
    expect(await jobsSent('seed-lookup-board')).toEqual(LOOKUP_BOARDS);

    const again = (await waitForFinishedRuns(before + BULK_FILE_BOARDS.length)).slice(before);
    expect(again.map((r) => [r.boardId, r.status, r.rowsUpserted]).sort()).toEqual(
      BULK_FILE_BOARDS.map((id) => [id, 'succeeded', 0]),
    );
  });

  it("leaves no schedule, queue or job of its former name, 'reingest-rosters', in a database that had them", async () => {
    // A database a worker from before the rename started on: the old queue, its nightly schedule, a job.
    const before = new PgBoss({ connectionString: server.databaseUrl, supervise: false, schedule: false, max: 1 });
    await before.start();
    try {
      await before.createQueue('reingest-rosters', { name: 'reingest-rosters', policy: 'stately' });
      await before.schedule('reingest-rosters', '0 4 * * *', {});
      await before.send('reingest-rosters', {});
    } finally {
      await before.stop({ graceful: false, wait: true });
    }
    const left = async () => {
      const { rows } = await server.ctx.pool.query<{ what: string }>(
        `SELECT 'schedule' AS what FROM pgboss.schedule WHERE name = 'reingest-rosters'
         UNION ALL SELECT 'queue' FROM pgboss.queue WHERE name = 'reingest-rosters'
         UNION ALL SELECT 'job' FROM pgboss.job WHERE name = 'reingest-rosters'`,
      );
      return rows.map((r) => r.what).sort();
    };
    expect(await left()).toEqual(['job', 'queue', 'schedule']);

    // A worker of this version starting on it, then another (the second finds nothing to remove).
    for (let i = 0; i < 2; i++) {
      const other = await createContext({
        env: server.ctx.env,
        databaseUrl: server.databaseUrl,
        secret: 'test-secret-test-secret-test-secret-0123',
        log: pino({ level: 'silent' }),
      });
      try {
        await startWorker(other);
      } finally {
        await other.close();
      }
      expect(await left()).toEqual([]);
    }
    const { rows } = await server.ctx.pool.query<{ name: string; cron: string }>(
      "SELECT name, cron FROM pgboss.schedule WHERE name = 'reingest-bulk-files'",
    );
    expect(rows).toEqual([{ name: 'reingest-bulk-files', cron: '0 4 * * *' }]);
  });
});

describe('ingest runs left running by a stopped worker', () => {
  it('are marked interrupted when a worker starts, once past the job expiry; recent ones are left alone', async () => {
    const stale = await insertRun('nd-med', 'running', INTERRUPTED_AFTER_SECONDS + 60);
    const recent = await insertRun('vt-md', 'running', 60);
    const oldFinished = await insertRun('co-med', 'succeeded', INTERRUPTED_AFTER_SECONDS * 2);

    // A second process starting its worker on the same database.
    const other = await createContext({
      env: server.ctx.env,
      databaseUrl: server.databaseUrl,
      secret: 'test-secret-test-secret-test-secret-0123',
      log: pino({ level: 'silent' }),
    });
    try {
      await startWorker(other);
    } finally {
      await other.close();
    }

    expect(await runById(stale)).toMatchObject({ status: 'failed', error: INTERRUPTED_ERROR });
    expect((await runById(stale))?.finishedAt).toBeInstanceOf(Date);
    expect(await runById(recent)).toMatchObject({ status: 'running', error: null, finishedAt: null });
    expect(await runById(oldFinished)).toMatchObject({ status: 'succeeded', error: null });
    expect(INTERRUPTED_ERROR).toMatch(/^interrupted: /);
    await server.ctx.db.delete(ingestRun).where(eq(ingestRun.id, recent));
  });

  it("are marked interrupted when a new run of the same board starts, and only that board's", async () => {
    const staleCo = await insertRun('co-med', 'running', INTERRUPTED_AFTER_SECONDS + 1);
    const staleNd = await insertRun('nd-med', 'running', INTERRUPTED_AFTER_SECONDS + 1);
    const co = sources.boards.find((b) => b.id === 'co-med');
    if (!co) throw new Error('co-med is configured');
    await ingestBoard(server.ctx, sources, co);

    expect(await runById(staleCo)).toMatchObject({ status: 'failed', error: INTERRUPTED_ERROR });
    expect(await runById(staleNd)).toMatchObject({ status: 'running' });
    const coRuns = await server.ctx.db
      .select()
      .from(ingestRun)
      .where(eq(ingestRun.boardId, 'co-med'))
      .orderBy(asc(ingestRun.startedAt));
    expect(coRuns.at(-1)).toMatchObject({ status: 'succeeded' });

    expect(await markInterruptedIngestRuns(server.ctx)).toBe(1);
    expect(await runById(staleNd)).toMatchObject({ status: 'failed', error: INTERRUPTED_ERROR });
  });
});
