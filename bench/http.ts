// `npm run bench:http` (also part of `npm run bench`): throughput and latency of the request path,
// with autocannon over loopback, each route beside a bare Fastify "hello" measured in the same run
// (machines here are shared and noisy; absolute rates drift). The server runs in a child process
// (bench/http-target.ts) so that it never shares an event loop with the load generator. Results
// replace the `bench:http` section of BENCHMARKS.md. Budgets (DESIGN §7): signed-in JSON GETs
// ≥ 0.35× of the bare hello with p99 ≤ 50 ms at 32 connections on PostgreSQL, ≥ 0.15× on PGlite.
//
//   BENCH_HTTP_DB        postgresql, pglite or both (both); PostgreSQL is a fresh database on
//                        TEST_DATABASE_URL's server, else postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_HTTP_SECONDS   measured seconds per row (8), after 2 s of warm-up
//   BENCH_HTTP_USERS     signed-in accounts the requests rotate through, 20 reports each (32)
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const CONNECTIONS = 32;
const DATABASES =
  (process.env.BENCH_HTTP_DB ?? 'both') === 'both' ? ['postgresql', 'pglite'] : [process.env.BENCH_HTTP_DB];
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Target = { hello: string; app: string; cookies: string[] };
type Figure = { rate: number; p50: number; p99: number };

async function startTarget(database: string): Promise<{ target: Target; child: ChildProcess }> {
  const env = { ...process.env };
  if (database === 'postgresql') env.TEST_DATABASE_URL = POSTGRES_URL;
  else delete env.TEST_DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/http-target.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const target = await new Promise<Target>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const line = seen.split('\n').find((l) => l.startsWith('{"hello"'));
      if (!line) return;
      child.stdout?.off('data', onData);
      // The server's own request log goes on: read and dropped, so the pipe never fills.
      child.stdout?.on('data', () => {});
      resolve(JSON.parse(line) as Target);
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)));
  });
  return { target, child };
}

/** autocannon for `seconds`; with cookies, each connection signs in as one of the accounts. */
function load(url: string, seconds: number, cookies: string[] = []): Promise<autocannon.Result> {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        requests: cookies.length
          ? [
              {
                setupRequest: (request, context: object) => {
                  const connection = context as { cookie?: string };
                  connection.cookie ??= cookies[next++ % cookies.length];
                  return { ...request, headers: { ...request.headers, cookie: String(connection.cookie) } };
                },
              },
            ]
          : undefined,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function measure(label: string, url: string, cookies?: string[]): Promise<Figure> {
  await load(url, 2, cookies);
  const result = await load(url, SECONDS, cookies);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${label}: ${failed} of ${result.requests.total} requests failed — not a figure`);
  const figure = { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  console.log(
    `  ${label.padEnd(34)} ${Math.round(figure.rate).toString().padStart(6)} req/s  p50 ${figure.p50} ms  p99 ${figure.p99} ms`,
  );
  return figure;
}

type Rows = { hello: Figure; healthz: Figure; me: Figure; reports: Figure };

async function benchDatabase(database: string): Promise<Rows> {
  console.log(`HTTP request path on ${database} (${CONNECTIONS} connections, ${SECONDS} s a row)`);
  const { target, child } = await startTarget(database);
  try {
    // Hello before and after the app's rows; their mean is the baseline, so a machine that got
    // busier or quieter during the run moves the baseline too.
    const helloBefore = await measure('bare Fastify hello', `${target.hello}/hello`);
    const healthz = await measure('GET /healthz', `${target.app}/healthz`);
    const me = await measure('GET /api/v2/auth/me', `${target.app}/api/v2/auth/me`, target.cookies);
    const reports = await measure('GET /api/v1/reports/ (20 reports)', `${target.app}/api/v1/reports/`, target.cookies);
    const helloAfter = await measure('bare Fastify hello, again', `${target.hello}/hello`);
    const hello = {
      rate: (helloBefore.rate + helloAfter.rate) / 2,
      p50: Math.max(helloBefore.p50, helloAfter.p50),
      p99: Math.max(helloBefore.p99, helloAfter.p99),
    };
    return { hello, healthz, me, reports };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const started = performance.now();
const results = new Map<string, Rows>();
for (const database of DATABASES) if (database) results.set(database, await benchDatabase(database));

const BUDGET: Record<string, number> = { postgresql: 0.35, pglite: 0.15 };
const NAMES: Record<string, string> = { postgresql: 'PostgreSQL 15 (local)', pglite: 'embedded PGlite' };
const rate = (f: Figure) => Math.round(f.rate).toLocaleString('en-US');
const latency = (f: Figure) => `${f.p50} / ${f.p99} ms`;

const lines: string[] = [];
lines.push(`### HTTP request path — ${new Date().toISOString().slice(0, 10)}`);
lines.push('');
const cpus = os.cpus();
lines.push(
  `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. ` +
    `autocannon, ${CONNECTIONS} connections over loopback, ${SECONDS} s a row after 2 s of warm-up; the server in its own process ` +
    `(request logging at info, as npm start runs it), the load generator and the database on the same two cores. ` +
    `Signed-in rows rotate through ${process.env.BENCH_HTTP_USERS ?? 32} accounts of 20 reports each. Whole run ${((performance.now() - started) / 60_000).toFixed(1)} min.`,
);
lines.push('');
lines.push('| figure | database | req/s | p50 / p99 | ratio to bare hello | budget |');
lines.push('|---|---|---|---|---|---|');
for (const [database, rows] of results) {
  const budget = BUDGET[database] ?? 0;
  const name = NAMES[database] ?? database;
  lines.push(
    `| bare Fastify hello (mean of before and after) | ${name} | ${rate(rows.hello)} | ${latency(rows.hello)} | 1.00× | — |`,
  );
  for (const [label, figure, budgeted] of [
    ['GET /healthz', rows.healthz, false],
    ['GET /api/v2/auth/me, signed in', rows.me, true],
    ['GET /api/v1/reports/, signed in, 20 reports', rows.reports, true],
  ] as const) {
    const ratio = figure.rate / rows.hello.rate;
    const verdict = budgeted
      ? `≥ ${budget.toFixed(2)}×${database === 'postgresql' ? ', p99 ≤ 50 ms' : ''}: ${
          ratio >= budget && (database !== 'postgresql' || figure.p99 <= 50) ? 'met' : '**not met**'
        }`
      : '—';
    lines.push(`| ${label} | ${name} | ${rate(figure)} | ${latency(figure)} | ${ratio.toFixed(2)}× | ${verdict} |`);
  }
}
const section = lines.join('\n');

const file = new URL('../BENCHMARKS.md', import.meta.url);
const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
const begin = '<!-- bench:http -->';
const end = '<!-- /bench:http -->';
const block = `${begin}\n${section}\n${end}`;
const next = current.includes(begin)
  ? current.replace(new RegExp(`${begin}[\\s\\S]*?${end}`), block)
  : `${current.trimEnd()}\n\n${block}\n`;
writeFileSync(file, next);
console.log(`\n${section}\n\nWritten to BENCHMARKS.md.`);
