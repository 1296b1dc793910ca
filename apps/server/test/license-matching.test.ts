import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findByNumber } from '../src/modules/licensing/find-by-number.ts';
import { findLicenses } from '../src/modules/licensing/find-licenses.ts';
import { findLicensesWithLookup } from '../src/modules/licensing/find-licenses-with-lookup.ts';
import {
  type EvaluateAccuracyInput,
  evaluateAccuracy,
  type GroundTruthPerson,
} from '../src/modules/licensing/matching/evaluate-accuracy.ts';
import { formatAccuracyReport } from '../src/modules/licensing/matching/format-accuracy-report.ts';
import { seededRandom } from '../src/modules/licensing/matching/generate-query-variants.ts';
import { nicknameVariants } from '../src/modules/licensing/matching/nicknames.ts';
import { CONFIDENT_MATCH } from '../src/modules/licensing/score-candidate.ts';
import type { LicenseSource, SourceRecord } from '../src/modules/licensing/types.ts';
import { upsertLookedUpLicenses } from '../src/modules/licensing/upsert-looked-up-licenses.ts';
import { connectDatabase, type Database } from '../src/platform/db/client.ts';
import { runMigrations } from '../src/platform/db/migrate.ts';
import { startTestDatabase, type TestDatabase } from './support/test-database.ts';

// ---- A small deterministic labelled population: a few hundred physicians with the variety boards
// show (accents, hyphens, particles, suffixes, nicknames, missing middles) and deliberate traps:
// namesakes who differ only in middle name, fathers and sons, Christopher/Christine, Daniel/Daniela,
// Garcia/Garcia-Lopez, Hansen/Hanson, and two pairs with identical names.

