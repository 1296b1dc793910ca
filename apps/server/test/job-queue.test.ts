import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobQueue, startJobQueue } from '../src/platform/jobs/job-queue.ts';
import { QUEUES } from '../src/platform/jobs/queues.ts';
import { startTestDatabase, type TestDatabase } from './support/test-database.ts';

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
});
