import pg from 'pg';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobQueue, startJobQueue } from '../src/platform/jobs/job-queue.ts';
import { QUEUES } from '../src/platform/jobs/queues.ts';
import { type DatabaseProxy, startDatabaseProxy } from './support/database-proxy.ts';
import { startTestDatabase, type TestDatabase } from './support/test-database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase;
let jobs: JobQueue;
beforeAll(async () => {
  database = await startTestDatabase();
  jobs = await startJobQueue(database.url, pino({ level: 'silent' }));
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

describe('the job queue', () => {
  it('drains queued jobs as fast as the handler runs, not one per polling interval', async () => {
    const handled: string[] = [];
    let allDone: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      allDone = resolve;
    });
    await jobs.work('updateReport', async ({ reportId }) => {
      handled.push(reportId);
      if (handled.length === 12) allDone();
    });
    const started = Date.now();
    for (let i = 0; i < 12; i++) await jobs.send('updateReport', { reportId: `r${i}` }, { singletonKey: `r${i}` });
    await done;
    // pg-boss alone waits its 1 s polling interval after every job: 12 jobs would take 12 s.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(new Set(handled).size).toBe(12);
  });
});

// A database and a queue of their own: the test above works update-report jobs too.
describe('a running job a worker may die in the middle of (queues.ts, aliveSeconds)', () => {
  let own: TestDatabase;
  let jobs: JobQueue;
  let pool: pg.Pool;
  beforeAll(async () => {
    own = await startTestDatabase();
    jobs = await startJobQueue(own.url, pino({ level: 'silent' }));
    pool = new pg.Pool({ connectionString: own.url, max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
    await jobs?.stop();
    await own?.close();
  });

  it('is claimed for aliveSeconds past its latest renewal, not for the whole expiry', async () => {
    let release: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const began = new Promise<void>((resolve) => {
      started = resolve;
    });
    await jobs.work('updateReport', async ({ reportId }) => {
      if (reportId !== 'held') return;
      started();
      await running;
    });
    await jobs.send('updateReport', { reportId: 'held' }, { singletonKey: 'held' });
    await began;
    const claimedFor = async () => {
      const { rows } = await pool.query<{ seconds: number }>(
        `SELECT extract(epoch FROM started_on + expire_in - now())::float AS seconds
         FROM pgboss.job WHERE name = 'update-report' AND singleton_key = 'held' AND state = 'active'`,
      );
      return rows[0]?.seconds;
    };
    try {
      // The renewal is sent as the handler starts; a dead worker's job is given out 20 s after its last.
      await expect.poll(claimedFor).toBeLessThanOrEqual(QUEUES.updateReport.aliveSeconds);
      expect(await claimedFor()).toBeGreaterThan(QUEUES.updateReport.aliveSeconds - 5);
    } finally {
      release();
    }
  });

  it('has the settings of queues.ts, also in a database whose queues were made with others', async () => {
    await pool.query(`UPDATE pgboss.queue SET retry_delay = 30, retry_limit = 5 WHERE name = 'update-report'`);
    const again = await startJobQueue(own.url, pino({ level: 'silent' }));
    await again.stop();
    const { rows } = await pool.query<{ retry_delay: number; retry_limit: number }>(
      `SELECT retry_delay, retry_limit FROM pgboss.queue WHERE name = 'update-report'`,
    );
    expect(rows[0]).toEqual({
      retry_delay: QUEUES.updateReport.options.retryDelay,
      retry_limit: QUEUES.updateReport.options.retryLimit,
    });
  });

  it('has the schedules of queues.ts, also in a database whose schedules were made with others, and rewrites none that match', async () => {
    const declared = Object.values(QUEUES).flatMap((q) => ('cron' in q ? [[q.name, q.cron]] : []));
    const schedules = async () =>
      (
        await pool.query<{ name: string; cron: string; updated_on: Date }>(
          'SELECT name, cron, updated_on FROM pgboss.schedule ORDER BY name COLLATE "C"',
        )
      ).rows;
    expect((await schedules()).map((s) => [s.name, s.cron])).toEqual(declared.sort());
    // A cron changed since, one removed, and one for a queue that has none (as an older version had).
    await pool.query(`UPDATE pgboss.schedule SET cron = '0 3 * * *' WHERE name = 'daily-refresh'`);
    await pool.query(`DELETE FROM pgboss.schedule WHERE name = 'sam-checks'`);
    await pool.query(
      `INSERT INTO pgboss.schedule (name, cron, timezone, data, options) VALUES ('update-report', '0 1 * * *', 'UTC', '{}', '{}')`,
    );
    const untouched = (await schedules()).find((s) => s.name === 'source-health')?.updated_on;
    const again = await startJobQueue(own.url, pino({ level: 'silent' }));
    await again.stop();
    const after = await schedules();
    expect(after.map((s) => [s.name, s.cron])).toEqual(declared.sort());
    expect(after.find((s) => s.name === 'source-health')?.updated_on).toEqual(untouched);
  });
});

// ADR 048: an idle worker asks the database for jobs rarely, and a job still starts within a second
// of being ready, whoever made it so. The worker reaches its database through a proxy that counts
// what it asks and can cut it; the other process's queue (`elsewhere`) goes straight to it.
describe('a worker at rest', () => {
  let own: TestDatabase;
  let proxy: DatabaseProxy;
  let worker: JobQueue;
  let elsewhere: JobQueue;
  let pool: pg.Pool;
  const starts = new Map<string, number[]>();
  const failsOnce = new Set<string>();
  const started = (key: string) => {
    starts.set(key, [...(starts.get(key) ?? []), Date.now()]);
    if (failsOnce.delete(key)) throw new Error('fails the first time');
  };
  /** When the handler began on the job `key`, its `run`-th run. */
  const startOf = async (key: string, run = 1) => {
    await expect.poll(() => starts.get(key)?.length ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(run);
    return starts.get(key)?.[run - 1] ?? Number.NaN;
  };
  beforeAll(async () => {
    own = await startTestDatabase();
    proxy = await startDatabaseProxy(own.url);
    worker = await startJobQueue(proxy.url, pino({ level: 'silent' }));
    elsewhere = await startJobQueue(own.url, pino({ level: 'silent' }));
    pool = new pg.Pool({ connectionString: own.url, max: 1 });
    await worker.work('deliverEmail', async ({ messageId }) => started(messageId));
    await worker.work('updateReport', async ({ reportId }) => started(reportId), { workers: 2 });
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await elsewhere?.stop();
    await worker?.stop();
    await proxy?.close();
    await own?.close();
  });

  it('asks the database for jobs a few times a minute, not every second', async () => {
    await sleep(1000);
    const fetches = proxy.count(/FROM pgboss\.job\s+WHERE name = \$1\s+AND state < 'active'/);
    await sleep(6000);
    // Three workers, and pg-boss's own for its cron ticks (every 5 s): 20 in 6 s at one a second.
    expect(fetches()).toBeLessThanOrEqual(5);
  }, 15_000);

  it('starts a job another process sends within a second', async () => {
    const sent = Date.now();
    await elsewhere.send('deliverEmail', { messageId: 'sent elsewhere' });
    expect((await startOf('sent elsewhere')) - sent).toBeLessThan(1000);
  });

  it('starts a job pg-boss inserts itself, as it does a cron tick, within a second', async () => {
    // Without a schedule or maintenance of its own: only its insert, which its cron's worker uses.
    const boss = new PgBoss({ connectionString: own.url, supervise: false, schedule: false, migrate: false });
    await boss.start();
    try {
      const sent = Date.now();
      await boss.insert([{ name: QUEUES.deliverEmail.name, data: { messageId: 'a cron tick' } }]);
      expect((await startOf('a cron tick')) - sent).toBeLessThan(1000);
    } finally {
      await boss.stop({ graceful: false });
    }
  });

  it('starts a job sent to start later within a second of that moment', async () => {
    const startAfter = new Date(Date.now() + 3000);
    await elsewhere.send('deliverEmail', { messageId: 'in three seconds' }, { startAfter });
    const late = (await startOf('in three seconds')) - startAfter.getTime();
    expect(late).toBeGreaterThanOrEqual(-50);
    expect(late).toBeLessThan(1000);
  });

  it('starts a failed job again within a second of its retry delay running out', async () => {
    failsOnce.add('retried');
    await elsewhere.send('updateReport', { reportId: 'retried' }, { singletonKey: 'retried' });
    await startOf('retried', 1);
    const retryAt = async () => {
      const { rows } = await pool.query<{ at: Date }>(
        `SELECT start_after AS at FROM pgboss.job WHERE name = 'update-report' AND singleton_key = 'retried' AND state = 'retry'`,
      );
      return rows[0]?.at;
    };
    await expect.poll(retryAt).toBeDefined();
    const due = (await retryAt())?.getTime() ?? Number.NaN;
    // update-report retries from 5 s (queues.ts).
    expect(due - Date.now()).toBeGreaterThan(2000);
    expect((await startOf('retried', 2)) - due).toBeLessThan(1000);
  }, 30_000);

  it('starts a job whose start is brought forward within a second of the change', async () => {
    // What an operator's script or a test does to a retry's backoff: only start_after changes.
    await elsewhere.send(
      'deliverEmail',
      { messageId: 'brought forward' },
      { startAfter: new Date(Date.now() + 60_000) },
    );
    await sleep(500);
    const moved = Date.now();
    await pool.query(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'deliver-email' AND data->>'messageId' = 'brought forward'`,
    );
    expect((await startOf('brought forward')) - moved).toBeLessThan(1000);
  });

  it('starts a job sent once the database is back within seconds of it, after losing it', async () => {
    proxy.cut('refused');
    await sleep(2000);
    proxy.restore();
    const sent = Date.now();
    await elsewhere.send('deliverEmail', { messageId: 'after the outage' });
    // The listening connection is opened again within a second, and wakes every worker.
    expect((await startOf('after the outage')) - sent).toBeLessThan(3000);
  }, 30_000);
});
