import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBoardConfig } from '../src/modules/licensing/config/load-board-config.ts';
import { type FixtureServer, startFixtureServer } from '../src/modules/licensing/fixture-server.ts';
import { listIngestWarnings } from '../src/modules/licensing/health/list-ingest-warnings.ts';
import { ingestBoard } from '../src/modules/licensing/ingest/ingest-board.ts';
import type { LicenseSources } from '../src/modules/licensing/license-sources.ts';
import { createBoardSources } from '../src/modules/licensing/sources/create-source.ts';
import { ingestRun, license, sourceHealth } from '../src/modules/licensing/tables.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// Operator configuration end to end: an override file read by loadBoardConfig, sources served by a local
// HTTP fixture server, bulk files ingested through the real connectors into the real database.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'lw-sources-'));

const FL_HEADER =
  'LICENSE_NUMBER|LAST_NAME|FIRST_NAME|MIDDLE_NAME|SUFFIX|PROFESSION|STATUS|ORIGINAL_ISSUE_DATE|EXPIRATION_DATE|DISCIPLINE|STATE';
// One national file: Florida's rows among Texas' and Georgia's.
const NATIONAL = [
  FL_HEADER,
  'ME100001|SMITH|JOHN|||MEDICAL DOCTOR|CLEAR/ACTIVE|07/01/2001|01/31/2027||FL',
  'ME100002|JONES|AMY|||MEDICAL DOCTOR|VOLUNTARY SURRENDER|07/01/2001|01/31/2027|Surrendered in lieu of discipline|FL',
  'ME100003|BROWN|ZOE|||MEDICAL DOCTOR|RETIRED|07/01/2001|01/31/2020||fl',
  'TX100001|GARZA|LUIS|||MEDICAL DOCTOR|CLEAR/ACTIVE|07/01/2001|01/31/2027||TX',
  'GA100001|LEE|KIM|||MEDICAL DOCTOR|CLEAR/ACTIVE|07/01/2001|01/31/2027||GA',
].join('\n');

const CA_HEADER =
  'License Number,Last Name,First Name,Middle Name,Name Suffix,License Type,License Status,Original Issue Date,Expiration Date';
function caBulkFile(
  prefix: string,
  type: string,
  rows: number,
  unknownStatuses: string[],
  extra: string[] = [],
): string {
  const lines = [CA_HEADER];
  for (let i = 0; i < rows; i++) {
    const status = unknownStatuses[i] ?? 'License Renewed & Current';
    lines.push(`${prefix}${100000 + i},Last${i},First${i},,,${type},${status},2001-07-01,2027-01-31`);
  }
  return [...lines, ...extra].join('\r\n');
}
// 20 rows, 4 with wording nobody knows (20%): the run fails.
const CA_MD = caBulkFile(
  'A',
  'Physician and Surgeon A',
  19,
  ['License Mystery', 'License Mystery', 'Pending Board Review'],
  ['A999999,Tooth,Dee,,,Dentist,License Renewed & Current,2001-07-01,2027-01-31'],
);
// 40 rows, 1 unknown (2.5%): the run is warned.
const CA_DO = caBulkFile('20A', 'Osteopathic Physician and Surgeon', 40, ['License Mystery']);

let fixture: FixtureServer;
let server: TestServer;
let sources: LicenseSources;
let overridesFile: string;

