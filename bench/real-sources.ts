// `npm run bench:sources`: each bulk board read through its real configuration from the simulator's
// copy of its real layout (apps/board-sim/src/sites/), ingested into the registry, beside a bare COPY
// (INSERT on PGlite) of the same rows into a staging table without indexes, in the same run; the boards
// that are off until an operator acts are read as the operator's override completes them. PostgreSQL
// when TEST_DATABASE_URL is set, embedded PGlite otherwise. Results replace this database's
// `real-sources-*` section of BENCHMARKS.md.
//
//   BENCH_SOURCE_PEOPLE  simulated physicians behind the datasets (100,000)
import { performance } from 'node:perf_hooks';
import { startBoardSimulator } from '@licensewatch/board-sim/server';
import { FLORIDA_SIM_ACCOUNT } from '@licensewatch/board-sim/sites/florida-portal';
import pino from 'pino';
import { type Board, type BoardInput, boardSchema } from '../apps/server/src/modules/licensing/config/board-config.ts';
import { BOARDS as REAL_BOARDS } from '../apps/server/src/modules/licensing/config/jurisdictions.ts';
import { loadBoardConfig } from '../apps/server/src/modules/licensing/config/load-board-config.ts';
import { simulateAddresses } from '../apps/server/src/modules/licensing/config/simulator-sources.ts';
import { ingestBulkFile } from '../apps/server/src/modules/licensing/ingest/ingest-bulk-file.ts';
import { mapSourceRecord } from '../apps/server/src/modules/licensing/registry/map-source-record.ts';
import { createSource } from '../apps/server/src/modules/licensing/sources/create-source.ts';
import {
  copyRowsIntoStage,
  createStageTable,
  insertRowsIntoStage,
  supportsCopyFromStdin,
} from '../apps/server/src/modules/licensing/stage-rows.ts';
import type { BulkFileItem, SourceRecord } from '../apps/server/src/modules/licensing/types.ts';
import { connectDatabase } from '../apps/server/src/platform/db/client.ts';
import { runMigrations } from '../apps/server/src/platform/db/migrate.ts';
import { startTestDatabase } from '../apps/server/test/support/test-database.ts';
import { count, loadAverage, machine, writeBenchSection } from './support/benchmarks-file.ts';

const kind = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
const PEOPLE = Number(process.env.BENCH_SOURCE_PEOPLE ?? 100_000);
const log = pino({ level: 'warn' });
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

const loadBefore = loadAverage();
const started = performance.now();
const sim = await startBoardSimulator({ port: 0, size: PEOPLE });
const config = loadBoardConfig({ simUrl: sim.url });
// The boards simulator mode reads through their real configuration, from the simulator's copy of their
// real layout (its /sites/<host>/… routes): Socrata datasets and published files alike.
const BOARDS = config.boards
  .filter((b) => {
    const source = b.source;
    if (source.kind === 'socrata') return source.baseUrl.includes('/sites/');
    return source.kind === 'delimited-file' && source.url.includes('/sites/');
  })
  .map((b) => b.id);
// The boards that are off until an operator acts, completed as the operator's override would complete
// them (as the contract test, real-layouts.test.ts, does), read from the simulator's copy of their layout.
const OPERATOR_COMPLETES: Record<string, (source: Record<string, unknown>) => Record<string, unknown>> = {
  'oh-med': (s) => ({ ...s, url: 'https://data.ohio.gov/state-of-ohio-licensure/individual.csv', offUntil: undefined }),
  'mo-med': (s) => ({ ...s, offUntil: undefined }),
  'fl-md': (s) => s,
  'fl-do': (s) => s,
  'ca-md': (s) => ({ ...s, licenceTerms: { terms: 'for non-commercial use only', useAllowed: true } }),
  'ca-do': (s) => ({ ...s, licenceTerms: { terms: 'for non-commercial use only', useAllowed: true } }),
};
const completed = new Map(
  Object.entries(OPERATOR_COMPLETES).map(([id, complete]) => {
    const real = REAL_BOARDS.find((b) => b.id === id) as BoardInput;
    const source = simulateAddresses(complete(real.source as Record<string, unknown>), sim.url);
    return [id, boardSchema.parse({ ...real, source })] as const;
  }),
);
// Florida's portal signs the simulator's account in.
const FLORIDA_ACCOUNT: Record<string, string> = {
  FLORIDA_MQA_USERNAME: FLORIDA_SIM_ACCOUNT.username,
  FLORIDA_MQA_PASSWORD: FLORIDA_SIM_ACCOUNT.password,
};
const sourceOf = (board: Board) => createSource(board, { readVariable: (name) => FLORIDA_ACCOUNT[name] });
const testDatabase = await startTestDatabase();
const { pool, db } = connectDatabase(testDatabase.url);
await runMigrations(pool);
const copy = await supportsCopyFromStdin(pool, log);

