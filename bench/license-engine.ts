// `npm run bench`: the license engine's figures, each beside a baseline measured in the same run
// on the same database (machines here are shared and noisy; absolute times drift). PostgreSQL
// when TEST_DATABASE_URL is set, embedded PGlite otherwise. Results replace this database's
// section of BENCHMARKS.md.
//
//   BENCH_ROWS       bulk-file rows for the ingest figures (1,000,000 on PostgreSQL, 200,000 on PGlite)
//   BENCH_PEOPLE     simulated physicians in the look-up registry (570,000 ≈ 1M licenses; 120,000)
//   BENCH_LOOKUPS    look-ups per figure (400)
//   BENCH_ACCURACY   simulated physicians for the accuracy and live look-up figures (20,000)
//   BENCH_REPORTS    51-state reports timed per report-update figure (10)
//   BENCH_REFRESH    reports the daily refresh is timed on (300)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { SimPerson } from '@licensewatch/board-sim/population';
import { STATE_CODES } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { findByNumber } from '../apps/server/src/modules/licensing/find-by-number.ts';
import { findLicenses } from '../apps/server/src/modules/licensing/find-licenses.ts';
import { findLicensesWithLookup } from '../apps/server/src/modules/licensing/find-licenses-with-lookup.ts';
import { ingestBulkFile } from '../apps/server/src/modules/licensing/ingest/ingest-bulk-file.ts';
import { evaluateAccuracy } from '../apps/server/src/modules/licensing/matching/evaluate-accuracy.ts';
import { formatAccuracyReport } from '../apps/server/src/modules/licensing/matching/format-accuracy-report.ts';
import { normalizeNamePart } from '../apps/server/src/modules/licensing/normalize-name.ts';
import { partitionBoardsByBulkFile } from '../apps/server/src/modules/licensing/partition-boards-by-bulk-file.ts';
import { mapSourceRecord } from '../apps/server/src/modules/licensing/registry/map-source-record.ts';
import {
  copyRowsIntoStage,
  createStageTable,
  insertRowsIntoStage,
  supportsCopyFromStdin,
} from '../apps/server/src/modules/licensing/stage-rows.ts';
import { connectDatabase, type Database } from '../apps/server/src/platform/db/client.ts';
import { runMigrations } from '../apps/server/src/platform/db/migrate.ts';
import { bulkFileOf, makeRecord } from '../apps/server/test/support/bulk-files.ts';
import { loadSimulatedRegistry } from '../apps/server/test/support/simulated-registry.ts';
import { startTestDatabase } from '../apps/server/test/support/test-database.ts';
import { measureReportUpdates } from './report-updates.ts';
import { loadSyntheticRegistry } from './support/load-synthetic-registry.ts';

const kind = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
const ROWS = Number(process.env.BENCH_ROWS ?? (kind === 'postgresql' ? 1_000_000 : 200_000));
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? (kind === 'postgresql' ? 570_000 : 120_000));
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 400);
const ACCURACY_PEOPLE = Number(process.env.BENCH_ACCURACY ?? 20_000);
const REPORTS = Number(process.env.BENCH_REPORTS ?? 10);
const REFRESH_REPORTS = Number(process.env.BENCH_REFRESH ?? 300);
const LIVE_PHYSICIANS = 10;
const BOARD_LATENCY_MS = 200;
const log = pino({ level: 'warn' });

type Row = [figure: string, measured: string, baseline: string, ratio: string];
const table: Row[] = [];
const notes: string[] = [];

