import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOnPlan, waitFor } from './support/accounts.ts';
import { type DatabaseProxy, startDatabaseProxy } from './support/database-proxy.ts';
import { HttpClient } from './support/http-client.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { reportBodyFor } from './support/reports.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from './support/server-processes.ts';
import { pickPhysician, type SimulatedBoards, startSimulatedBoards } from './support/simulated-boards.ts';
import { rowCounter } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// docs/security.md, Nothing is lost: a database that refuses writes answers 503 with {detail, code}
// and Retry-After, never a 500, and /healthz says so; once it takes writes again, so does the app.

let server: TestServer;
let person: Person;

beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
  person = await signedInPerson(server);
}, 60_000);
afterAll(() => server?.close());

/**
 * Turns the test's database read-only, or back. On PostgreSQL the setting reaches the app's
 * connections once they are opened anew (the others are ended); the embedded database has one
 * session for every connection, which the SET reaches at once.
 */
async function setReadOnly(on: boolean) {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const value = on ? 'on' : 'off';
  try {
    const { rows } = await client.query<{ name: string }>('select current_database() as name');
    const database = `ALTER DATABASE "${rows[0]?.name}" SET default_transaction_read_only = ${value}`;
    const session = `SET default_transaction_read_only = ${value}`;
    // ALTER DATABASE is itself a write: made while this session may still write.
    for (const statement of on ? [database, session] : [session, database]) await client.query(statement);
    await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
  } finally {
    await client.end();
  }
}

const report = { firstName: 'Zenobia', lastName: 'Quarrington', licenseType: 'MD', states: ['Texas'] };

describe('a database that refuses writes', () => {
  it('answers writes 503 with {detail, code} and Retry-After, says so on /healthz, and recovers', async () => {
    await setReadOnly(true);
    try {
      const refused = await person.client.post('/api/v2/reports/', report);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(typeof refused.body.detail).toBe('string');
      expect(refused.headers.get('retry-after')).toBe('30');

      const health = await new HttpClient(server.url).get('/healthz');
      expect(health).toMatchObject({ status: 503, body: { status: 'read-only' } });

      // Signing in writes a session: better-auth's routes answer alike.
      const signIn = await new HttpClient(server.url).post('/api/auth/sign-in/email', {
        email: person.email,
        password: 'correct-horse',
      });
      expect(signIn).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE' } });

      // Reading still works: who is signed in.
      expect((await person.client.get('/api/v2/auth/me')).status).toBe(200);
    } finally {
      await setReadOnly(false);
    }
    expect((await new HttpClient(server.url).get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await person.client.post('/api/v2/reports/', report)).status).toBe(201);
  }, 60_000);
});