const FIRST_NAMES = [
  'William',
  'Robert',
  'Richard',
  'Elizabeth',
  'Katherine',
  'Margaret',
  'James',
  'Michael',
  'Jennifer',
  'Christopher',
  'Anthony',
  'Joseph',
  'Thomas',
  'Daniel',
  'Matthew',
  'Andrew',
  'Edward',
  'Alexander',
  'Steven',
  'Jonathan',
  'Nicholas',
  'Samuel',
  'Benjamin',
  'Patricia',
  'Susan',
  'Rebecca',
  'Deborah',
  'Victoria',
  'Alejandro',
  'José',
  'Francisco',
  'Guillermo',
  'María',
  'Sofía',
  'Lucía',
  'Renée',
  'Zoë',
  'Björn',
  'Søren',
  'Chloé',
  'Andrés',
  'Héctor',
  'Ramón',
  'Raúl',
  'Priya',
  'Anil',
  'Rahul',
  'Wei',
  'Hiroshi',
  'Yuki',
  'Minh',
  'Thanh',
  'Linh',
  'Olga',
  'Dmitri',
  'Fatima',
  'Omar',
  'Ahmed',
  'Aisha',
  'Kwame',
  'Chidi',
  'Ngozi',
  'Siobhan',
  'Emma',
  'Olivia',
  'Noah',
  'Ethan',
  'Grace',
  'Hannah',
  'Rachel',
  'Sarah',
  'Laura',
  'Megan',
  'Emily',
  'Jessica',
  'Ashley',
  'Amanda',
  'Stephanie',
  'Nicole',
  'Heather',
  'Brian',
  'Kevin',
  'Jason',
  'Eric',
  'Mark',
  'Paul',
  'Scott',
  'Gregory',
  'Timothy',
  'Jeffrey',
  'Ryan',
  'Gary',
  'Charles',
  'David',
  'John',
  'Mary',
  'Linda',
  'Barbara',
  'Karen',
  'Nancy',
  'Sandra',
  'Donna',
  'Carol',
  'Michelle',
  'Dorothy',
  'Ignacio',
  'Jesús',
  'Dolores',
  'Guadalupe',
  'Théo',
  'Élodie',
  'Aurélie',
  'Jürgen',
  'Ingrid',
];
const MIDDLE_NAMES = [
  'Andrew',
  'Robert',
  'Marie',
  'Ann',
  'Lee',
  'James',
  'Elizabeth',
  'Louise',
  'Michael',
  'Joseph',
  'Grace',
  'Lynn',
  'Thomas',
  'Edward',
  'Rose',
  'Jean',
  'Paul',
  'Ray',
  'Kay',
  'Alan',
  'Dean',
  'Eugene',
  'Francis',
  'Irene',
  'Luis',
  'Elena',
  'Isabel',
  'Manuel',
  'Ángel',
  'Inés',
  'Kumar',
  'Hao',
  'Van',
  'Thi',
  'Oluwaseun',
  'Patrick',
  'Catherine',
  'Victor',
  'Philip',
  'Nathaniel',
  'Beatriz',
  'Consuelo',
  'Hyun',
  'Ji',
  'Amir',
];
const SURNAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'García',
  'Rodríguez',
  'Martínez',
  'Hernández',
  'López',
  'González',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Pérez',
  'Thompson',
  'White',
  'Harris',
  'Sánchez',
  'Clark',
  'Ramírez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  "O'Brien",
  "O'Connor",
  'McDonald',
  'MacArthur',
  'McCarthy',
  "D'Angelo",
  'Van der Berg',
  'Van Dyke',
  'de la Cruz',
  'Del Rosario',
  'De Luca',
  'DiMaggio',
  'St. John',
  'Le',
  'Tran',
  'Pham',
  'Hoang',
  'Kim',
  'Park',
  'Choi',
  'Patel',
  'Shah',
  'Singh',
  'Gupta',
  'Kumar',
  'Chen',
  'Wang',
  'Li',
  'Zhang',
  'Liu',
  'Yamamoto',
  'Tanaka',
  'Müller',
  'Schröder',
  'Øster',
  'Kowalski',
  'Nowak',
  'Ivanov',
  'Petrov',
  'Núñez',
  'Peña',
  'Ibáñez',
  'Muñoz',
  'Castillo',
  'Bergström',
  'Åberg',
  'Kessler',
  'Schwartzman',
  'Goldberg',
  'Rosenberg',
  'Fitzgerald',
  'Okafor',
  'Adeyemi',
  'Mensah',
  'Haddad',
  'Khoury',
  'Nakamura',
  'Dubois',
  'Lefèvre',
  'Fontaine',
  'Rossi',
  'Bianchi',
  'Esposito',
  'Kaur',
  'Reddy',
  'Iyer',
  'Chowdhury',
  'Rahman',
  'Hussain',
  'Friedman',
  'Weiss',
  'Cohen',
  'Levy',
  'Murphy',
  'Kelly',
  'Sullivan',
  'Walsh',
  'Byrne',
  'Ryan',
  'Vandenberg',
  'Delacroix',
  'Macintosh',
  'Stjohn',
  'Lamont',
  'Lafayette',
  'Vasquez',
  'Ortega',
  'Delgado',
];
const HISPANIC_SURNAMES = [
  'García',
  'López',
  'Martínez',
  'Hernández',
  'Rodríguez',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Flores',
  'Vega',
  'Ortiz',
  'Rivera',
  'Castro',
];
const STATES: StateCode[] = ['CA', 'TX', 'NY', 'FL', 'WA', 'CO', 'MO', 'IL', 'PA', 'OH', 'GA', 'NC', 'AZ', 'MA'];

const random = seededRandom(20_240_601);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const chance = (p: number) => random() < p;

let nextPerson = 1;
let nextNumber = 100_000;
type PersonSeed = Pick<GroundTruthPerson, 'firstName' | 'middleName' | 'lastName' | 'suffix'> & {
  states?: StateCode[];
  licenseType?: LicenseType;
};

function person(seed: PersonSeed): GroundTruthPerson {
  const licenseType = seed.licenseType ?? (chance(0.11) ? 'DO' : 'MD');
  const states = seed.states ?? [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(STATES)))];
  const nickname = nicknameVariants(seed.firstName)[0];
  return {
    personId: `p${nextPerson++}`,
    ...seed,
    nicknames: nickname ? [nickname.charAt(0).toUpperCase() + nickname.slice(1)] : [],
    licenses: states.map((jurisdiction) => ({
      boardId: `${jurisdiction.toLowerCase()}-${licenseType.toLowerCase()}`,
      jurisdiction,
      licenseType,
      licenseNumber: `${jurisdiction}${licenseType}${nextNumber++}`,
      status: 'active',
      issueDate: '2015-06-01',
      expiryDate: '2027-06-30',
    })),
  };
}