beforeAll(async () => {
  fixture = await startFixtureServer((_req, res, url) => {
    const body = { '/national.txt': NATIONAL, '/ca-md.csv': CA_MD, '/ca-do.csv': CA_DO }[url.pathname];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  server = await startTestServer({}, { worker: false });
  overridesFile = join(dir, 'sources.json');
  // Partial overrides: only the URL and the filter; delimiter, columns and dates stay the board's.
  writeFileSync(
    overridesFile,
    JSON.stringify({
      boards: [
        { id: 'fl-md', source: { url: `${fixture.url}/national.txt`, filter: { column: 'STATE', equals: 'FL' } } },
        { id: 'ca-md', source: { url: `${fixture.url}/ca-md.csv` } },
        { id: 'ca-do', source: { url: `${fixture.url}/ca-do.csv` } },
      ],
    }),
  );
  const all = createBoardSources(loadBoardConfig({ simUrl: fixture.url, overridesFile }));
  const wanted = new Set(['fl-md', 'ca-md', 'ca-do']);
  sources = { boards: all.boards.filter((b) => wanted.has(b.id)), sourceFor: (id) => all.sourceFor(id) };
});
afterAll(async () => {
  await server?.close();
  await fixture?.close();
  rmSync(dir, { recursive: true, force: true });
});

const board = (id: string) => {
  const found = sources.boards.find((b) => b.id === id);
  if (!found) throw new Error(`no board ${id}`);
  return found;
};

async function tableCounts() {
  const count = async (table: string) =>
    (await server.ctx.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;
  return {
    license: await count('license'),
    ingestRun: await count('ingest_run'),
    sourceHealth: await count('source_health'),
    events: await count('license_event'),
  };
}

describe('operator source configuration', () => {
  it('dry-runs a filtered bulk file without writing anything, then ingests it: only the board’s rows', async () => {
    const before = await tableCounts();
    const dry = await ingestBoard(server.ctx, sources, board('fl-md'), { dryRun: true });
    expect(dry).toMatchObject({
      rowsRead: 3,
      rowsRejected: 0,
      status: 'succeeded',
      unknownValues: null,
      dryRun: { wouldInsert: 3, wouldUpdate: 0, unchanged: 0 },
    });
    expect(await tableCounts()).toEqual(before);
    const { rows: stages } = await server.ctx.pool.query(
      "SELECT 1 FROM pg_class WHERE relname LIKE 'ingest_stage_%' AND relpersistence = 't'",
    );
    expect(stages).toEqual([]);

    const counts = await ingestBoard(server.ctx, sources, board('fl-md'));
    expect(counts).toMatchObject({ rowsRead: 3, rowsUpserted: 3, status: 'succeeded', unknownValues: null });
    const rows = await server.ctx.db
      .select({ number: license.licenseNumber, status: license.status, rawStatus: license.rawStatus })
      .from(license)
      .where(eq(license.boardId, 'fl-md'))
      .orderBy(asc(license.licenseNumber));
    expect(rows).toEqual([
      { number: 'ME100001', status: 'active', rawStatus: 'CLEAR/ACTIVE' },
      { number: 'ME100002', status: 'surrendered', rawStatus: 'VOLUNTARY SURRENDER' },
      { number: 'ME100003', status: 'inactive', rawStatus: 'RETIRED' },
    ]);

    const again = await ingestBoard(server.ctx, sources, board('fl-md'), { dryRun: true });
    expect(again?.dryRun).toEqual({ wouldInsert: 0, wouldUpdate: 0, unchanged: 3 });
  });

  it('fails a bulk file loudly when much of its wording is unknown, recording counts and samples for source health', async () => {
    const counts = await ingestBoard(server.ctx, sources, board('ca-md'));
    const unknownValues = [
      {
        field: 'status',
        rows: 3,
        samples: [
          { value: 'License Mystery', rows: 2 },
          { value: 'Pending Board Review', rows: 1 },
        ],
      },
      { field: 'licenseType', rows: 1, samples: [{ value: 'Dentist', rows: 1 }] },
    ];
    expect(counts).toMatchObject({ rowsRead: 20, rowsUpserted: 19, rowsRejected: 1, status: 'failed', unknownValues });
    expect(counts?.error).toBe(
      'vocabulary: 20.0% of rows hold wording no vocabulary knows (over 5%): unknown status "License Mystery" ×2, ' +
        '"Pending Board Review" ×1 (3 rows); unknown license type "Dentist" ×1 (1 row)',
    );
    // Kept, never dropped: the rows with unknown status are stored as 'unknown' with the board's words.
    const kept = await server.ctx.db
      .select({ rawStatus: license.rawStatus })
      .from(license)
      .where(sql`${license.boardId} = 'ca-md' AND ${license.status} = 'unknown'`);
    expect(kept.map((r) => r.rawStatus).sort()).toEqual(['License Mystery', 'License Mystery', 'Pending Board Review']);

    const [run] = await server.ctx.db.select().from(ingestRun).where(eq(ingestRun.boardId, 'ca-md'));
    expect(run).toMatchObject({ status: 'failed', unknownValues, error: counts?.error });
    const [health] = await server.ctx.db.select().from(sourceHealth).where(eq(sourceHealth.boardId, 'ca-md'));
    // The board answered; what it published is what we could not read.
    expect(health).toMatchObject({ available: true, lastError: counts?.error });
  });

  it('warns on a little unknown wording, and source health lists both boards’ last runs', async () => {
    const counts = await ingestBoard(server.ctx, sources, board('ca-do'));
    expect(counts).toMatchObject({
      rowsRead: 40,
      rowsUpserted: 40,
      status: 'warned',
      error: null,
      unknownValues: [{ field: 'status', rows: 1, samples: [{ value: 'License Mystery', rows: 1 }] }],
    });
    const warnings = await listIngestWarnings(server.ctx.db);
    expect(warnings.map((w) => [w.boardId, w.status, w.unknownValues[0]?.samples[0]?.value])).toEqual([
      ['ca-do', 'warned', 'License Mystery'],
      ['ca-md', 'failed', 'License Mystery'],
    ]);
  });
});

describe('server start with a malformed source configuration', () => {
  it('refuses to start, naming the board, the file entry and the exact field', async () => {
    const file = join(dir, 'malformed.json');
    writeFileSync(
      file,
      JSON.stringify({
        boards: [
          { id: 'fl-md', source: { url: 'https://data.example/national.txt' } },
          { id: 'fl-do', source: { filter: { equals: 'FL' } } },
        ],
      }),
    );
    const result = await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/tsx'),
      [join(ROOT, 'apps/server/src/main.ts'), 'serve'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          LICENSE_SOURCES: 'real',
          LICENSE_SOURCES_FILE: file,
          DATA_DIR: join(dir, 'data'),
          DATABASE_URL: '',
        },
        timeout: 60_000,
      },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Invalid license source configuration:\n  board fl-do (${file} boards[1]): source.filter.column: is required (string)\n`,
    );
  });
});
