// `npm run bench:search-api` (also part of `npm run bench`): the paid search API's budget
// (docs/budgets.md; DESIGN §7): on PostgreSQL with ≥ 1M licenses in the registry, the bare Fastify
// route running the engine reaches ≥ 3,000 req/s by number, ≥ 800 by name in one state and ≥ 400 by
// name in all states at 32 connections; each search endpoint with its key check, per-minute limit,
// credit debit and usage row reaches ≥ 0.8× the throughput of that bare route in the same run; and
// every endpoint answers with p99 ≤ 50 ms at a fixed 300 req/s. Load comes from autocannon here; the servers run in a child process
// (bench/search-api-target.ts), so that they never share an event loop with the load generator.
// The bare routes make the engine calls the API makes (findByNumber; findLicenses with near
// matches, in one state or in all) and answer the same JSON through the API's presenter; the
// target checks that both answer alike before the load starts. Results replace the
// `bench:search-api` section of BENCHMARKS.md. Any non-2xx answer, error or timeout fails the run.
//
//   BENCH_SEARCH_ROWS      licenses in the registry (1,000,000)
//   BENCH_SEARCH_SECONDS   measured seconds per row (10), each after 2 s of warm-up
//   BENCH_SEARCH_ACCOUNTS  Enterprise accounts whose keys the requests rotate through (64)
//   BENCH_SEARCH_QUERIES   distinct queries of each kind (2,000)
// PostgreSQL is a fresh database on TEST_DATABASE_URL's server, else on
// postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards.
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Kind, Target } from './search-api-target.ts';
import { complaints, spawnTarget, tail } from './support/bench-target.ts';

const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 10);
const ACCOUNTS = Number(process.env.BENCH_SEARCH_ACCOUNTS ?? 64);
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 2_000);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 32;
/** The budget's fixed rate, and the connections autocannon paces it over. */
const RATE = 300;
const RATE_CONNECTIONS = 32;
/** A fixed-rate row counts as having reached RATE from this share of it on (autocannon's per-second mean). */
const RATE_REACHED = 0.98;
const BUDGET = {
  ratio: 0.8,
  p99: 50,
  bare: { byNumber: 3_000, byState: 800, nationwide: 400 } as Record<Kind, number>,
};
const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

for (const [name, value] of Object.entries({ ROWS, ACCOUNTS, QUERIES }))
  if (!(Number.isInteger(value) && value > 0)) throw new Error(`BENCH_SEARCH_${name} must be a positive integer`);
if (!(SECONDS > 0)) throw new Error(`BENCH_SEARCH_SECONDS must be a positive number, not '${SECONDS}'`);

const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'byNumber', label: 'by number' },
  { kind: 'byState', label: 'by name in one state' },
  { kind: 'nationwide', label: 'by name, all states' },
];
/** Per kind: the API's max-throughput row and its fixed-rate row. */
const API_LOAD_SECONDS = KINDS.length * 2 * (WARMUP_SECONDS + SECONDS);

type Figure = { rate: number; p50: number; p99: number; total: number };

// ---- the child process ------------------------------------------------------------------------

type RunningTarget = { target: Target; logFile: string; stop: () => Promise<void> };

/** Starts bench/search-api-target.ts (its output in a file: support/bench-target.ts). */
async function startTarget(): Promise<RunningTarget> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    TEST_DATABASE_URL: POSTGRES_URL,
    BENCH_SEARCH_ROWS: String(ROWS),
    BENCH_SEARCH_ACCOUNTS: String(ACCOUNTS),
    BENCH_SEARCH_QUERIES: String(QUERIES),
    BENCH_SEARCH_API_LOAD_SECONDS: String(Math.ceil(API_LOAD_SECONDS)),
  };
  const spawned = spawnTarget('bench/search-api-target.ts', [], env, 'search-api');
  const { logFile, stop } = spawned;

  // Loading a million licenses on a busy 2-core machine takes minutes.
  const deadline = Date.now() + 60 * 60_000;
  let progress = '';
  for (;;) {
    const lines = readFileSync(logFile, 'utf8').split('\n');
    const ready = lines.find((l) => l.startsWith('{"bare"'));
    if (ready) return { target: JSON.parse(ready) as Target, logFile, stop };
    const last = lines.findLast((l) => l.includes('"msg":"bench target:'));
    if (last && last !== progress) {
      progress = last;
      console.log(`  ${(JSON.parse(last) as { msg: string }).msg.replace('bench target: ', '')}`);
    }
    const exited = spawned.exited();
    if (exited !== undefined || Date.now() > deadline) {
      if (exited === undefined) await stop();
      throw new Error(
        `the bench server ${exited === undefined ? 'did not start in an hour' : `exited (${exited}) before it served`}; ` +
          `its output (${logFile}) ends:\n${tail(logFile, 40)}`,
      );
    }
    await sleep(1_000);
  }
}