// The database going away for a minute, as the app meets it: every connection cut and new ones
// reset (a restart, a failover). Only on PostgreSQL (TEST_DATABASE_URL): the embedded database
// lives inside the app's own process and cannot go away without it. Measured on the 2-core machine:
// the set-up 10–20 s; each request during the cut answered within a second.
describe.runIf(process.env.TEST_DATABASE_URL)('a database that goes away for a minute', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    // Serving only: the worker's side is the next test's.
    proxied = await startTestServer({}, { proxied: true, worker: false });
  }, 120_000);
  afterAll(async () => {
    await proxied?.close();
  });

  it('answers 503 at once for the whole minute, never crashes, and serves again once it is back', async () => {
    const { client } = await signedInOnPlan(proxied);
    const created = await client.post('/api/v2/reports/', report);
    expect(created.status).toBe(201);
    const reportId = created.body.id as string;

    // A client held across the cut, as a job's transaction holds one: its connection ending must
    // fail its queries, not throw out of the process.
    const held = await proxied.ctx.pool.connect();
    await held.query('SELECT 1');
    const proxy = proxied.databaseProxy as DatabaseProxy;
    proxy.cut('refused');
    const cutAt = Date.now();
    try {
      await expect(held.query('SELECT 1')).rejects.toThrow();
      // Asked again every few seconds while it is gone: each answer comes at once, never a hang.
      while (Date.now() - cutAt < 60_000) {
        for (const ask of [
          () => client.get('/api/v2/auth/me'),
          () => client.get(`/api/v2/reports/${reportId}/licenses`),
          () => client.post('/api/v2/reports/', report),
        ]) {
          const started = Date.now();
          const res = await ask();
          expect(res.status, JSON.stringify(res.body)).toBe(503);
          expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
          expect(typeof res.body.detail).toBe('string');
          expect(res.headers.get('retry-after')).toBe('30');
          expect(Date.now() - started).toBeLessThan(10_000);
        }
        const health = await new HttpClient(proxied.url).get('/healthz');
        expect(health).toMatchObject({ status: 503, body: { status: 'unavailable' } });
        await new Promise((r) => setTimeout(r, 5_000));
      }
    } finally {
      held.release(true);
      proxy.restore();
    }

    expect((await new HttpClient(proxied.url).get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await client.get('/api/v2/auth/me')).status).toBe(200);
    // Nothing refused during the cut was kept: the one report made before it, and one made now.
    expect((await client.post('/api/v2/reports/', report)).status).toBe(201);
    const { rows } = await proxied.ctx.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM report WHERE workspace_id = (SELECT workspace_id FROM report WHERE id = $1)',
      [reportId],
    );
    expect(rows[0]?.n).toBe(2);
  }, 180_000);
  // A partitioned network: connections are accepted and never answered. Without a connect timeout
  // a request waited for ever (it hung past the 30 s this test allows before the pools had one).
  it('answers 503 within its connect timeout when the database drops packets silently', async () => {
    const { client } = await signedInOnPlan(proxied);
    const proxy = proxied.databaseProxy as DatabaseProxy;
    proxy.cut('silent');
    try {
      for (const ask of [() => client.get('/api/v2/auth/me'), () => client.post('/api/v2/reports/', report)]) {
        const started = Date.now();
        const res = await Promise.race([ask(), new Promise<'hung'>((r) => setTimeout(() => r('hung'), 30_000))]);
        expect(res === 'hung' ? res : res.status).toBe(503);
        expect(res !== 'hung' && res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        // A new connection gives up after 10 s (platform/db/client.ts): measured 10.0 s; a request
        // on a pooled connection the cut ended fails at once (7 ms).
        expect(Date.now() - started).toBeLessThan(20_000);
      }
    } finally {
      proxy.restore();
    }
    await waitFor('the app to serve again', async () => (await client.get('/api/v2/auth/me')).status === 200, 100);
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('a worker whose database goes away for a minute', () => {
  let served: TestServer;
  let boards: SimulatedBoards;
  let worker: ServerProcess | undefined;
  /**
   * Only the worker reaches the database through the hop the test cuts. The web server that
   * queues the reports does not: with both behind it, the cut (sprung by the worker taking a job)
   * could land while the web server was still answering the request that queued the job, which
   * then failed 503 (seen once in CI on PostgreSQL).
   */
  let proxy: DatabaseProxy;
  /** The test's own look at the database, around the proxy the worker goes through. */
  let direct: pg.Pool;
  beforeAll(async () => {
    served = await startTestServer({}, { worker: false });
    proxy = await startDatabaseProxy(served.databaseUrl);
    boards = await startSimulatedBoards(served.ctx, { size: 300, seed: 31 });
    direct = new pg.Pool({ connectionString: served.databaseUrl, max: 2 });
  }, 120_000);
  afterAll(async () => {
    await stopServerProcess(worker);
    await direct?.end();
    await proxy?.close();
    await served?.close();
    await boards?.sim.close();
  });

  const count = (query: string, params: unknown[] = []) => rowCounter(direct)(query, params);

  const updated = (reportId: string) =>
    count('SELECT count(*)::int AS n FROM report WHERE id = $1 AND update_executed_at IS NOT NULL', [reportId]);

  it('keeps running through it, and finishes every update it had or was being handed', async () => {
    worker = await startServerProcess(
      'worker',
      { DATABASE_URL: proxy.url, SIM_URL: boards.sim.url, APP_URL: served.url },
      { seconds: 90 },
    );
    const { client } = await signedInOnPlan(served);
    const physicianFrom = (from: number) => pickPhysician(boards.persons.slice(from), { minLicenses: 2 });
    // One update under way when the database goes...
    const first = await client.post('/api/v2/reports/', reportBodyFor(physicianFrom(0)));
    expect(first.status).toBe(201);
    await waitFor(
      'an update under way',
      async () =>
        (await count(
          `SELECT count(*)::int AS n FROM pgboss.job j JOIN report r ON r.id = j.data->>'reportId'
           WHERE j.name = 'update-report' AND j.state = 'active' AND r.update_executed_at IS NULL`,
        )) > 0,
      600,
    );
    // ...and it goes at the moment it hands the worker the next one: the job is active in the
    // database, and the worker never hears of it.
    const cutAt = proxy.cutAtAnswer(/state = 'active',[\s\S]*update-report/, /UPDATE 1\b/);
    const second = await client.post('/api/v2/reports/', reportBodyFor(physicianFrom(60)));
    expect(second.status).toBe(201);
    await cutAt;
    try {
      await new Promise((r) => setTimeout(r, 60_000));
      expect(worker.child.exitCode, worker.output()).toBeNull();
      expect(worker.child.signalCode, worker.output()).toBeNull();
    } finally {
      proxy.restore();
    }
    const restored = Date.now();
    // The same worker takes new work at once: its queue and its pool came back with the database.
    const next = await client.post('/api/v2/reports/', reportBodyFor(physicianFrom(120)));
    expect(next.status).toBe(201);
    const explain = (err: Error) => {
      throw new Error(`${err.message}\n${worker?.output()}`);
    };
    await waitFor(
      'the report made after the outage to be updated',
      async () => (await updated(next.body.id)) === 1,
      1200,
    ).catch(explain);
    console.log(`a new report updated ${Date.now() - restored} ms after the database came back`);
    // Both caught by the cut finish too, the handed one without waiting out its 15-minute claim.
    // Measured: 52 s after the database came back (job-queue.ts, handOnUnstartedJobs); 15 minutes before.
    for (const caught of [first, second])
      await waitFor(
        'the reports caught by the cut to be updated',
        async () => (await updated(caught.body.id)) === 1,
        1500,
      ).catch(explain);
    console.log(`the reports caught by the cut updated ${Date.now() - restored} ms after the database came back`);
    expect(worker.child.exitCode, worker.output()).toBeNull();
  }, 600_000);
});
