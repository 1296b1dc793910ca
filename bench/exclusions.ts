// `npm run bench:exclusions` (also part of `npm run bench`): the exclusion screening's budgets
// (docs/budgets.md: the LEIE full file, ~80k rows, ingested in < 10 s on PostgreSQL; 100k tracked
// physicians screened against it after a monthly update in < 60 s, set-based). Steps, each timed:
//   - the baseline: a bare COPY of the same CSV text into a table of 18 text columns — the least a
//     streaming ingest of the file can cost;
//   - the first full-file ingest (ingest-exclusion-file.ts: parse and check every row, stage, merge
//     with an 'added' event per entry), then the next month's file (BENCH_EXCLUSIONS_NEW more rows:
//     unchanged rows are not rewritten);
//   - BENCH_EXCLUSIONS_REPORTS reports (1 in 100 named after a listed physician, a third of those
//     with the entry's NPI) screened: the first time (their normalised names filled in), and again
//     after the monthly update — against the baseline of a bare join of the same name columns.
// The file comes from the board simulator (`/leie/UPDATED.csv?rows=N`), read into memory first so
// the network is not timed. PostgreSQL: a fresh database on TEST_DATABASE_URL's server, else on
// postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards.
//
//   BENCH_EXCLUSIONS_ROWS     rows of the full file (80,000)
//   BENCH_EXCLUSIONS_NEW      rows the next month's file adds (1,000)
//   BENCH_EXCLUSIONS_REPORTS  reports screened (100,000)
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SimExclusion } from '@licensewatch/board-sim/exclusion-list';
import { startBoardSimulator } from '@licensewatch/board-sim/server';
import { from as copyFrom } from 'pg-copy-streams';
import { ingestExclusionFile } from '../apps/server/src/modules/exclusions/ingest/ingest-exclusion-file.ts';
import { readLeieFile } from '../apps/server/src/modules/exclusions/leie/read-leie-file.ts';
import { screenExclusions } from '../apps/server/src/modules/exclusions/screen-exclusions.ts';
import { count, loadAverage, machine, writeBenchSection } from './support/benchmarks-file.ts';

// Hundredths: the baselines take well under a second.
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const ROWS = Number(process.env.BENCH_EXCLUSIONS_ROWS ?? 80_000);
const NEW_ROWS = Number(process.env.BENCH_EXCLUSIONS_NEW ?? 1_000);
const REPORTS = Number(process.env.BENCH_EXCLUSIONS_REPORTS ?? 100_000);
const INGEST_BUDGET_S = 10;
const SCREEN_BUDGET_S = 60;
for (const [name, value] of Object.entries({ ROWS, NEW_ROWS, REPORTS }))
  if (!(Number.isInteger(value) && value > 0)) throw new Error(`BENCH_EXCLUSIONS_${name} must be a positive integer`);

process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
const { startTestServer } = await import('../apps/server/test/support/test-server.ts');

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