// ---- load -------------------------------------------------------------------------------------

type Load = { origin: string; path: string; bodies: string[]; keys: string[] };

/**
 * POSTs of `load.bodies` in turn, each with the next key (so that every key takes its share and
 * none reaches its per-minute limit); every row starts at the first body, so the bare and the API
 * rows ask the same queries. With `rate`, autocannon paces each connection to its share of it per
 * second; its coordinated-omission correction is off (autocannon 9 records a ladder of values
 * 1 ms apart under every answer, for a per-connection rate below 1,000/s), so latencies are the
 * answers' own.
 */
function run(load: Load, seconds: number, rate?: number): Promise<autocannon.Result> {
  let n = 0;
  const setupRequest = (request: autocannon.Request) => {
    const i = n++;
    return {
      ...request,
      body: load.bodies[i % load.bodies.length],
      headers: { ...request.headers, authorization: `Bearer ${load.keys[i % load.keys.length]}` },
    };
  };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: load.origin,
        connections: rate ? RATE_CONNECTIONS : CONNECTIONS,
        duration: seconds,
        ...(rate ? { overallRate: rate, ignoreCoordinatedOmission: true } : {}),
        requests: [
          {
            method: 'POST',
            path: load.path,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            setupRequest,
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** A figure of failed requests is no figure: a route that answers 429 or 402 quickly would look fast. */
function mustAllSucceed(label: string, phase: string, result: autocannon.Result) {
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed === 0) return;
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count = 0 }]) => `${code} × ${count}`)
    .join(', ');
  throw new Error(
    `${label} (${phase}): ${result.non2xx} non-2xx answers [${codes}], ${result.errors} errors, ` +
      `${result.timeouts} timeouts of ${result.requests.total} requests — not a figure` +
      (codes.includes('429')
        ? ` (429: more keys, BENCH_SEARCH_ACCOUNTS, spread the load under the per-minute limit)`
        : ''),
  );
}

async function measure(label: string, load: Load, rate?: number): Promise<Figure> {
  mustAllSucceed(label, 'warm-up', await run(load, WARMUP_SECONDS, rate));
  const result = await run(load, SECONDS, rate);
  mustAllSucceed(label, 'measured', result);
  const figure = {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  };
  console.log(
    `  ${label.padEnd(52)} ${reqs(figure.rate).padStart(7)} req/s  p50 ${ms(figure.p50).padStart(7)}  p99 ${ms(figure.p99).padStart(7)}  (${figure.total.toLocaleString('en-US')} requests, all 2xx)`,
  );
  return figure;
}

// ---- the figures ------------------------------------------------------------------------------

type KindFigures = {
  kind: Kind;
  label: string;
  bare: Figure;
  bareRates: [number, number];
  api: Figure;
  bareAtRate: Figure;
  apiAtRate: Figure;
};

async function measureKind(target: Target, { kind, label }: (typeof KINDS)[number]): Promise<KindFigures> {
  console.log(`${label} (${target.paths[kind]}):`);
  const load = (origin: string): Load => ({
    origin,
    path: target.paths[kind],
    bodies: target.bodies[kind],
    keys: target.keys,
  });
  // The bare route before and after the API's row; their mean is the baseline, so that a machine
  // that got busier or quieter during the run moves the baseline as well.
  const before = await measure(`bare Fastify, ${CONNECTIONS} connections`, load(target.bare));
  const api = await measure(`search API, ${CONNECTIONS} connections`, load(target.app));
  const after = await measure(`bare Fastify, ${CONNECTIONS} connections, again`, load(target.bare));
  const bareAtRate = await measure(`bare Fastify at ${reqs(RATE)} req/s`, load(target.bare), RATE);
  const apiAtRate = await measure(`search API at ${reqs(RATE)} req/s`, load(target.app), RATE);
  return {
    kind,
    label,
    bare: {
      rate: (before.rate + after.rate) / 2,
      p50: (before.p50 + after.p50) / 2,
      p99: Math.max(before.p99, after.p99),
      total: before.total + after.total,
    },
    bareRates: [before.rate, after.rate],
    api,
    bareAtRate,
    apiAtRate,
  };
}

function reqs(v: number): string {
  return Math.round(v).toLocaleString('en-US');
}
function ms(v: number): string {
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;
}
const reached = (f: Figure) => f.rate >= RATE * RATE_REACHED;

function bareVerdict(k: KindFigures): string {
  const floor = BUDGET.bare[k.kind];
  return k.bare.rate >= floor ? `met (≥ ${reqs(floor)})` : `**not met** (< ${reqs(floor)} req/s)`;
}