const ms = (v: number) => `${v.toFixed(1)} ms`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
const count = (n: number) => n.toLocaleString('en-US');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function timeEach<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (const item of items) {
    const t = performance.now();
    await run(item);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

/** One table row comparing p50 / p99 with a baseline's. */
function latencyRow(figure: string, measured: number[], baselineLabel: string, baseline: number[]) {
  const [m50, m99, b50, b99] = [
    percentile(measured, 50),
    percentile(measured, 99),
    percentile(baseline, 50),
    percentile(baseline, 99),
  ];
  table.push([
    `${figure}: p50 / p99`,
    `${ms(m50)} / ${ms(m99)}`,
    `${baselineLabel}${ms(b50)} / ${ms(b99)}`,
    `${ratio(m50, b50)} / ${ratio(m99, b99)}`,
  ]);
}

async function withDatabase<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const testDatabase = await startTestDatabase();
  const database = connectDatabase(testDatabase.url);
  try {
    await runMigrations(database.pool);
    return await run(database);
  } finally {
    await database.pool.end();
    await testDatabase.close();
  }
}

// ---- Ingest: a synthetic bulk file of ROWS licenses through the streaming COPY/merge path.

const bulkFileBoard = { boardId: 'wa-md', jurisdiction: 'WA' as const };
function* bulkFileRecords() {
  for (let i = 0; i < ROWS; i++) yield makeRecord(i, bulkFileBoard);
}
async function* stageRows() {
  let rowNo = 2;
  for (const r of bulkFileRecords()) {
    const mapped = mapSourceRecord(r, bulkFileBoard.boardId, rowNo++);
    if ('row' in mapped) yield mapped.row;
  }
}

async function measureIngest({ pool, db }: Database) {
  const copy = await supportsCopyFromStdin(pool, log);
  // Baseline: the same rows loaded into a bare staging table, no merge and no indexes.
  const client = await pool.connect();
  let t = performance.now();
  await client.query('BEGIN');
  await createStageTable(client, 'bench_stage');
  await (copy
    ? copyRowsIntoStage(client, 'bench_stage', stageRows())
    : insertRowsIntoStage(client, 'bench_stage', stageRows()));
  await client.query('ROLLBACK');
  client.release();
  const stageSeconds = (performance.now() - t) / 1000;

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);
  const rssBefore = process.memoryUsage().rss;
  t = performance.now();
  const first = await ingestBulkFile(
    { db, pool, log },
    { ...bulkFileBoard, sourceKind: 'socrata', items: bulkFileOf(bulkFileRecords()) },
  );
  const ingestSeconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  t = performance.now();
  const again = await ingestBulkFile(
    { db, pool, log },
    { ...bulkFileBoard, sourceKind: 'socrata', items: bulkFileOf(bulkFileRecords()) },
  );
  const reingestSeconds = (performance.now() - t) / 1000;

  const rate = (seconds: number) => count(Math.round(ROWS / seconds));
  const stage = `bare staging load ${copy ? '(COPY)' : '(INSERT)'}: ${rate(stageSeconds)}`;
  table.push(
    [
      `bulk-file ingest, first load of ${count(ROWS)} rows (rows/s)`,
      rate(ingestSeconds),
      stage,
      `${ratio(stageSeconds, ingestSeconds)} of baseline speed`,
    ],
    [
      'bulk-file ingest, identical re-read (rows/s)',
      `${rate(reingestSeconds)} (${again.rowsUpserted} changed, ${again.eventsRecorded} events)`,
      rate(stageSeconds),
      ratio(stageSeconds, reingestSeconds),
    ],
    [
      'ingest memory: peak RSS growth',
      `${((peakRss - rssBefore) / 2 ** 20).toFixed(0)} MB for ${count(first.rowsRead)} rows`,
      '—',
      'constant: batches of 50k',
    ],
  );
}

// ---- Look-ups: the simulator's population (its name frequencies, namesakes, DO share) as
// every board publishes it, PEOPLE physicians in the registry (bench/support/load-synthetic-registry.ts).

