// The look-up registry the benches search: the board simulator's population (its name frequencies,
// namesakes, DO share) as every board publishes it, stored through the registry's real merge
// (upsertLookedUpLicenses, as a live look-up stores what it finds), then analysed as autovacuum
// would after a load this size. Shared by bench/license-engine.ts and bench/search-api-target.ts.
import { createPopulation, type Population, type SimPerson } from '@licensewatch/board-sim/population';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { SourceRecord } from '../../apps/server/src/modules/licensing/types.ts';
import { upsertLookedUpLicenses } from '../../apps/server/src/modules/licensing/upsert-looked-up-licenses.ts';
import type { Database } from '../../apps/server/src/platform/db/client.ts';

/** Licenses per simulated physician, about (1,009,033 for 570,000 with seed 42). */
const LICENSES_PER_PERSON = 1.77;
const BATCH = 5_000;

export type SyntheticRegistry = {
  population: Population;
  /** Physicians loaded: population.person(0 … people-1). */
  people: number;
  /** Rows in the license table afterwards. */
  licenses: number;
};

/** What every board a person holds a license on publishes about them. */
export function publishedRecords(person: SimPerson): SourceRecord[] {
  return person.licenses.map((l) => ({
    jurisdiction: l.jurisdiction,
    boardId: l.boardId,
    licenseType: l.licenseType,
    licenseNumber: l.licenseNumber,
    firstName: person.firstName,
    middleName: l.middleAsPublished,
    lastName: person.lastName,
    // Washington publishes no suffix column.
    suffix: l.jurisdiction === 'WA' ? null : person.suffix,
    rawStatus: l.status,
    status: l.status,
    issueDate: l.issueDate,
    expiryDate: l.expiryDate,
    discipline: l.discipline,
  }));
}

async function countLicenses(db: Database['db']): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from license`);
  return rows[0]?.n ?? 0;
}

/**
 * Loads the registry into a database holding no licenses yet (seed 42 unless said otherwise):
 * `people` physicians of a population of that size, or, with `licenses` instead, physicians in
 * index order until the registry holds at least that many licenses (of a population sized to have
 * enough of them).
 */
export async function loadSyntheticRegistry(
  { pool, db }: Database,
  log: Logger,
  size: { people: number } | { licenses: number },
  { seed = 42, onProgress }: { seed?: number; onProgress?: (licenses: number) => void } = {},
): Promise<SyntheticRegistry> {
  const wanted = 'licenses' in size ? size.licenses : Number.POSITIVE_INFINITY;
  const population = createPopulation({
    size: 'people' in size ? size.people : Math.ceil((size.licenses / LICENSES_PER_PERSON) * 1.15) + 1,
    seed,
  });
  let people = 0;
  let stored = 0;
  let batch: SourceRecord[] = [];
  const flush = async () => {
    await upsertLookedUpLicenses({ pool, log }, { records: batch, sourceKind: 'bench' });
    stored += batch.length;
    batch = [];
    onProgress?.(stored);
  };
  for (const person of population.people()) {
    batch.push(...publishedRecords(person));
    people++;
    if (batch.length < BATCH) continue;
    await flush();
    // A record the merge folds into another (same board and key) is no new row: count before stopping.
    if (stored >= wanted && (await countLicenses(db)) >= wanted) break;
  }
  if (batch.length > 0) await flush();
  // As autovacuum would after a load this size; without statistics the planner may skip the indexes.
  await db.execute(sql`vacuum analyze license`);
  const licenses = await countLicenses(db);
  if ('licenses' in size && licenses < wanted) {
    throw new Error(`the simulated population of ${population.size} physicians holds only ${licenses} licenses`);
  }
  return { population, people, licenses };
}