async function* stageRows(records: readonly SourceRecord[], boardId: string) {
  let rowNo = 2;
  for (const record of records) {
    const mapped = mapSourceRecord(record, boardId, rowNo++);
    if ('row' in mapped) yield mapped.row;
  }
}

const rows: string[] = [];
try {
  for (const id of [...BOARDS, ...completed.keys()]) {
    const board = completed.get(id) ?? (config.boards.find((b) => b.id === id) as Board);
    // Once untimed (the simulator builds its index of the board on first use), then each path timed.
    for await (const _ of sourceOf(board).fetchBulkFile?.() ?? []);
    const records: SourceRecord[] = [];
    let t = performance.now();
    for await (const item of sourceOf(board).fetchBulkFile?.() ?? []) if ('record' in item) records.push(item.record);
    const readSeconds = (performance.now() - t) / 1000;

    const client = await pool.connect();
    t = performance.now();
    await client.query('BEGIN');
    await createStageTable(client, 'bench_stage');
    await (copy
      ? copyRowsIntoStage(client, 'bench_stage', stageRows(records, id))
      : insertRowsIntoStage(client, 'bench_stage', stageRows(records, id)));
    await client.query('ROLLBACK');
    client.release();
    const copySeconds = (performance.now() - t) / 1000;

    t = performance.now();
    const counts = await ingestBulkFile(
      { db, pool, log },
      {
        boardId: id,
        jurisdiction: board.jurisdiction,
        sourceKind: board.source.kind,
        items: sourceOf(board).fetchBulkFile?.() as AsyncIterable<BulkFileItem>,
      },
    );
    const ingestSeconds = (performance.now() - t) / 1000;
    const rate = (seconds: number) => count(Math.round(records.length / seconds));
    rows.push(
      `| \`${id}\` (${count(counts.rowsRead)} rows, ${counts.rowsRejected} rejected) | ${rate(ingestSeconds)} | ${rate(readSeconds)} | ${rate(copySeconds)} | ${ratio(copySeconds, ingestSeconds)} |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  await pool.end();
  await testDatabase.close();
  await sim.close();
}

writeBenchSection(
  `real-sources-${kind}`,
  [
    `<!-- bench:real-sources-${kind} -->`,
    `### Bulk sources in their real layouts, ${kind === 'postgresql' ? 'PostgreSQL 15 (local)' : 'embedded PGlite'} — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machine()}; load ${loadBefore} before, ${loadAverage()} after; ${count(PEOPLE)} simulated physicians; whole run ${((performance.now() - started) / 60_000).toFixed(1)} min. Each board read through its real configuration over HTTP from the simulator (Socrata's JSON pages of 5,000 rows, or the board's file as it publishes it; the row reading of docs/sources.md) — Ohio, Missouri, Florida (signed in to its portal) and California as an operator's override completes them —, then merged into the registry; baseline: the same rows loaded into a bare staging table by ${copy ? 'COPY' : 'INSERT (PGlite takes no COPY from a stream)'}, in the same run.`,
    '',
    'The simulator generates each page and file as it is asked for, on the same cores as the reader and the database, so the download figures include its work; a small board (a few hundred rows) is dominated by fixed costs (the run record, the merge, a page request per 5,000 rows).',
    '',
    `| board | ingest, download to registry (rows/s) | download and read only (rows/s) | baseline: bare ${copy ? 'COPY' : 'INSERT'} (rows/s) | ingest ÷ baseline |`,
    '|---|---|---|---|---|',
    ...rows,
    `<!-- /bench:real-sources-${kind} -->`,
  ].join('\n'),
);
