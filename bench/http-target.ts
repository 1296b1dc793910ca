// The server side of `bench/http.ts`, in its own process so that it never shares an event loop with
// the load generator: `node --import tsx bench/http-target.ts <postgresql|pglite>` starts a bare
// Fastify on one port — a "hello", the report list's body, and the report list itself (the same
// session read, list query and serialisation, with no plugin but the cookie parser the session
// read needs, no hook and no logger) — and the real app on another, against a fresh database
// (PostgreSQL: a new database on TEST_DATABASE_URL's server, dropped on exit; PGlite: in memory, in
// this process), signs up 32 accounts on Enterprise with 20 reports each (one per load connection:
// concurrent requests of different users, as a service sees them), prints one JSON line on stdout
// ({hello, app, cookies, database}) and serves until SIGTERM or SIGINT.
import type { AddressInfo } from 'node:net';
import cookie from '@fastify/cookie';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { batchedReportLists } from '../apps/server/src/modules/reports/list-reports.ts';
import { presentReport } from '../apps/server/src/modules/reports/present-report.ts';
import { parseEnv } from '../apps/server/src/platform/env.ts';
import { endpointSchema } from '../apps/server/src/platform/http/endpoint-schema.ts';
import { signedInOnPlan } from '../apps/server/test/support/accounts.ts';
import { startTestServer, type TestServer } from '../apps/server/test/support/test-server.ts';
import { inBatches } from './support/bench-target.ts';

const REPORTS = 20;
const ACCOUNTS = 32;
const database = process.argv[2];
// startTestDatabase picks the database by TEST_DATABASE_URL; the argument says which one is meant.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!(database === 'postgresql' && onPostgres) && !(database === 'pglite' && !onPostgres))
  throw new Error('usage: bench/http-target.ts postgresql (with TEST_DATABASE_URL set) | pglite (without it)');

const bare = Fastify();
// The app's serialiser: the bare list below answers through the same response schema.
bare.setSerializerCompiler(serializerCompiler);
bare.get('/hello', async () => ({ hello: 'world' }));
let server: TestServer | undefined;
let stopping: Promise<void> | undefined;

/** Closes both servers (dropping the PostgreSQL database) once, then exits. */
function stop(code: number) {
  stopping ??= (async () => {
    try {
      await bare.close();
      await server?.close();
    } catch (err) {
      console.error('bench target: closing failed', err);
      code = 1;
    }
    process.exit(code);
  })();
  return stopping;
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

try {
  // As `npm start` configures the server (env.ts's default request logging at info), but for the
  // port and the database, and without job workers: none may take CPU during the figures
  // (creating a report only queues its job). The proxy is trusted, as behind a production load
  // balancer, so that the set-up's sign-ups (each from its own forwarded address) are not all
  // counted against one address's sign-up limit; the measured requests carry no such header.
  const defaults = parseEnv({ NODE_ENV: 'test' });
  server = await startTestServer({ LOG_LEVEL: defaults.LOG_LEVEL, TRUST_PROXY: 'loopback' }, { worker: false });
  const app = server;
  // Signed up through the public API and confirmed through the emailed link, as users would.
  const accounts = await inBatches(ACCOUNTS, 4, async (a) => {
    const { client } = await signedInOnPlan(app, { planName: 'enterprise' });
    for (let i = 0; i < REPORTS; i++) {
      const res = await client.post('/api/v2/reports/', {
        name: `Report ${i + 1}`,
        firstName: 'Ada',
        lastName: `Okafor-${a + 1}-${i + 1}`,
        licenseType: 'MD',
        states: ['Oregon'],
      });
      if (res.status !== 201)
        throw new Error(`creating report ${i + 1} answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
    // The measured routes answer as the figures expect before any figure starts.
    const me = await client.get('/api/v2/auth/me');
    if (me.status !== 200) throw new Error(`/api/v2/auth/me answered ${me.status}`);
    const list = await client.get('/api/v1/reports/');
    if (list.status !== 200 || list.body?.length !== REPORTS)
      throw new Error(`/api/v1/reports/ answered ${list.status} with ${list.body?.length} reports`);
    return { cookie: client.cookieHeader(), list: list.body as unknown };
  });
  // The same body as a signed-in list answers, from the bare Fastify (serialised on every request,
  // as the app does): how fast this machine can serve that many bytes at all, with no session, no
  // database and no plugin.
  const listBody = accounts[0]?.list;
  bare.get('/reports', async () => listBody);
  // The report list as the app answers it, minus the framework around it (docs/budgets.md, Request
  // path): the same session read (cookie parsing and signature, the batched session query), the same
  // batched list query and presenter, serialised through the same response schema — but no other
  // plugin, no hook, Origin check, rate limit, security header or request log.
  const listReports = batchedReportLists(app.ctx.db);
  const readSession = app.ctx.readSession;
  // The session read takes its token from the parsed cookies, as in the app.
  await bare.register(cookie);
  bare.get('/list', { schema: endpointSchema(REPORTS_ENDPOINTS.list) }, async (request) => {
    const user = await readSession(request);
    // Every measured request is signed in: a 401 fails the run (bench/http.ts).
    if (!user) throw Object.assign(new Error('not signed in'), { statusCode: 401 });
    // The acting workspace as actingWorkspace (accounts/http/acting-workspace.ts) takes it from a
    // session; that reads what the app's sign-in hook stored on the request, which this route has not.
    return (await listReports(user.organisation?.id ?? user.id)).map(presentReport);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const cookies = accounts.map((a) => a.cookie);

  const { rows } = await server.ctx.db.execute<{ server_version: string }>(sql`show server_version`);
  const version = rows[0]?.server_version.split(' ')[0] ?? '?';

  console.log(
    JSON.stringify({
      hello: `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`,
      app: server.url,
      cookies,
      database: database === 'postgresql' ? `PostgreSQL ${version}` : `PGlite (PostgreSQL ${version})`,
    }),
  );
} catch (err) {
  console.error('bench target: set-up failed', err);
  await stop(1);
}
