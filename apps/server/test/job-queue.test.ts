import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobQueue, startJobQueue } from '../src/platform/jobs/job-queue.ts';
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
