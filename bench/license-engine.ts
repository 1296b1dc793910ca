// `npm run bench`: the license engine's figures, each as a ratio to a baseline measured in the
// same run on the same database (machines here are shared and noisy; absolute times drift).
// BENCH_ROWS (default 1,000,000) and BENCH_LOOKUPS (default 400); PostgreSQL when
// TEST_DATABASE_URL is set, embedded PGlite otherwise. Results replace this database's section
// of BENCHMARKS.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { ingestRoster } from '../apps/server/src/licensing/ingest/ingest-roster.ts';
import {
  copyRowsIntoStage,
  createStageTable,
  insertRowsIntoStage,
  supportsCopyFromStdin,
} from '../apps/server/src/licensing/ingest/stage-rows.ts';
import { findByNumber } from '../apps/server/src/licensing/matching/find-by-number.ts';
import { findLicenses } from '../apps/server/src/licensing/matching/find-licenses.ts';
import { normalizeNamePart } from '../apps/server/src/licensing/matching/normalize-name.ts';
import { mapSourceRecord } from '../apps/server/src/licensing/registry/map-source-record.ts';
import type { SourceRecord } from '../apps/server/src/licensing/types.ts';
import { makeRecord, rosterOf } from '../apps/server/test/support/rosters.ts';
import { startTestDatabase } from '../apps/server/test/support/test-database.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 400);
const board = { boardId: 'wa-md', jurisdiction: 'WA' as const };
const kind = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
const log = pino({ level: 'warn' });

// Name normalisation drops digits, so the test roster's numbered surnames would collapse into a
// few dozen names; spell the number in letters instead: 6 rows in 7 get a surname of their own.
function lettersOf(n: number): string {
  let out = '';
  for (let v = n + 1; v > 0; v = Math.floor((v - 1) / 26)) out = String.fromCharCode(97 + ((v - 1) % 26)) + out;
  return out;
}

function record(i: number): SourceRecord {
  const r = makeRecord(i, board);
  return i % 7 === 0 ? r : { ...r, lastName: `${r.lastName.split(' ')[0]}-${lettersOf(Math.floor(i / 7))}` };
}

function* records() {
  for (let i = 0; i < ROWS; i++) yield record(i);
}