function throughputVerdict(k: KindFigures): string {
  const ratio = k.api.rate / k.bare.rate;
  return ratio >= BUDGET.ratio ? 'met' : `**not met** (${ratio.toFixed(2)}× < ${BUDGET.ratio}×)`;
}

function rateVerdict(k: KindFigures): string {
  const misses: string[] = [];
  if (!reached(k.apiAtRate)) misses.push(`reached ${reqs(k.apiAtRate.rate)} req/s, not ${reqs(RATE)}`);
  if (k.apiAtRate.p99 > BUDGET.p99) misses.push(`p99 ${ms(k.apiAtRate.p99)} > ${BUDGET.p99} ms`);
  return misses.length ? `**not met** (${misses.join('; ')})` : 'met';
}

function kindRows(k: KindFigures): string[] {
  const line = (label: string, f: Figure, ratio: string, budget: string) =>
    `| ${k.label}: ${label} | ${reqs(f.rate)} | ${ms(f.p50)} | ${ms(f.p99)} | ${ratio} | ${budget} |`;
  return [
    line(`bare Fastify, ${CONNECTIONS} connections (baseline)`, k.bare, '1.00×', bareVerdict(k)),
    line(
      `search API, ${CONNECTIONS} connections`,
      k.api,
      `${(k.api.rate / k.bare.rate).toFixed(2)}× of the bare rate`,
      throughputVerdict(k),
    ),
    line(
      `bare Fastify at ${reqs(RATE)} req/s`,
      k.bareAtRate,
      '—',
      reached(k.bareAtRate) ? '—' : `the bare route itself reached only ${reqs(k.bareAtRate.rate)} req/s`,
    ),
    line(
      `search API at ${reqs(RATE)} req/s`,
      k.apiAtRate,
      `p99 ${(k.apiAtRate.p99 / k.bareAtRate.p99).toFixed(2)}× the bare route's`,
      rateVerdict(k),
    ),
  ];
}

function note(target: Target): string {
  const credits =
    target.credits.raisedTo === null
      ? `the plan's ${target.credits.plan.toLocaleString('en-US')} API credits each, more than a key can spend in this run without a 429`
      : `their API credits raised from the plan's ${target.credits.plan.toLocaleString('en-US')} to ${target.credits.raisedTo.toLocaleString('en-US')} each by a direct UPDATE of user_credit (as many as a key can spend in this run without a 429)`;
  const pct = (v: number) => `${Math.round(v * 100)} %`;
  return [
    `How: autocannon in the bench process over loopback, one row after the other, ${WARMUP_SECONDS} s of warm-up and ${SECONDS} s measured`,
    `each; the servers in a child process (\`bench/search-api-target.ts\`). The search API is the real app (\`NODE_ENV=test\`,`,
    "env.ts's defaults otherwise: request log at info, written to a file; started by the integration tests'",
    '`startTestServer` without job workers) on a fresh PostgreSQL database whose registry holds',
    `${target.licenses.toLocaleString('en-US')} licenses of ${target.people.toLocaleString('en-US')} simulated physicians (the board simulator's population, seed 42, stored through`,
    "the registry's merge as `bench/license-engine.ts` loads it: `bench/support/load-synthetic-registry.ts`). No look-up board",
    'is configured, so the API answers from the registry alone. Each request is a form-encoded POST with',
    `\`Authorization: Bearer\` and the next of ${target.keys.length} keys, those of ${target.keys.length} Enterprise accounts signed up through the API (limit`,
    `${target.credits.perMinute.toLocaleString('en-US')} calls a minute per key; ${credits}). Every call answers 200: its key`,
    'checked and counted against the limit, one credit taken with its ledger and usage rows.',
    `Queries: ${reqs(QUERIES)} physicians on record, spread over the registry, asked in turn (every row starts at the first):`,
    "their name as the boards hold it with their license type (in their home license's state, or in all), or their",
    `first license number with its state; of the first 25 of each kind, ${pct(target.found.byNumber)} / ${pct(target.found.byState)} / ${pct(target.found.nationwide)} (number / one state / all`,
    'states) found a confident license.',
    "Baseline: a plain `Fastify()` without plugins or logger, on a pool of its own like the app's (10 connections), whose",
    'three routes take the same form body and run the engine calls the API makes — `findByNumber`; `findLicenses` with',
    "near matches, with and without `states` — split and presented by the API's presenter",
    '(`present-search-result.ts`); the target checks that both answer the same JSON to the first 25 queries of each',
    "kind before the load. The difference is the key check, the limit, the credit and usage row, and the app's own",
    'request path (its plugins, request log, schema validation and serialisation). The bare rows run before and',
    "after the API's; the baseline is their mean (p99 the higher).",
    `Fixed rate: autocannon's \`overallRate\` over ${RATE_CONNECTIONS} connections paces each connection to its share of the second and`,
    'sends it as fast as answers come, so the load arrives in bursts at the start of each second: p99 is the latency',
    'inside a burst, harsher than evenly spaced arrivals. Latencies are recorded as measured (its coordinated-omission',
    `correction off); the rate counts as reached from ${Math.round(RATE_REACHED * 100)} % of it (per-second mean). On 2 cores the load generator, the`,
    'servers and PostgreSQL share the machine.',
  ].join('\n');
}