function randomPerson(): GroundTruthPerson {
  const middle = chance(0.8) ? pick(MIDDLE_NAMES) : chance(0.5) ? `${pick(MIDDLE_NAMES).charAt(0)}` : null;
  const lastName = chance(0.1) ? `${pick(HISPANIC_SURNAMES)}-${pick(HISPANIC_SURNAMES)}` : pick(SURNAMES);
  const suffix = chance(0.04) ? pick(['Jr', 'II', 'III']) : null;
  return person({ firstName: pick(FIRST_NAMES), middleName: middle, lastName, suffix });
}

function population(): GroundTruthPerson[] {
  const people = Array.from({ length: 300 }, randomPerson);
  const pair = (a: PersonSeed, b: PersonSeed) => people.push(person(a), person(b));
  const named = (firstName: string, middleName: string | null, lastName: string, suffix: string | null = null) => ({
    firstName,
    middleName,
    lastName,
    suffix,
  });
  // Namesakes with different middle names, half of them licensed in a common state.
  pair(
    { ...named('John', 'Andrew', 'Smith'), states: ['TX', 'CA'] },
    { ...named('John', 'Robert', 'Smith'), states: ['TX', 'NY'] },
  );
  pair(
    { ...named('Michael', 'James', 'Brown'), states: ['FL'] },
    { ...named('Michael', 'Thomas', 'Brown'), states: ['WA', 'CO'] },
  );
  pair(
    { ...named('María', 'Elena', 'García'), states: ['TX'] },
    { ...named('María', 'Isabel', 'García'), states: ['TX', 'AZ'] },
  );
  pair({ ...named('David', 'Lee', 'Kim'), states: ['CA', 'WA'] }, { ...named('David', 'Hyun', 'Kim'), states: ['NY'] });
  pair({ ...named('Wei', 'Hao', 'Chen'), states: ['CA'] }, { ...named('Wei', 'Ji', 'Chen'), states: ['CA', 'MA'] });
  pair(
    { ...named('Sarah', 'Ann', 'Cohen'), states: ['NY', 'NC'] },
    { ...named('Sarah', 'Beatriz', 'Cohen'), states: ['FL'] },
  );
  // Fathers and sons, with and without a 'Sr' on the father's licenses.
  pair(
    { ...named('Robert', 'James', 'Walsh', 'Sr'), states: ['MA', 'NY'] },
    { ...named('Robert', 'James', 'Walsh', 'Jr'), states: ['MA'] },
  );
  pair(
    { ...named('Thomas', 'Edward', 'Hall', 'Sr'), states: ['OH'] },
    { ...named('Thomas', 'Edward', 'Hall', 'Jr'), states: ['PA', 'OH'] },
  );
  pair(
    { ...named('Charles', 'Dean', 'Nelson', 'II'), states: ['GA'] },
    { ...named('Charles', 'Dean', 'Nelson', 'III'), states: ['GA', 'NC'] },
  );
  pair(
    { ...named('James', 'Patrick', 'Murphy', null), states: ['IL'] },
    { ...named('James', 'Patrick', 'Murphy', 'Jr'), states: ['IL', 'MO'] },
  );
  // One nickname, two given names; real names a keystroke apart.
  pair(
    { ...named('Christopher', 'Paul', 'Lee'), states: ['CA'] },
    { ...named('Christine', 'Marie', 'Lee'), states: ['WA'] },
  );
  pair(
    { ...named('Alexander', null, 'Ruiz'), states: ['TX'] },
    { ...named('Alejandro', null, 'Ruiz'), states: ['AZ'] },
  );
  pair(
    { ...named('Daniel', 'Joseph', 'Moore'), states: ['FL'] },
    { ...named('Daniela', 'Rose', 'Moore'), states: ['GA'] },
  );
  pair(
    { ...named('Mario', null, 'Rossi'), states: ['NY'] },
    { ...named('Maria', null, 'Rossi'), states: ['NY', 'PA'] },
  );
  pair({ ...named('Justin', 'Alan', 'Kim'), states: ['CO'] }, { ...named('Justine', 'Kay', 'Kim'), states: ['CO'] });
  // Single and double surnames; near surnames that are each somebody's.
  pair(
    { ...named('Ana', 'Luisa', 'Garcia'), states: ['TX', 'FL'] },
    { ...named('Ana', 'Sofia', 'Garcia-Lopez'), states: ['CA'] },
  );
  pair(
    { ...named('Jorge', null, 'Ortiz'), states: ['AZ'] },
    { ...named('Jorge', null, 'Ortiz-Rivera'), states: ['AZ', 'CA'] },
  );
  pair(
    { ...named('Peter', 'Paul', 'Hansen'), states: ['WA'] },
    { ...named('Peter', 'Paul', 'Hanson'), states: ['MN'] },
  );
  pair(
    { ...named('Karen', 'Irene', 'Petersen'), states: ['IL'] },
    { ...named('Karen', 'Irene', 'Peterson'), states: ['OH'] },
  );
  // Identical names: told apart only where both hold a license in one state.
  pair(
    { ...named('Emily', 'Rose', 'Walker'), states: ['NC', 'GA'] },
    { ...named('Emily', 'Rose', 'Walker'), states: ['GA'] },
  );
  pair({ ...named('Kevin', 'Alan', 'Patel'), states: ['NJ'] }, { ...named('Kevin', 'Alan', 'Patel'), states: ['NV'] });
  return people;
}

