// `npm run bench:at-rest`: what a started server with nothing asked of it costs (issue #43; budget:
// ≤ 3 % of one core on the embedded default, ≤ 1 % on PostgreSQL; docs/budgets.md, At rest), and
// how soon a job starts once sent (ADR 048).
//
// The real server is started as `npm start` starts it (`apps/server/src/main.ts all`, NODE_ENV
// development, the board simulator in its process): on the embedded default with a fresh DATA_DIR,
// then on PostgreSQL with a fresh database on TEST_DATABASE_URL's server, else on
// postgres://postgres@127.0.0.1:5432/postgres (dropped afterwards; that run is left out when no
// PostgreSQL answers). It is left to settle — its first ingest, the demo accounts' reports — until
// no job has been active or ready for two looks 5 s apart, then 10 s more; then its CPU time
// (utime + stime in /proc/<pid>/stat) is read over consecutive windows of 60 s, five of them by
// default: a server at rest still runs its cron, and the board health check every 5 minutes falls
// in one window of five (which one depends on the clock), so one window alone read 0.9 % or 4 % as it
// fell. The budget row is their mean, CPU over the whole time; the lowest and highest window are
// given beside it, with the scheduled jobs each ran. On PostgreSQL the CPU of the database's
// backends serving it (pg_stat_activity) is read too. The baseline, over the same time: a bare Node
// process holding an idle HTTP server.
//
// Job start latency, after the window, on a database of its own: a worker process
// (support/job-latency-worker.ts) works deliver-email jobs; jobs it sends itself (within one
// process), jobs this process sends (across processes) and jobs sent to start 2 s later, each from
// send to its handler's start. The section replaces `bench:at-rest` in BENCHMARKS.md.
//
//   BENCH_AT_REST_SECONDS   each measured window (60)
//   BENCH_AT_REST_WINDOWS   how many windows, one after the other (5)
//   BENCH_AT_REST_JOBS      jobs per latency figure (20)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedDatabase } from '../apps/server/src/platform/db/embedded-database.ts';
import { databaseUrlFor } from '../apps/server/test/support/postgres-template.ts';
import { loadAverage, machine, sleep, writeBenchSection } from './support/benchmarks-file.ts';
import { startProcess } from './support/start-process.ts';

const WINDOW_S = Number(process.env.BENCH_AT_REST_SECONDS ?? 60);
const WINDOWS = Number(process.env.BENCH_AT_REST_WINDOWS ?? 5);
const JOBS = Number(process.env.BENCH_AT_REST_JOBS ?? 20);
if (!(WINDOW_S >= 10)) throw new Error('BENCH_AT_REST_SECONDS must be at least 10');
if (!(Number.isInteger(WINDOWS) && WINDOWS > 0)) throw new Error('BENCH_AT_REST_WINDOWS must be a positive integer');
if (!(Number.isInteger(JOBS) && JOBS > 0)) throw new Error('BENCH_AT_REST_JOBS must be a positive integer');
const BUDGET = { embedded: 3, postgresql: 1 };
const SETTLE_LIMIT_MS = 15 * 60 * 1000;
const TICKS = 100; // USER_HZ: /proc's clock ticks a second on Linux

