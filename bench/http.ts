// `npm run bench:http` (also part of `npm run bench`): throughput and latency of the request path,
// measured with autocannon over loopback, each route beside a bare Fastify "hello" measured in the
// same run (machines here are shared and noisy; absolute rates drift). The servers run in a child
// process (bench/http-target.ts), so that they never share an event loop with the load generator
// here. Results replace the `bench:http` section of BENCHMARKS.md (each database's part of it).
// Budgets (docs/budgets.md, Request path), at 32 connections on PostgreSQL: /api/v2/auth/me ≥ 0.35×
// of the bare hello; the report list ≥ 0.6× of a bare Fastify route doing the list's own work (the
// same session read, list query and serialisation); p99 ≤ 50 ms for both. On PGlite, /me ≥ 0.15×.
// Any non-2xx answer, error or timeout fails the run.
//
//   BENCH_HTTP_DB        postgresql, pglite or both (both). PostgreSQL is a fresh database created on
//                        TEST_DATABASE_URL's server, else on postgres://postgres@127.0.0.1:5432/postgres,
//                        and dropped afterwards; PGlite is in memory, in the servers' process.
//   BENCH_HTTP_SECONDS   measured seconds per row (10), each after 2 s of warm-up
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { complaints, spawnTarget, tail } from './support/bench-target.ts';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 32;
const REPORTS = 20;
const CHOICE = process.env.BENCH_HTTP_DB ?? 'both';
const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Database = 'postgresql' | 'pglite';
const DATABASES: Database[] =
  CHOICE === 'both' ? ['postgresql', 'pglite'] : CHOICE === 'postgresql' || CHOICE === 'pglite' ? [CHOICE] : [];
if (DATABASES.length === 0) throw new Error(`BENCH_HTTP_DB must be postgresql, pglite or both, not '${CHOICE}'`);
if (!(SECONDS > 0)) throw new Error(`BENCH_HTTP_SECONDS must be a positive number, not '${SECONDS}'`);

/** What bench/http-target.ts prints once it serves. */
type Target = { hello: string; app: string; cookies: string[]; database: string };
type Figure = { rate: number; p50: number; p99: number; non2xx: number; total: number };

// ---- the child process ------------------------------------------------------------------------

type RunningTarget = { target: Target; logFile: string; stop: () => Promise<void> };

/** Starts bench/http-target.ts on `database` (its output in a file: support/bench-target.ts). */
async function startTarget(database: Database): Promise<RunningTarget> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' };
  if (database === 'postgresql') env.TEST_DATABASE_URL = POSTGRES_URL;
  else delete env.TEST_DATABASE_URL;
  const spawned = spawnTarget('bench/http-target.ts', [database], env, `http-${database}`);
  const { logFile, stop } = spawned;

  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    const line = readFileSync(logFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('{"hello"'));
    if (line) return { target: JSON.parse(line) as Target, logFile, stop };
    const exited = spawned.exited();
    if (exited !== undefined || Date.now() > deadline) {
      if (exited === undefined) await stop();
      throw new Error(
        `the ${database} bench server ${exited === undefined ? 'did not start in 5 minutes' : `exited (${exited}) before it served`}; ` +
          `its output (${logFile}) ends:\n${tail(logFile, 40)}`,
      );
    }
    await sleep(200);
  }
}

// ---- load -------------------------------------------------------------------------------------

/** Load from CONNECTIONS connections; with `cookies`, connection i is signed in as account i (of as many). */
function load(
  url: string,
  seconds: number,
  headers: Record<string, string>,
  cookies: string[] = [],
): Promise<autocannon.Result> {
  let next = 0;
  const setupClient = (client: autocannon.Client) => {
    const cookie = cookies[next++ % cookies.length];
    if (cookie) client.setHeaders({ ...headers, cookie });
  };
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, setupClient }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/** A figure of failed requests is no figure: a route that answers 401 quickly would look fast. */
function mustAllSucceed(label: string, phase: string, result: autocannon.Result) {
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed === 0) return;
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count = 0 }]) => `${code} × ${count}`)
    .join(', ');
  throw new Error(
    `${label} (${phase}): ${result.non2xx} non-2xx answers [${codes}], ${result.errors} errors, ` +
      `${result.timeouts} timeouts of ${result.requests.total} requests — not a figure`,
  );
}