function section(target: Target, figures: KindFigures[], minutes: number): string {
  const cpus = os.cpus();
  const bareSpread = figures.map((k) => `${k.label} ${reqs(k.bareRates[0])} / ${reqs(k.bareRates[1])}`).join(', ');
  return [
    '<!-- bench:search-api -->',
    `### Search API — ${target.database}, ${target.licenses.toLocaleString('en-US')} licenses — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Budget ([docs/budgets.md](docs/budgets.md)), on PostgreSQL with ≥ 1M licenses: the bare Fastify route running the engine ≥ ${reqs(BUDGET.bare.byNumber)} req/s by number, ≥ ${reqs(BUDGET.bare.byState)} by name in one state, ≥ ${reqs(BUDGET.bare.nationwide)} by name in all states (${CONNECTIONS} connections); each search endpoint with key check, per-minute limit, credit debit and usage row ≥ ${BUDGET.ratio}× the throughput of that bare route in the same run; every endpoint p99 ≤ ${BUDGET.p99} ms at a fixed ${reqs(RATE)} req/s.`,
    '',
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. ` +
      `${WARMUP_SECONDS} s of warm-up and ${SECONDS} s measured per row, ${CONNECTIONS} connections for throughput; whole run ${minutes.toFixed(1)} min ` +
      `(most of it loading the registry). Load average (1 min) ${loadAverage.start.toFixed(1)} when the rows began and ${loadAverage.end.toFixed(1)} when they ended ` +
      `(other work shares this machine). Bare route before / after the API's row (req/s): ${bareSpread}.`,
    '',
    '| figure | req/s | p50 | p99 | ratio to bare (same run) | budget |',
    '|---|---|---|---|---|---|',
    ...figures.flatMap(kindRows),
    '',
    note(target),
    '<!-- /bench:search-api -->',
  ].join('\n');
}

function writeSection(text: string) {
  const file = path.join(ROOT, 'BENCHMARKS.md');
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const pattern = /<!-- bench:search-api -->[\s\S]*?<!-- \/bench:search-api -->/;
  let next: string;
  if (pattern.test(doc)) next = doc.replace(pattern, () => text);
  else if (doc.includes('<!-- /bench:http -->'))
    next = doc.replace('<!-- /bench:http -->', () => `<!-- /bench:http -->\n\n${text}`);
  else next = `${doc.trimEnd()}\n\n${text}\n`;
  writeFileSync(file, next);
}

// ---- main -------------------------------------------------------------------------------------

const started = performance.now();
const loadAverage = { start: 0, end: 0 };
console.log(
  `Search API on PostgreSQL, ${ROWS.toLocaleString('en-US')} licenses: ${CONNECTIONS} connections and ${reqs(RATE)} req/s over ${RATE_CONNECTIONS}, ${WARMUP_SECONDS} s + ${SECONDS} s a row`,
);
const { target, logFile, stop } = await startTarget();
let figures: KindFigures[];
try {
  console.log(
    `registry: ${target.licenses.toLocaleString('en-US')} licenses; ${target.keys.length} keys; ${target.credits.raisedTo === null ? 'plan credits' : `credits raised to ${target.credits.raisedTo.toLocaleString('en-US')}`}`,
  );
  figures = [];
  loadAverage.start = os.loadavg()[0] ?? 0;
  for (const kind of KINDS) figures.push(await measureKind(target, kind));
  loadAverage.end = os.loadavg()[0] ?? 0;
} catch (err) {
  throw new Error(`${(err as Error).message}\nThe bench server's output: ${logFile}`, { cause: err });
} finally {
  await stop();
}
const text = section(target, figures, (performance.now() - started) / 60_000);
writeSection(text);
console.log(`\n${text}\n\nWritten to BENCHMARKS.md.`);
const found = complaints(logFile, '{"bare"');
if (found.length === 0) unlinkSync(logFile);
else
  console.warn(
    `\nThe bench server wrote ${found.length} warnings, errors or other lines (${logFile}):\n` +
      found.slice(0, 20).join('\n'),
  );