// ---- How boards print a person: upper case on most, accents dropped by some, middle names now
// and then cut to an initial or left out, hyphens as spaces, particles run together, the suffix
// inside the surname, once in a while the name the physician goes by.
function boardRecord(p: GroundTruthPerson, license: GroundTruthPerson['licenses'][number]): SourceRecord {
  const boardRandom = seededRandom([...license.boardId].reduce((h, c) => h * 31 + c.charCodeAt(0), 7));
  const upper = boardRandom() < 0.7;
  const ascii = boardRandom() < 0.5;
  const hyphenAsSpace = boardRandom() < 0.3;
  const style = (value: string) => {
    const plain = ascii ? value.normalize('NFD').replace(/\p{M}/gu, '').replace('ø', 'o').replace('Ø', 'O') : value;
    return upper ? plain.toUpperCase() : plain;
  };
  let firstName = p.firstName;
  if (p.nicknames[0] && chance(0.03)) firstName = p.nicknames[0];
  let middleName = p.middleName;
  if (middleName && middleName.length > 1) {
    const roll = random();
    if (roll < 0.1) middleName = middleName.charAt(0);
    else if (roll < 0.18) middleName = null;
  }
  let lastName = p.lastName;
  if (hyphenAsSpace) lastName = lastName.replaceAll('-', ' ');
  if (/^(van|de|del|st\.?) /i.test(lastName) && chance(0.2)) lastName = lastName.replaceAll(/[ .]/g, '');
  let suffix = p.suffix;
  if (suffix && chance(0.3)) {
    lastName = `${lastName} ${suffix}`;
    suffix = null;
  }
  return {
    jurisdiction: license.jurisdiction,
    boardId: license.boardId,
    licenseType: license.licenseType,
    licenseNumber: license.licenseNumber,
    firstName: style(firstName),
    middleName: middleName ? style(middleName) : null,
    lastName: style(lastName),
    suffix: suffix ? style(suffix) : null,
    rawStatus: 'ACTIVE',
    status: license.status,
    issueDate: license.issueDate,
    expiryDate: license.expiryDate,
    discipline: null,
  };
}

const log = pino({ level: 'silent' });
let testDatabase: TestDatabase;
let database: Database;
const people = population();

async function load(persons: readonly GroundTruthPerson[]) {
  const records = persons.flatMap((p) => p.licenses.map((l) => boardRecord(p, l)));
  const stored = await upsertLookedUpLicenses({ pool: database.pool, log }, { records, sourceKind: 'test' });
  expect(stored.rejected).toBe(0);
}

beforeAll(async () => {
  testDatabase = await startTestDatabase();
  database = connectDatabase(testDatabase.url, { max: 4 });
  await runMigrations(database.pool);
});
afterAll(async () => {
  await database?.pool.end();
  await testDatabase?.close();
});