const server = await startTestServer({}, { worker: false });
const sim = await startBoardSimulator({ port: 0, seed: 42, size: 20_000 });
const { pool } = server.ctx;
const loadBefore = loadAverage();
const started = performance.now();
let failed = false;
try {
  const { rows: version } = await pool.query<{ server_version: string }>('show server_version');
  const database = `PostgreSQL ${version[0]?.server_version.split(' ')[0]}`;
  const download = async (rows: number) =>
    Buffer.from(await (await fetch(`${sim.url}/leie/UPDATED.csv?rows=${rows}`)).arrayBuffer());
  const file = await download(ROWS);
  const nextFile = await download(ROWS + NEW_ROWS);
  // In 64 KB chunks, as a download arrives.
  const chunks = (bytes: Buffer) => {
    const out: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 65_536) out.push(bytes.subarray(i, i + 65_536));
    return out;
  };
  const lines = file.toString('utf8').split('\n').filter(Boolean).length - 1;
  console.log(`LEIE file: ${count(lines)} rows, ${(file.length / 2 ** 20).toFixed(1)} MB`);

  // ---- the baseline: COPY of the raw CSV.
  await pool.query(`CREATE TABLE bench_leie_copy (${Array.from({ length: 18 }, (_, i) => `c${i} text`).join(', ')})`);
  const client = await pool.connect();
  const baseline = await timed(() =>
    pipeline(
      Readable.from(chunks(file)),
      client.query(copyFrom('COPY bench_leie_copy FROM STDIN WITH (FORMAT csv, HEADER true)')),
    ),
  ).finally(() => client.release());
  console.log(`Baseline COPY: ${sec(baseline.ms)}`);

  // ---- the first full file, and next month's.
  const full = { kind: 'full', period: null } as const;
  const first = await timed(() => ingestExclusionFile(server.ctx, { file: full, items: readLeieFile(chunks(file)) }));
  console.log(
    `First ingest: ${sec(first.ms)} (${count(first.value.rowsRead)} rows, ${first.value.rowsRejected} rejected)`,
  );
  const monthly = await timed(() =>
    ingestExclusionFile(server.ctx, { file: full, items: readLeieFile(chunks(nextFile)) }),
  );
  console.log(`Monthly ingest: ${sec(monthly.ms)} (${count(monthly.value.rowsUpserted)} rows written)`);

  // ---- the reports: 1 in 100 named after a listed physician (a third with the entry's NPI).
  const truth = (await (await fetch(`${sim.url}/ground-truth/exclusions.json`)).json()) as SimExclusion[];
  const listed = truth.filter((t) => t.kind !== 'reinstated' && t.firstName && t.lastName);
  const workspaces = Math.ceil(REPORTS / 100);
  await pool.query(
    `INSERT INTO workspace (id, kind) SELECT 'bench-ws-' || i, 'organisation' FROM generate_series(1, $1) AS i`,
    [workspaces],
  );
  await pool.query(
    `INSERT INTO report (id, workspace_id, name, first_name, last_name, license_type, states, npi)
     SELECT 'bench-report-' || i, 'bench-ws-' || (i % $2 + 1), 'Bench ' || i,
            CASE WHEN i % 100 = 0 THEN initcap(l.first) ELSE 'Bench' END,
            CASE WHEN i % 100 = 0 THEN initcap(l.last) ELSE 'Doctor' || i END,
            'MD',
            CASE WHEN i % 100 = 0 THEN ARRAY[l.state, 'CA'] ELSE ARRAY['OR', 'CA', 'TX'] END,
            CASE WHEN i % 300 = 0 THEN l.npi END
     FROM generate_series(1, $1) AS i
     LEFT JOIN LATERAL (
       SELECT t.first, t.last, t.state, t.npi FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY
         AS t(first, last, state, npi, n)
       WHERE i % 100 = 0 AND t.n = (i / 100) % array_length($3::text[], 1) + 1
     ) l ON true`,
    [
      REPORTS,
      workspaces,
      listed.map((t) => t.firstName),
      listed.map((t) => t.lastName),
      listed.map((t) => t.state),
      listed.map((t) => t.npi),
    ],
  );
  await pool.query('ANALYZE');

  const firstScreen = await timed(() => screenExclusions(server.ctx, { reportIds: null }));
  console.log(`First screening: ${sec(firstScreen.ms)} (${count(firstScreen.value.added)} matches)`);
  const screenBaseline = await timed(() =>
    pool.query(
      `SELECT count(*) FROM report_name_norm r JOIN exclusion e ON e.last_norm = r.last_norm AND e.first_norm = r.first_norm`,
    ),
  );
  const monthlyScreen = await timed(() => screenExclusions(server.ctx, { reportIds: null }));
  console.log(`Screening after the monthly update: ${sec(monthlyScreen.ms)}`);
  const { rows: kinds } = await pool.query<{ basis: string; n: number }>(
    'SELECT basis, count(*)::int AS n FROM exclusion_match GROUP BY basis ORDER BY basis',
  );

  const ingestMet = first.ms < INGEST_BUDGET_S * 1000 && monthly.ms < INGEST_BUDGET_S * 1000;
  const screenMet = firstScreen.ms < SCREEN_BUDGET_S * 1000 && monthlyScreen.ms < SCREEN_BUDGET_S * 1000;
  failed = !(ingestMet && screenMet);
  const byBasis = kinds.map(
    (k) => `${count(k.n)} by ${k.basis === 'npi' ? 'NPI (confirmed)' : 'name and state (possible)'}`,
  );
  const text = [
    '<!-- bench:exclusions -->',
    `### Exclusion screening — ${database}, ${count(lines)}-row LEIE, ${count(REPORTS)} reports — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Budgets ([docs/budgets.md](docs/budgets.md)): the LEIE full file (~80k rows) ingested in < ${INGEST_BUDGET_S} s; ${count(REPORTS)} tracked physicians screened against it after a monthly update in < ${SCREEN_BUDGET_S} s, set-based.`,
    '',
    `Machine: ${machine()}; load average (1/5/15 min) ${loadBefore} before, ${loadAverage()} after. The file is the board simulator's synthetic LEIE (${(file.length / 2 ** 20).toFixed(1)} MB, every field quoted as the OIG publishes it), read from memory. Reports: 1 in 100 named after a listed physician in the entry's state, a third of those with the entry's NPI; ${byBasis.join(', ')}. Whole run ${((performance.now() - started) / 60_000).toFixed(1)} min.`,
    '',
    '| step | time | ratio to baseline | budget |',
    '|---|---|---|---|',
    `| baseline: bare \`COPY … (FORMAT csv)\` of the file into 18 text columns | ${sec(baseline.ms)} | 1.00× | |`,
    `| first full-file ingest (parse and check each row, stage with COPY, one merge transaction, ${count(first.value.eventsRecorded)} 'added' events) | ${sec(first.ms)} | ${(first.ms / baseline.ms).toFixed(2)}× | ${first.ms < INGEST_BUDGET_S * 1000 ? 'met' : 'missed'} (< ${INGEST_BUDGET_S} s) |`,
    `| next month's file (${count(NEW_ROWS)} rows more; ${count(monthly.value.rowsUpserted)} written, the rest unchanged) | ${sec(monthly.ms)} | ${(monthly.ms / baseline.ms).toFixed(2)}× | ${monthly.ms < INGEST_BUDGET_S * 1000 ? 'met' : 'missed'} (< ${INGEST_BUDGET_S} s) |`,
    `| baseline: bare join of ${count(REPORTS)} reports with the entries on the name columns | ${sec(screenBaseline.ms)} | 1.00× | |`,
    `| first screening of every report (names normalised and stored first, ${count(firstScreen.value.added)} matches written, each report's LEIE check marked) | ${sec(firstScreen.ms)} | ${(firstScreen.ms / screenBaseline.ms).toFixed(1)}× | ${firstScreen.ms < SCREEN_BUDGET_S * 1000 ? 'met' : 'missed'} (< ${SCREEN_BUDGET_S} s) |`,
    `| screening after the monthly update (nothing new to write but the checks) | ${sec(monthlyScreen.ms)} | ${(monthlyScreen.ms / screenBaseline.ms).toFixed(1)}× | ${monthlyScreen.ms < SCREEN_BUDGET_S * 1000 ? 'met' : 'missed'} (< ${SCREEN_BUDGET_S} s) |`,
    '<!-- /bench:exclusions -->',
  ].join('\n');
  writeBenchSection('exclusions', text);
  console.log(`\n${text}\n\nWritten to BENCHMARKS.md.`);
} finally {
  await server.close();
  await sim.close();
}
if (failed) process.exitCode = 1;