async function measureLookups(database: Database) {
  const { db } = database;
  const { population, licenses } = await loadSyntheticRegistry(database, log, { people: PEOPLE });

  const picks = Array.from({ length: LOOKUPS }, (_, k) => population.person((k * 104_729 + 17) % PEOPLE));
  // The most crowded names: people sharing a surname with a twentieth of the population or more.
  const surnameCounts = new Map<string, number>();
  for (let i = 0; i < PEOPLE; i += 10) {
    const last = population.lastNameOf(i);
    surnameCounts.set(last, (surnameCounts.get(last) ?? 0) + 1);
  }
  const common = new Set(
    [...surnameCounts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name]) => name),
  );
  const crowded: SimPerson[] = [];
  for (let i = 0; crowded.length < LOOKUPS / 4 && i < PEOPLE; i += 7) {
    if (common.has(population.lastNameOf(i))) crowded.push(population.person(i));
  }
  const query = (p: SimPerson, states?: typeof STATE_CODES) => ({
    firstName: p.firstName,
    middleName: p.middleName,
    lastName: p.lastName,
    suffix: p.suffix,
    licenseType: p.licenseType,
    states,
  });
  const bareName = (p: SimPerson) =>
    db.execute(
      sql`select * from license where last_norm = ${normalizeNamePart(p.lastName)} and first_norm = ${normalizeNamePart(p.firstName)}`,
    );
  const home = (p: SimPerson) => p.licenses[0] as SimPerson['licenses'][number];

  // Warm the caches (pages, per-board middle-name rates) as a running server has them.
  await timeEach(picks.slice(0, 50), (p) => findLicenses(db, query(p)));
  const bare = await timeEach(picks, bareName);
  latencyRow(
    'findLicenses by name, all states',
    await timeEach(picks, (p) => findLicenses(db, query(p))),
    'bare indexed name query: ',
    bare,
  );
  latencyRow(
    'findLicenses by name in one state',
    await timeEach(picks, (p) => findLicenses(db, query(p, [home(p).jurisdiction]))),
    '',
    bare,
  );
  latencyRow(
    `findLicenses, names of the ${common.size} most common surnames (${[...common].join(', ')})`,
    await timeEach(crowded, (p) => findLicenses(db, query(p))),
    '',
    await timeEach(crowded, bareName),
  );
  const numbered = picks.filter((p) => home(p).licenseNumber);
  latencyRow(
    'findByNumber',
    await timeEach(numbered, (p) =>
      findByNumber(db, { licenseNumber: home(p).licenseNumber as string, state: home(p).jurisdiction }),
    ),
    'bare indexed number query: ',
    await timeEach(numbered, (p) =>
      db.execute(
        sql`select * from license where jurisdiction = ${home(p).jurisdiction} and license_number = ${home(p).licenseNumber}`,
      ),
    ),
  );
  latencyRow(
    'one physician across all 51 states from the registry (budget < 1 s)',
    await timeEach(picks.slice(0, 100), (p) => findLicenses(db, query(p, STATE_CODES))),
    '',
    bare,
  );
  return licenses;
}

// ---- Accuracy on a large simulated population, and one physician across 51 states with
// every look-up-only board searched live through the simulator.