async function* stageRows() {
  let rowNo = 2;
  for (const r of records()) {
    const mapped = mapSourceRecord(r, board.boardId, rowNo++);
    if ('row' in mapped) yield mapped.row;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function timeEach(queries: number[], run: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (const i of queries) {
    const t = performance.now();
    await run(i);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

const database = await startTestDatabase();
const { pool, db } = connectDatabase(database.url);
try {
  await runMigrations(pool);
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

  const rssBefore = process.memoryUsage().rss;
  peakRss = rssBefore;
  t = performance.now();
  const first = await ingestRoster({ db, pool, log }, { ...board, sourceKind: 'socrata', items: rosterOf(records()) });
  const ingestSeconds = (performance.now() - t) / 1000;
  const ingestPeakGrowthMb = (peakRss - rssBefore) / 2 ** 20;

  t = performance.now();
  const again = await ingestRoster({ db, pool, log }, { ...board, sourceKind: 'socrata', items: rosterOf(records()) });
  const reingestSeconds = (performance.now() - t) / 1000;

  // As autovacuum would after a load this size; without statistics the planner may skip the indexes.
  await db.execute(sql`analyze license`);

  // Look-ups of people known to be in the registry, against the bare indexed query they rest on.
  // The synthetic roster gives 6 rows in 7 a distinct surname; every 7th row shares one of a few
  // dozen names with thousands of others, a worst case measured apart.
  const spread = (k: number) => Math.floor(((k * 7919) % LOOKUPS) * (ROWS / LOOKUPS));
  const picks = Array.from({ length: LOOKUPS }, (_, k) => spread(k)).map((i) => (i % 7 === 0 ? i + 1 : i));
  const crowded = Array.from({ length: Math.ceil(LOOKUPS / 4) }, (_, k) => spread(k) - (spread(k) % 7));
  const bareNameQuery = (i: number) => {
    const r = record(i);
    return db.execute(
      sql`select * from license where last_norm = ${normalizeNamePart(r.lastName)} and first_norm = ${normalizeNamePart(r.firstName)}`,
    );
  };
  const findByName = (i: number, states?: ['WA']) => {
    const r = record(i);
    const { firstName, middleName, lastName, suffix, licenseType } = r;
    return findLicenses(db, {
      firstName,
      middleName: states ? null : middleName,
      lastName,
      suffix,
      licenseType,
      states,
    });
  };
  const bareName = await timeEach(picks, bareNameQuery);
  const byName = await timeEach(picks, (i) => findByName(i));
  const byNameInState = await timeEach(picks, (i) => findByName(i, ['WA']));
  const crowdedBare = await timeEach(crowded, bareNameQuery);
  const crowdedByName = await timeEach(crowded, (i) => findByName(i));
  const bareNumber = await timeEach(picks, (i) =>
    db.execute(sql`select * from license where jurisdiction = 'WA' and license_number = ${record(i).licenseNumber}`),
  );
  const byNumber = await timeEach(picks, (i) =>
    findByNumber(db, { licenseNumber: record(i).licenseNumber ?? '', state: 'WA' }),
  );
  const { rows: count } = await db.execute<{ n: number }>(sql`select count(*)::int as n from license`);

  const rate = (seconds: number) => Math.round(ROWS / seconds).toLocaleString('en-US');
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  const lines = [
    `<!-- bench:${kind} -->`,
    `### ${kind === 'postgresql' ? 'PostgreSQL 15 (local)' : 'Embedded PGlite'} — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. ${ROWS.toLocaleString('en-US')} licenses in one roster (${count[0]?.n.toLocaleString('en-US')} in the registry); ${LOOKUPS} look-ups each.`,
    '',
    '| figure | measured | baseline (same run) | ratio |',
    '|---|---|---|---|',
    `| roster ingest, first load (rows/s) | ${rate(ingestSeconds)} | bare staging load ${copy ? '(COPY)' : '(INSERT)'}: ${rate(stageSeconds)} | ${ratio(stageSeconds, ingestSeconds)} of baseline speed |`,
    `| roster ingest, identical re-read (rows/s) | ${rate(reingestSeconds)} (${again.rowsUpserted} changed, ${again.eventsRecorded} events) | ${rate(stageSeconds)} | ${ratio(stageSeconds, reingestSeconds)} |`,
    `| ingest memory: peak RSS growth | ${ingestPeakGrowthMb.toFixed(0)} MB for ${first.rowsRead.toLocaleString('en-US')} rows | — | constant: batches of 50k |`,
    `| findLicenses by name, all states: p50 / p99 | ${ms(percentile(byName, 50))} / ${ms(percentile(byName, 99))} | bare indexed name query: ${ms(percentile(bareName, 50))} / ${ms(percentile(bareName, 99))} | ${ratio(percentile(byName, 50), percentile(bareName, 50))} / ${ratio(percentile(byName, 99), percentile(bareName, 99))} |`,
    `| findLicenses by name in one state: p50 / p99 | ${ms(percentile(byNameInState, 50))} / ${ms(percentile(byNameInState, 99))} | ${ms(percentile(bareName, 50))} / ${ms(percentile(bareName, 99))} | ${ratio(percentile(byNameInState, 50), percentile(bareName, 50))} / ${ratio(percentile(byNameInState, 99), percentile(bareName, 99))} |`,
    `| findLicenses for a name shared by ~${Math.round(ROWS / 7 / 90).toLocaleString('en-US')} rows (worst case): p50 / p99 | ${ms(percentile(crowdedByName, 50))} / ${ms(percentile(crowdedByName, 99))} | ${ms(percentile(crowdedBare, 50))} / ${ms(percentile(crowdedBare, 99))} | ${ratio(percentile(crowdedByName, 50), percentile(crowdedBare, 50))} / ${ratio(percentile(crowdedByName, 99), percentile(crowdedBare, 99))} |`,
    `| findByNumber: p50 / p99 | ${ms(percentile(byNumber, 50))} / ${ms(percentile(byNumber, 99))} | bare indexed number query: ${ms(percentile(bareNumber, 50))} / ${ms(percentile(bareNumber, 99))} | ${ratio(percentile(byNumber, 50), percentile(bareNumber, 50))} / ${ratio(percentile(byNumber, 99), percentile(bareNumber, 99))} |`,
    `<!-- /bench:${kind} -->`,
  ];
  const section = lines.join('\n');
  console.log(section);

  const file = new URL('../BENCHMARKS.md', import.meta.url);
  const header =
    '# Benchmarks\n\nWritten by `npm run bench` (`TEST_DATABASE_URL=… npm run bench` for PostgreSQL). Budgets: DESIGN.md §7. Each figure stands beside a baseline measured in the same run on the same machine and database, because the machines are shared and absolute times drift.\n';
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const pattern = new RegExp(`<!-- bench:${kind} -->[\\s\\S]*?<!-- /bench:${kind} -->`);
  doc = pattern.test(doc) ? doc.replace(pattern, section) : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, doc);
} finally {
  clearInterval(sampler);
  await pool.end();
  await database.close();
}