async function measure(
  label: string,
  url: string,
  headers: Record<string, string> = {},
  cookies: string[] = [],
): Promise<Figure> {
  mustAllSucceed(label, 'warm-up', await load(url, WARMUP_SECONDS, headers, cookies));
  const result = await load(url, SECONDS, headers, cookies);
  mustAllSucceed(label, 'measured', result);
  const figure = {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
  console.log(
    `  ${label.padEnd(46)} ${rate(figure).padStart(7)} req/s  p50 ${ms(figure.p50).padStart(8)}  p99 ${ms(figure.p99).padStart(8)}  non-2xx ${figure.non2xx} of ${figure.total.toLocaleString('en-US')}`,
  );
  return figure;
}

// ---- one database -----------------------------------------------------------------------------

/** Which budget a row answers to: the session's own read, or the report list (docs/budgets.md, Request path). */
type Row = { label: string; figure: Figure; budget: 'me' | 'list' | null };
type Measured = {
  database: Database;
  name: string;
  hello: Figure;
  helloRates: [number, number];
  /** The report list with its session read, query and serialisation on a bare Fastify. */
  bareList: Figure;
  rows: Row[];
  minutes: number;
  complaints: string[];
  logFile: string;
};

async function benchDatabase(database: Database): Promise<Measured> {
  const started = performance.now();
  console.log(`HTTP request path on ${database}: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s + ${SECONDS} s a row`);
  const { target, logFile, stop } = await startTarget(database);
  try {
    const origin = { origin: target.app };
    // The hello before and after the app's rows; their mean is the baseline, so that a machine that
    // got busier or quieter during the run moves the baseline as well.
    const before = await measure('bare Fastify hello', `${target.hello}/hello`);
    const bareList = await measure(BARE_LIST, `${target.hello}/list`, origin, target.cookies);
    const rows: Row[] = [
      {
        label: 'GET /healthz',
        figure: await measure('GET /healthz', `${target.app}/healthz`, { origin: target.app }),
        budget: null,
      },
      {
        label: 'GET /api/v2/auth/me, signed in',
        figure: await measure('GET /api/v2/auth/me, signed in', `${target.app}/api/v2/auth/me`, origin, target.cookies),
        budget: 'me',
      },
      {
        label: `bare Fastify, the same ${REPORTS}-report body`,
        figure: await measure(`bare Fastify, the same ${REPORTS}-report body`, `${target.hello}/reports`),
        budget: null,
      },
      { label: BARE_LIST, figure: bareList, budget: null },
      {
        label: `GET /api/v1/reports/, signed in, ${REPORTS} reports`,
        figure: await measure(
          `GET /api/v1/reports/, signed in, ${REPORTS} reports`,
          `${target.app}/api/v1/reports/`,
          origin,
          target.cookies,
        ),
        budget: 'list',
      },
    ];
    const after = await measure('bare Fastify hello, again', `${target.hello}/hello`);
    const hello: Figure = {
      rate: (before.rate + after.rate) / 2,
      p50: (before.p50 + after.p50) / 2,
      p99: Math.max(before.p99, after.p99),
      non2xx: before.non2xx + after.non2xx,
      total: before.total + after.total,
    };
    await stop();
    const found = complaints(logFile, '{"hello"');
    if (found.length === 0) unlinkSync(logFile);
    return {
      database,
      name: target.database,
      hello,
      helloRates: [before.rate, after.rate],
      bareList,
      rows,
      minutes: (performance.now() - started) / 60_000,
      complaints: found,
      logFile,
    };
  } catch (err) {
    throw new Error(`${(err as Error).message}\nThe ${database} bench server's output: ${logFile}`, { cause: err });
  } finally {
    await stop();
  }
}

// ---- the section ------------------------------------------------------------------------------

const BARE_LIST = `bare Fastify: the same session read, list query and serialisation, ${REPORTS} reports`;

/**
 * `me`: /api/v2/auth/me against the bare hello. `list`: the report list against the bare Fastify
 * doing the list's own work, so that the ratio is the framework's overhead alone (the list's body
 * alone already costs half of a hello's rate here). PGlite's figures are for scale: its one
 * session serialises every query, and its budget is on `me` alone.
 */
const BUDGET: Record<Database, Record<'me' | 'list', { ratio: number; p99: number | null } | null>> = {
  postgresql: { me: { ratio: 0.35, p99: 50 }, list: { ratio: 0.6, p99: 50 } },
  pglite: { me: { ratio: 0.15, p99: null }, list: null },
};
const BUDGET_LINE =
  'Budgets ([docs/budgets.md](docs/budgets.md), Request path), at 32 connections on PostgreSQL: `/api/v2/auth/me` ≥ 0.35× of bare Fastify hello; the report list ≥ 0.6× of a bare Fastify route doing the same session read, list query and serialisation; p99 ≤ 50 ms for both. On PGlite, `/api/v2/auth/me` ≥ 0.15× of the hello.';

function rate(f: Figure): string {
  return Math.round(f.rate).toLocaleString('en-US');
}
function ms(v: number): string {
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;
}

function verdict(database: Database, row: Row, ratio: number): string {
  const budget = row.budget ? BUDGET[database][row.budget] : null;
  if (!budget) return '—';
  const misses: string[] = [];
  if (ratio < budget.ratio) misses.push(`${ratio.toFixed(2)}× < ${budget.ratio}×`);
  if (budget.p99 !== null && row.figure.p99 > budget.p99) misses.push(`p99 ${ms(row.figure.p99)} > ${budget.p99} ms`);
  return misses.length ? `**not met** (${misses.join('; ')})` : 'met';
}

function databaseBlock(m: Measured): string {
  const cpus = os.cpus();
  const ratio = (f: Figure) => f.rate / m.hello.rate;
  // The report list's own ratio is to the bare list; every other row's to the hello.
  const ownRatio = (row: Row) => row.figure.rate / (row.budget === 'list' ? m.bareList.rate : m.hello.rate);
  const line = (label: string, f: Figure, ratioText: string, budget: string) =>
    `| ${label} | ${rate(f)} | ${ms(f.p50)} | ${ms(f.p99)} | ${f.non2xx} | ${ratioText} | ${budget} |`;
  return [
    `<!-- bench:http:${m.database} -->`,
    `#### ${m.name} — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. ` +
      `${WARMUP_SECONDS} s of warm-up and ${SECONDS} s measured per row; whole run ${m.minutes.toFixed(1)} min. ` +
      `Bare hello ${Math.round(m.helloRates[0]).toLocaleString('en-US')} req/s before the app's rows and ` +
      `${Math.round(m.helloRates[1]).toLocaleString('en-US')} after; the baseline is their mean (its p99 the higher of the two).`,
    '',
    '| figure | req/s | p50 | p99 | non-2xx | ratio to bare hello | budget |',
    '|---|---|---|---|---|---|---|',
    line('bare Fastify hello (baseline)', m.hello, '1.00×', '—'),
    ...m.rows.map((row) =>
      line(
        row.label,
        row.figure,
        row.budget === 'list'
          ? `${ratio(row.figure).toFixed(2)}× (**${ownRatio(row).toFixed(2)}× of the bare list**)`
          : `${ratio(row.figure).toFixed(2)}×`,
        verdict(m.database, row, ownRatio(row)),
      ),
    ),
    `<!-- /bench:http:${m.database} -->`,
  ].join('\n');
}

const NOTE = [
  `How: autocannon in the bench process, ${CONNECTIONS} connections over loopback, one row after the other; the servers`,
  'in a child process (`bench/http-target.ts`), the bare hello a plain `Fastify()` without plugins or logger (which',
  "also serves, as a measure of the payload alone, the body the first account's list answers) beside",
  "the real app with `NODE_ENV=test` and env.ts's defaults otherwise (request log at info, written to a file),",
  "started by the integration tests' `startTestServer` without job workers. One account per connection, each",
  `signed up through the API and confirmed through its emailed link, on Enterprise with ${REPORTS} one-state reports;`,
  'every signed-in request sends its session cookie and `Origin`. On 2 cores the load generator, the server and the',
  'database share the machine: the bare hello is as fast as this set-up can ask, not as fast as Fastify can answer.',
].join('\n');

function writeSection(measured: Measured[]) {
  const file = path.join(ROOT, 'BENCHMARKS.md');
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const sectionPattern = /<!-- bench:http -->[\s\S]*?<!-- \/bench:http -->/;
  const previous = sectionPattern.exec(doc)?.[0] ?? '';
  // A database not measured this time (BENCH_HTTP_DB) keeps its figures from the last run.
  const blocks = (['postgresql', 'pglite'] as const).flatMap((database) => {
    const now = measured.find((m) => m.database === database);
    if (now) return [databaseBlock(now)];
    const kept = new RegExp(`<!-- bench:http:${database} -->[\\s\\S]*?<!-- /bench:http:${database} -->`).exec(previous);
    return kept ? [kept[0]] : [];
  });
  const section = [
    '<!-- bench:http -->',
    `### HTTP request path — autocannon, ${CONNECTIONS} connections`,
    '',
    BUDGET_LINE,
    '',
    blocks.join('\n\n'),
    '',
    NOTE,
    '<!-- /bench:http -->',
  ].join('\n');
  const next = previous ? doc.replace(sectionPattern, () => section) : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
  return section;
}

// ---- main -------------------------------------------------------------------------------------

const measured: Measured[] = [];
for (const database of DATABASES) measured.push(await benchDatabase(database));
const section = writeSection(measured);
console.log(`\n${section}\n\nWritten to BENCHMARKS.md.`);
for (const m of measured) {
  if (m.complaints.length === 0) continue;
  console.warn(
    `\nThe ${m.database} bench server wrote ${m.complaints.length} warnings, errors or other lines (${m.logFile}):\n` +
      m.complaints.slice(0, 20).join('\n'),
  );
}