async function measureAccuracyAndLiveLookups(database: Database) {
  const ctx = { db: database.db, pool: database.pool, log };
  const registry = await loadSimulatedRegistry(ctx, { size: ACCURACY_PEOPLE, seed: 42 });
  try {
    const sampleSize = Math.min(3_000, registry.persons.length);
    const report = await evaluateAccuracy(database.db, { persons: registry.persons, sampleSize });
    const pct = (v: number) => `${(v * 100).toFixed(2)}%`;
    table.push(
      [
        `matching accuracy, resolvable queries (${count(report.resolvable.queries)}): precision / recall (target ≥ 99.5% / ≥ 98%)`,
        `${pct(report.resolvable.precision)} / ${pct(report.resolvable.recall)}`,
        '—',
        '—',
      ],
      [
        `matching accuracy, all ${count(report.overall.queries)} queries: precision / recall`,
        `${pct(report.overall.precision)} / ${pct(report.overall.recall)}`,
        '—',
        '—',
      ],
    );
    // By kind (typo, nickname, punctuation, namesake…), so a weak kind shows behind a good average.
    for (const [kind, f] of Object.entries(report.resolvableByKind)) {
      table.push([
        `matching accuracy by kind — ${kind}, resolvable queries (${count(f.queries)}): precision / recall`,
        `${pct(f.precision)} / ${pct(f.recall)}`,
        '—',
        '—',
      ]);
    }
    notes.push(
      `Accuracy: ${count(ACCURACY_PEOPLE)} simulated physicians (seed 42), ${count(sampleSize)} of them queried under every variant; ${count(report.sharedQueries)} queries shared with another person and ${count(report.indistinguishable)} license answers indistinguishable from a namesake's as published are left out of the resolvable figures.`,
    );
    console.log(formatAccuracyReport(`accuracy on the simulator — ${ACCURACY_PEOPLE} physicians`, report, 30));

    const lookups = partitionBoardsByBulkFile(registry.sources).lookupOnly.map((board) => ({
      state: board.jurisdiction,
      sourceKind: board.sourceKind,
      source: registry.sources.sourceFor(board.id),
    }));
    const physicians = registry.persons.filter((_, i) => i % 97 === 5).slice(0, LIVE_PHYSICIANS);
    const acrossAll = (p: (typeof physicians)[number]) =>
      findLicensesWithLookup(
        ctx,
        {
          firstName: p.firstName,
          middleName: p.middleName,
          lastName: p.lastName,
          suffix: p.suffix,
          licenseType: p.licenses[0]?.licenseType ?? 'MD',
          states: STATE_CODES,
        },
        { lookups },
      );
    const baseline = await timeEach(physicians, acrossAll);
    const setFault = (latencyMs: number) =>
      fetch(`${registry.sim.url}/_control/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ boardId: '*', latencyMs }),
      });
    await setFault(BOARD_LATENCY_MS);
    const slow = await timeEach(physicians, acrossAll);
    await setFault(0);
    latencyRow(
      `one physician across all 51 states, ${lookups.length} look-up boards searched live at ${BOARD_LATENCY_MS} ms a request (budget < 15 s)`,
      slow,
      'same, boards answering at once: ',
      baseline,
    );
  } finally {
    await registry.sim.close();
  }
}

const started = performance.now();
await withDatabase(measureIngest);
const licenses = await withDatabase(measureLookups);
await withDatabase(measureAccuracyAndLiveLookups);
const reportFigures = await measureReportUpdates({
  people: 5_000,
  reports: REPORTS,
  refreshReports: REFRESH_REPORTS,
  boardLatencyMs: BOARD_LATENCY_MS,
});
table.push(...reportFigures.rows);
notes.push(...reportFigures.notes);

const section = [
  `<!-- bench:${kind} -->`,
  `### ${kind === 'postgresql' ? 'PostgreSQL 15 (local)' : 'Embedded PGlite'} — ${new Date().toISOString().slice(0, 10)}`,
  '',
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Look-ups on ${count(licenses)} licenses of ${count(PEOPLE)} simulated physicians, ${LOOKUPS} look-ups a figure; whole run ${((performance.now() - started) / 60_000).toFixed(1)} min.`,
  '',
  '| figure | measured | baseline (same run) | ratio |',
  '|---|---|---|---|',
  ...table.map((row) => `| ${row.join(' | ')} |`),
  '',
  ...notes,
  `<!-- /bench:${kind} -->`,
].join('\n');
console.log(section);

const file = new URL('../BENCHMARKS.md', import.meta.url);
const header =
  '# Benchmarks\n\nWritten by `npm run bench` (`TEST_DATABASE_URL=… npm run bench` for PostgreSQL). Budgets: [docs/budgets.md](docs/budgets.md). Each figure stands beside a baseline measured in the same run on the same machine and database, because the machines are shared and absolute times drift.\n';
let doc = existsSync(file) ? readFileSync(file, 'utf8') : header;
const pattern = new RegExp(`<!-- bench:${kind} -->[\\s\\S]*?<!-- /bench:${kind} -->`);
doc = pattern.test(doc) ? doc.replace(pattern, section) : `${doc.trimEnd()}\n\n${section}\n`;
writeFileSync(file, doc);
