// The daily refresh re-matches a report only when a registry row changed since its last refresh
// could be read by findLicenses for its name (list-candidate-keys.ts). That is sound only while the
// keys are a superset of fetch-license-candidates' SQL: here every row either pass returns, for
// many query spellings against a registry of simulated bulk files plus awkward surnames, must share a
// key with the query and pass the given-name check.
import { type BoardSimulator, startBoardSimulator } from '@licensewatch/board-sim/server';
import { STATE_CODES } from '@licensewatch/shared/states';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBoardConfig } from '../src/modules/licensing/config/load-board-config.ts';
import { fetchLicenseCandidates } from '../src/modules/licensing/fetch-license-candidates.ts';
import { ingestBoard } from '../src/modules/licensing/ingest/ingest-board.ts';
import {
  listQueryCandidateKeys,
  listRowCandidateKeys,
  mayMatchGivenName,
} from '../src/modules/licensing/list-candidate-keys.ts';
import type { GroundTruthPerson } from '../src/modules/licensing/matching/evaluate-accuracy.ts';
import { generateQueryVariants } from '../src/modules/licensing/matching/generate-query-variants.ts';
import { comparableName } from '../src/modules/licensing/score-candidate.ts';
import { createBoardSources } from '../src/modules/licensing/sources/create-source.ts';
import { upsertLookedUpLicenses } from '../src/modules/licensing/upsert-looked-up-licenses.ts';
import { connectDatabase, type Database } from '../src/platform/db/client.ts';
import { runMigrations } from '../src/platform/db/migrate.ts';
import { startTestDatabase, type TestDatabase } from './support/test-database.ts';

let testDatabase: TestDatabase;
let database: Database;
let sim: BoardSimulator;
let persons: GroundTruthPerson[];

// Surnames as boards print them that only some branches reach: spaced and run-together particles,
// suffixes inside the surname, one part of a double surname, slips in short and long surnames.
const AWKWARD = [
  ['Maria', 'de la cruz'],
  ['Maria', 'delacruz'],
  ['Sean', 'o neill'],
  ['Sean', 'oneill'],
  ['John', 'smith jr'],
  ['John', 'smyth'],
  ['John', 'smit'],
  ['Jon', 'smiht'],
  ['Ana', 'garcia lopez'],
  ['Ana', 'lopez'],
  ['Robert', 'van der berg'],
  ['Bob', 'vanderberg'],
  ['R', 'berg'],
  ['Roberta', 'mcdonald'],
  ['Roberto', 'mc donald'],
  ['William', 'lee'],
  ['Bill', 'li'],
  ['Katherine', 'nguyen'],
  ['Catherine', 'ngyuen'],
] as const;

beforeAll(async () => {
  testDatabase = await startTestDatabase();
  database = connectDatabase(testDatabase.url, { max: 4 });
  await runMigrations(database.pool);
  sim = await startBoardSimulator({ port: 0, seed: 11, size: 1_500 });
  const ctx = { db: database.db, pool: database.pool, log: pino({ level: 'silent' }) };
  const sources = createBoardSources(loadBoardConfig({ simUrl: sim.url }));
  for (const board of sources.boards) await ingestBoard(ctx, sources, board);
  persons = (await (await fetch(`${sim.url}/ground-truth.jsonl`)).text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GroundTruthPerson);
  await upsertLookedUpLicenses(ctx, {
    sourceKind: 'html-lookup',
    records: AWKWARD.flatMap(([firstName, lastName], i) =>
      (['WA', 'NY'] as const).map((jurisdiction) => ({
        boardId: jurisdiction === 'WA' ? 'wa-md' : 'ny-med',
        jurisdiction,
        licenseType: 'MD' as const,
        licenseNumber: `KEYS-${jurisdiction}-${i}`,
        firstName,
        middleName: null,
        lastName,
        suffix: null,
        rawStatus: 'Active',
        status: 'active' as const,
        issueDate: null,
        expiryDate: null,
        discipline: null,
      })),
    ),
  });
}, 120_000);
afterAll(async () => {
  await sim?.close();
  await database?.pool.end();
  await testDatabase?.close();
});

describe('the candidate keys of the daily refresh', () => {
  it('reach every row either candidate pass reads, for every query spelling', async () => {
    const queries = [
      ...persons.slice(0, 120).flatMap((p, i) => generateQueryVariants(p, i)),
      ...AWKWARD.map(([firstName, lastName]) => ({ firstName, middleName: null, lastName, suffix: null })),
      { firstName: 'Maria', middleName: null, lastName: 'De La Cruz', suffix: null },
      { firstName: 'Robert', middleName: null, lastName: 'Berg', suffix: null },
      { firstName: 'John', middleName: null, lastName: 'Smith', suffix: null },
      { firstName: 'Ana', middleName: 'Garcia', lastName: 'Lopez', suffix: null },
    ];
    let checked = 0;
    const missed: string[] = [];
    for (const query of queries) {
      const name = comparableName(query);
      const search = { name, licenseType: 'MD' as const, states: STATE_CODES };
      const keys = new Set(listQueryCandidateKeys(search).keys);
      for (const pass of ['indexed', 'wide'] as const) {
        for (const row of await fetchLicenseCandidates(database.db, search, pass)) {
          checked++;
          const reached = listRowCandidateKeys(row).some((k) => keys.has(k));
          if (!reached || !mayMatchGivenName(name, row.firstNorm)) {
            missed.push(`${pass}: ${query.firstName} ${query.lastName} → ${row.firstNorm} ${row.lastNorm}`);
          }
        }
      }
    }
    expect(missed).toEqual([]);
    // The check saw the branches at work, not an empty registry.
    expect(checked).toBeGreaterThan(1_000);
  }, 120_000);
});