describe('license matching against the registry', () => {
  it('finds labelled physicians under every query variant with ≥ 99.5% precision and ≥ 98% recall', async () => {
    const input: EvaluateAccuracyInput = { persons: people, load, concurrency: 4, maxMistakes: 1000 };
    const report = await evaluateAccuracy(database.db, input);

    console.log(
      formatAccuracyReport(
        `license matching accuracy — ${people.length} labelled people`,
        report,
        process.env.MATCHING_MISTAKES ? 1000 : 15,
      ),
    );

    expect(report.resolvable.precision).toBeGreaterThanOrEqual(0.995);
    expect(report.resolvable.recall).toBeGreaterThanOrEqual(0.98);
    expect(report.overall.precision).toBeGreaterThanOrEqual(0.99);
    expect(report.resolvableByVariant.exact?.precision).toBeGreaterThanOrEqual(0.995);
    expect(report.resolvableByVariant.exact?.recall).toBeGreaterThanOrEqual(0.995);
    expect(report.unattributed).toBe(0);
  }, 180_000);

  it('never attaches a namesake’s license', async () => {
    const db = database.db;
    const owner = (licenseNumber: string | null) =>
      people.find((p) => p.licenses.some((l) => l.licenseNumber === licenseNumber))?.personId;
    for (const middleName of ['Andrew', 'Robert']) {
      const namesake = people.find((p) => p.lastName === 'Smith' && p.middleName === middleName) as GroundTruthPerson;
      const matches = await findLicenses(db, { firstName: 'John', middleName, lastName: 'Smith', licenseType: 'MD' });
      const confident = matches.filter((m) => m.confidence >= CONFIDENT_MATCH);
      expect(confident.length).toBeGreaterThan(0);
      for (const match of confident) expect(owner(match.license.licenseNumber)).toBe(namesake.personId);
    }

    const bare = await findLicenses(db, { firstName: 'John', lastName: 'Smith', licenseType: 'MD', states: ['TX'] });
    expect(bare.length).toBeGreaterThanOrEqual(2);
    for (const match of bare) {
      expect(match.confidence).toBeLessThan(CONFIDENT_MATCH);
      expect(match.reason).toMatch(/^ambiguous/);
    }

    const chris = await findLicenses(db, {
      firstName: 'Chris',
      lastName: 'Lee',
      licenseType: 'MD',
      states: ['CA', 'WA'],
    });
    expect(chris.filter((m) => m.confidence >= CONFIDENT_MATCH)).toEqual([]);
  });

  it('explains matches in words and returns the best first', async () => {
    const matches = await findLicenses(database.db, {
      firstName: 'Bob',
      middleName: 'J.',
      lastName: 'Walsh',
      suffix: 'Jr.',
      licenseType: 'MD',
    });
    expect(matches.length).toBeGreaterThan(0);
    expect(matches[0]?.license.jurisdiction).toBe('MA');
    expect(matches[0]?.reason).toContain('nickname Bob→Robert');
    const confidences = matches.map((m) => m.confidence);
    expect([...confidences].sort((a, b) => b - a)).toEqual(confidences);
  });

  it('narrows to the requested states and finds nothing for an empty list', async () => {
    const p = people.find((x) => x.licenses.length >= 2 && x.suffix === null) as GroundTruthPerson;
    const [first, second] = p.licenses as [
      GroundTruthPerson['licenses'][number],
      GroundTruthPerson['licenses'][number],
    ];
    const query = {
      firstName: p.firstName,
      middleName: p.middleName,
      lastName: p.lastName,
      licenseType: first.licenseType,
    };
    const one = await findLicenses(database.db, { ...query, states: [first.jurisdiction] });
    expect(one.every((m) => m.license.jurisdiction === first.jurisdiction)).toBe(true);
    expect(one.some((m) => m.license.licenseNumber === first.licenseNumber)).toBe(true);
    expect(one.some((m) => m.license.licenseNumber === second.licenseNumber)).toBe(false);
    expect(await findLicenses(database.db, { ...query, states: [] })).toEqual([]);
  });

  it('finds a license by number however it is typed', async () => {
    const p = people[0] as GroundTruthPerson;
    const l = p.licenses[0] as GroundTruthPerson['licenses'][number];
    const number = l.licenseNumber as string;
    const exact = await findByNumber(database.db, { licenseNumber: number, state: l.jurisdiction });
    expect(exact).toHaveLength(1);
    expect(exact[0]).toMatchObject({ confidence: 1, reason: 'license number' });
    const sloppy = `${number.slice(0, 2).toLowerCase()} ${number.slice(2, 4)}-${number.slice(4)}`;
    const found = await findByNumber(database.db, { licenseNumber: sloppy, state: l.jurisdiction });
    expect(found.map((m) => m.license.licenseNumber)).toEqual([number]);
    expect(found[0]?.confidence).toBeLessThan(1);
    const otherState = STATES.find((s) => s !== l.jurisdiction) as StateCode;
    expect(await findByNumber(database.db, { licenseNumber: number, state: otherState })).toEqual([]);
  });
});