const postgresServer = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** utime + stime of a process, in clock ticks; null once it is gone. */
function cpuTicks(pid: number): number | null {
  try {
    // The command name (2nd field) is in parentheses and may hold spaces: count from after it.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

const percent = (ticks: number, seconds: number) => (100 * ticks) / TICKS / seconds;
const pct = (n: number) => `${n.toFixed(2)} %`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Resolves once no job has been active or ready at two looks 5 s apart (and then 10 s more). */
async function settle(databaseUrl: string): Promise<number> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let quiet = 0;
    while (quiet < 2) {
      if (Date.now() - started > SETTLE_LIMIT_MS) throw new Error('the server did not settle within 15 minutes');
      await sleep(5000);
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job
         WHERE state = 'active' OR (state IN ('created', 'retry') AND start_after < now())`,
      );
      quiet = rows[0]?.n === 0 ? quiet + 1 : 0;
    }
  } finally {
    await client.end();
  }
  await sleep(10_000);
  return Date.now() - started;
}

/** The jobs pg-boss finished between two moments, by queue. */
async function jobsRun(databaseUrl: string, from: Date, to: Date): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; n: number }>(
      `SELECT name, count(*)::int AS n FROM pgboss.job
       WHERE completed_on BETWEEN $1 AND $2 AND name NOT LIKE '\\_\\_pgboss%' GROUP BY name ORDER BY name`,
      [from, to],
    );
    return rows.map((r) => `${r.name} × ${r.n}`).join(', ') || 'none';
  } finally {
    await client.end();
  }
}

/** The PIDs of the backends connected to `database`, and their CPU ticks now. */
async function backendTicks(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    const t = cpuTicks(pid);
    if (t !== null) ticks.set(pid, t);
  }
  return ticks;
}

type AtRest = {
  label: string;
  server: number;
  baseline: number;
  backends?: { cpu: number; count: number };
  settledMs: number;
  /** Each window's CPU of one core, and the scheduled jobs that ran in it. */
  windows: { server: number; jobs: string }[];
};

async function measureAtRest(label: string, env: Record<string, string>, databaseName?: string): Promise<AtRest> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lw-at-rest-'));
  const port = await freePort();
  let server: ChildProcess | undefined;
  let baseline: ChildProcess | undefined;
  const admin = databaseName ? new pg.Client({ connectionString: postgresServer }) : undefined;
  try {
    server = await startProcess(
      ['apps/server/src/main.ts', 'all'],
      { NODE_ENV: 'development', PORT: String(port), SIM_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
      /is running/,
    );
    const databaseUrl =
      env.DATABASE_URL ??
      (JSON.parse(readFileSync(path.join(dataDir, 'db-socket.json'), 'utf8')) as { url: string }).url;
    const settledMs = await settle(databaseUrl);
    baseline = await startProcess(
      ['-e', "require('node:http').createServer((q, s) => s.end()).listen(0, '127.0.0.1', () => console.log('up'))"],
      {},
      /up/,
    );
    await admin?.connect();
    const serverPid = server.pid ?? 0;
    const baselinePid = baseline.pid ?? 0;
    const from = new Date();
    const before = { server: cpuTicks(serverPid), baseline: cpuTicks(baselinePid) };
    const backendsBefore = admin && databaseName ? await backendTicks(admin, databaseName) : undefined;
    const windows: AtRest['windows'] = [];
    for (let i = 0, start = from, ticks = before.server; i < WINDOWS; i++) {
      await sleep(WINDOW_S * 1000);
      const end = new Date();
      const now = cpuTicks(serverPid);
      if (ticks === null || now === null) throw new Error('the server exited during the window');
      const seconds = (end.getTime() - start.getTime()) / 1000;
      windows.push({ server: percent(now - ticks, seconds), jobs: await jobsRun(databaseUrl, start, end) });
      start = end;
      ticks = now;
    }
    const backendsAfter = admin && databaseName ? await backendTicks(admin, databaseName) : undefined;
    const after = { server: cpuTicks(serverPid), baseline: cpuTicks(baselinePid) };
    const to = new Date();
    const seconds = (to.getTime() - from.getTime()) / 1000;
    if (before.server === null || after.server === null) throw new Error('the server exited during the window');
    let backends: AtRest['backends'];
    if (backendsAfter) {
      let sum = 0;
      // A backend that connected during the window counts from zero.
      for (const [pid, t] of backendsAfter) sum += t - (backendsBefore?.get(pid) ?? 0);
      backends = { cpu: percent(sum, seconds), count: backendsAfter.size };
    }
    return {
      label,
      server: percent(after.server - before.server, seconds),
      baseline: percent((after.baseline ?? 0) - (before.baseline ?? 0), seconds),
      ...(backends ? { backends } : {}),
      settledMs,
      windows,
    };
  } finally {
    await admin?.end().catch(() => {});
    await stop(baseline);
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Latency = { within: number[]; across: number[]; later: number[] };

/** Send → handler start: the worker process sending to itself, this process sending, and `startAfter` 2 s. */
async function measureLatency(databaseUrl: string): Promise<Latency> {
  const { startJobQueue } = await import('../apps/server/src/platform/jobs/job-queue.ts');
  const pino = (await import('pino')).default;
  const sender = await startJobQueue(databaseUrl, pino({ level: 'silent' }));
  // Its standard input is how it is asked to send: startProcess gives children none.
  const worker = spawn(process.execPath, ['--import', 'tsx', 'bench/support/job-latency-worker.ts', databaseUrl], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const seen = new Map<string, { sent?: number; started?: number }>();
  const at = (id: string) => seen.get(id) ?? seen.set(id, {}).get(id) ?? {};
  let working: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    working = resolve;
  });
  createInterface({ input: worker.stdout ?? process.stdin }).on('line', (line) => {
    if (line === 'working') working();
    const [what, id, ms] = line.split(' ');
    if (!id) return;
    if (what === 'started') at(id).started = Number(ms);
    if (what === 'sent') at(id).sent = Number(ms);
  });
  const startOf = async (id: string) => {
    for (let waited = 0; at(id).started === undefined; waited += 10) {
      if (waited > 60_000) throw new Error(`job ${id} did not start within a minute`);
      await sleep(10);
    }
    return at(id).started ?? Number.NaN;
  };
  const result: Latency = { within: [], across: [], later: [] };
  try {
    await ready;
    for (let i = 0; i < JOBS; i++) {
      // Apart, as jobs come to a server at rest: each finds the worker waiting.
      await sleep(300);
      const within = `within-${i}`;
      worker.stdin?.write(`send ${within}\n`);
      const started = await startOf(within);
      result.within.push(started - (at(within).sent ?? Number.NaN));
      await sleep(300);
      const across = `across-${i}`;
      const sent = Date.now();
      await sender.send('deliverEmail', { messageId: across });
      result.across.push((await startOf(across)) - sent);
    }
    const later = Array.from({ length: JOBS }, (_, i) => ({ id: `later-${i}`, due: Date.now() + 2000 + i * 150 }));
    for (const { id, due } of later)
      await sender.send('deliverEmail', { messageId: id }, { startAfter: new Date(due) });
    for (const { id, due } of later) result.later.push((await startOf(id)) - due);
  } finally {
    worker.stdin?.end();
    await stop(worker);
    await sender.stop();
  }
  return result;
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)] ?? Number.NaN;
const latencyCell = (values: number[]) =>
  `${quantile(values, 0.5).toFixed(0)} ms / ${Math.max(...values).toFixed(0)} ms`;

const started = Date.now();
const loadBefore = loadAverage();
const rows: string[] = [];
const notes: string[] = [];

const embedded = await measureAtRest('embedded PGlite (the default)', {});
const postgresVersion = await (async () => {
  const client = new pg.Client({ connectionString: postgresServer });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    return rows[0]?.v ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
})();
let postgres: AtRest | undefined;
const latencies: { label: string; latency: Latency }[] = [];
{
  const memory = await startEmbeddedDatabase(null);
  try {
    latencies.push({ label: 'embedded PGlite', latency: await measureLatency(memory.url) });
  } finally {
    await memory.close();
  }
}
if (postgresVersion) {
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  const name = `lw_at_rest_${randomBytes(4).toString('hex')}`;
  const url = databaseUrlFor(postgresServer, name);
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    postgres = await measureAtRest(`PostgreSQL ${postgresVersion}`, { DATABASE_URL: url }, name);
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    latencies.push({ label: `PostgreSQL ${postgresVersion}`, latency: await measureLatency(url) });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  notes.push(`No PostgreSQL answered at ${new URL(postgresServer).host}: its rows are left out.`);
}

for (const [run, budget] of [
  [embedded, BUDGET.embedded],
  [postgres, BUDGET.postgresql],
] as const) {
  if (!run) continue;
  const ratio = run.baseline > 0 ? `${(run.server / run.baseline).toFixed(1)}×` : 'baseline used no tick';
  rows.push(
    `| server at rest, ${run.label}: CPU of one core over ${WINDOWS} × ${WINDOW_S} s (budget ≤ ${budget} %) | ${pct(run.server)} ${run.server <= budget ? '(met)' : '(**not met**)'} | bare Node with an idle HTTP server: ${pct(run.baseline)} | ${ratio} |`,
  );
  const each = run.windows.map((w) => w.server);
  rows.push(
    `| its lowest and highest ${WINDOW_S} s window | ${pct(Math.min(...each))} / ${pct(Math.max(...each))} | — | — |`,
  );
  if (run.backends)
    rows.push(
      `| its database backends (${run.backends.count} connections): CPU of one core | ${pct(run.backends.cpu)} | — | — |`,
    );
  notes.push(
    `${run.label}: settled ${(run.settledMs / 1000).toFixed(0)} s after its start; each window's CPU and the jobs run in it: ${run.windows.map((w) => `${pct(w.server)} (${w.jobs})`).join('; ')}.`,
  );
}
for (const { label, latency } of latencies) {
  rows.push(
    `| job start, ${label}, sent by the worker's own process: send → handler, p50 / max | ${latencyCell(latency.within)} | — | — |`,
  );
  rows.push(`| job start, ${label}, sent by another process: p50 / max | ${latencyCell(latency.across)} | — | — |`);
  rows.push(
    `| job start, ${label}, sent to start 2 s later: its moment → handler, p50 / max | ${latencyCell(latency.later)} | — | — |`,
  );
}

const date = new Date().toISOString().slice(0, 10);
writeBenchSection(
  'at-rest',
  [
    '<!-- bench:at-rest -->',
    `### A server at rest (\`npm run bench:at-rest\`) — ${date}`,
    '',
    `Machine: ${machine()}; load average (1/5/15 min) ${loadBefore} before, ${loadAverage()} after. ${WINDOWS} windows of ${WINDOW_S} s one after the other, CPU from /proc (utime + stime); ${JOBS} jobs per latency figure; whole run ${((Date.now() - started) / 60000).toFixed(1)} min.`,
    '',
    '| figure | measured | baseline (same time) | ratio |',
    '|---|---|---|---|',
    ...rows,
    '',
    ...notes.map((n) => `${n}  `),
    '<!-- /bench:at-rest -->',
  ].join('\n'),
);
console.log(rows.join('\n'));
console.log(notes.join('\n'));
process.exit(0);
