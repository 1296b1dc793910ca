// `npm run bench:reports-by-key`: enrolling physicians by API key on PostgreSQL (issue #42):
// POST /api/v2/reports/bulk with 100 rows against the baseline measured in the same run, 100
// single POST /api/v2/reports/ one after another — what a system did before bulk create — each
// by the same key, through the real server. Alternating rounds, medians; the report updates these
// creates queue are not run (no worker), so the figure is the create itself. The figures replace
// the `bench:reports-by-key` section of BENCHMARKS.md. PostgreSQL: a fresh database on
// TEST_DATABASE_URL's server, else on postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards.
//
//   BENCH_BULK_ROUNDS   rounds of each (5)
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { assignPlan } from '../apps/server/src/modules/plans/assign-plan.ts';
import { loadAverage, machine, writeBenchSection } from './support/benchmarks-file.ts';

const ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 5);
if (!(Number.isInteger(ROUNDS) && ROUNDS > 0)) throw new Error('BENCH_BULK_ROUNDS must be a positive integer');
const ROWS = 100;

process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
const { startTestServer } = await import('../apps/server/test/support/test-server.ts');
const { signUpAndVerify } = await import('../apps/server/test/support/accounts.ts');
const { HttpClient } = await import('../apps/server/test/support/http-client.ts');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (n: number) => `${n.toFixed(0)} ms`;

const server = await startTestServer({}, { worker: false });
const loadBefore = loadAverage();
try {
  const { rows: version } = await server.ctx.db.execute<{ server_version: string }>(sql`show server_version`);
  const database = `PostgreSQL ${version[0]?.server_version.split(' ')[0]}`;
  const client = new HttpClient(server.url);
  const { email } = await signUpAndVerify(client);
  const { rows } = await server.ctx.db.execute<{ id: string }>(sql`SELECT id FROM "user" WHERE email = ${email}`);
  const userId = rows[0]?.id as string;
  const endDate = new Date(Date.now() + 30 * 86_400_000);
  await assignPlan(server.ctx.db, { userId, planName: 'enterprise', trial: false, endDate, reason: 'plan-change' });
  const key = (await client.get('/api/v1/credentials/')).body.credential_key as string;
  await client.put('/api/v2/credentials/scopes', { scopes: ['reports:read', 'reports:write'] });
  const system = new HttpClient(server.url);
  const call = async (path: string, body: unknown) => {
    const res = await system.request('POST', path, body, { authorization: `Bearer ${key}`, origin: undefined });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };
  let n = 0;
  const physician = () => {
    n += 1;
    return {
      firstName: `Bench${n}`,
      lastName: 'Physician',
      licenseType: 'MD',
      states: ['Texas', 'Ohio'],
      externalId: `b-${n}`,
    };
  };

  const singles: number[] = [];
  const bulks: number[] = [];
  const retries: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let t = performance.now();
    for (let i = 0; i < ROWS; i++) await call('/api/v2/reports/', physician());
    singles.push(performance.now() - t);
    const rowsOfBulk = Array.from({ length: ROWS }, physician);
    t = performance.now();
    const created = await call('/api/v2/reports/bulk', { reports: rowsOfBulk });
    bulks.push(performance.now() - t);
    if (created.body.created !== ROWS) throw new Error(`bulk created ${created.body.created}`);
    // The same call again, as after a timeout: every row found by its externalId, nothing created.
    t = performance.now();
    const again = await call('/api/v2/reports/bulk', { reports: rowsOfBulk });
    retries.push(performance.now() - t);
    if (again.body.existing !== ROWS) throw new Error(`retry found ${again.body.existing}`);
  }
  const base = median(singles);
  const row = (label: string, value: number) => `| ${label} | ${ms(value)} | ${(value / base).toFixed(2)}× |`;
  writeBenchSection(
    'reports-by-key',
    [
      '<!-- bench:reports-by-key -->',
      `### Enrolling physicians by API key — ${database} — ${new Date().toISOString().slice(0, 10)}`,
      '',
      'Issue #42: a system enrols 100 physicians in one call. Baseline in the same run: the same 100 as single creates one after another, by the same key.',
      '',
      `Machine: ${machine()}; load average (1/5/15 min) ${loadBefore} before, ${loadAverage()} after. ${ROUNDS} rounds, alternating; medians. Each report covers 2 states; its update is queued, not run.`,
      '',
      '| step | time | ratio to baseline |',
      '|---|---|---|',
      row('baseline: 100 × `POST /api/v2/reports/`', base),
      row('`POST /api/v2/reports/bulk`, 100 rows', median(bulks)),
      row('the same bulk call repeated (every row `existing`, nothing spent)', median(retries)),
      '',
      "Each bulk row runs the single create's checks and transaction; the bulk call saves the 100 round trips, the per-call key check and the 100 report reads (one list read answers every row), and queues the updates once all rows are made.",
      '<!-- /bench:reports-by-key -->',
    ].join('\n'),
  );
  console.log(`singles ${ms(base)}, bulk ${ms(median(bulks))}, retry ${ms(median(retries))}`);
} finally {
  await server.close();
}