describe('live look-up fallback', () => {
  const record = (overrides: Partial<SourceRecord>): SourceRecord => ({
    jurisdiction: 'VT',
    boardId: 'vt-med',
    licenseType: 'MD',
    licenseNumber: '042.0099999',
    firstName: 'Guillermo',
    middleName: 'Javier',
    lastName: 'Quintanilla',
    suffix: null,
    rawStatus: 'Active',
    status: 'active',
    issueDate: '2012-01-01',
    expiryDate: '2026-11-30',
    discipline: null,
    ...overrides,
  });
  const source = (boardId: string, answer: () => ReturnType<LicenseSource['search']>): LicenseSource => ({
    boardId,
    search: answer,
    health: async () => ({ ok: true, value: { latencyMs: 1 } }),
  });

  it('stores what a search-only board returns, then matches it; a failing board is reported, not thrown', async () => {
    const vermont = source('vt-med', async () => ({ ok: true, value: [record({})] }));
    const maine = source('me-md', async () => ({
      ok: false,
      error: { kind: 'unavailable', message: 'HTTP 503', status: 503 },
    }));
    const broken = source('nh-med', async () => {
      throw new Error('socket hang up');
    });
    const result = await findLicensesWithLookup(
      { db: database.db, pool: database.pool, log },
      { firstName: 'Memo', middleName: 'J', lastName: 'Quintanilla', licenseType: 'MD' },
      {
        lookups: [
          { state: 'VT', sourceKind: 'html-lookup', source: vermont },
          { state: 'ME', sourceKind: 'html-lookup', source: maine },
          { state: 'NH', sourceKind: 'html-lookup', source: broken },
        ],
      },
    );
    expect(result.lookedUp).toEqual([{ state: 'VT', boardId: 'vt-med', records: 1 }]);
    expect(result.failures).toEqual([
      { state: 'ME', boardId: 'me-md', error: 'unavailable: HTTP 503', kind: 'unavailable' },
      // Not the board's answer: no kind, so a user is told only that the board could not be read.
      { state: 'NH', boardId: 'nh-med', error: 'socket hang up', kind: null },
    ]);
    expect(result.matches).toHaveLength(1);
    expect(result.matches[0]).toMatchObject({
      license: { jurisdiction: 'VT', licenseNumber: '042.0099999', sourceKind: 'html-lookup' },
      reason: 'nickname Memo→Guillermo, middle initial',
    });
    expect(result.matches[0]?.confidence).toBeGreaterThanOrEqual(CONFIDENT_MATCH);

    // Stored: the registry alone now answers.
    const again = await findLicenses(database.db, {
      firstName: 'Guillermo',
      lastName: 'Quintanilla',
      licenseType: 'MD',
    });
    expect(again.map((m) => m.license.licenseNumber)).toEqual(['042.0099999']);
  });

  it('searches only the boards of the requested states', async () => {
    let searched = 0;
    const counting = source('ri-med', async () => {
      searched++;
      return { ok: true, value: [] };
    });
    const result = await findLicensesWithLookup(
      { db: database.db, pool: database.pool, log },
      { firstName: 'Nobody', lastName: 'Inparticular', licenseType: 'MD', states: ['TX'] },
      { lookups: [{ state: 'RI', sourceKind: 'html-lookup', source: counting }] },
    );
    expect(searched).toBe(0);
    expect(result).toEqual({ matches: [], lookedUp: [], failures: [] });
  });
});
