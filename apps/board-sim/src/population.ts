import type { LicenseStatus, LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { boardFor, simBoard } from './boards.ts';
import { LicenseNumbers, NpiNumbers } from './license-numbers.ts';
import { ENGLISH_MIDDLES, type NameOrigin, NICKNAMES, ORIGINS, SUFFIX_WEIGHTS, SUFFIXES, TAXONOMIES } from './names.ts';
import {
  hash32,
  intBetween,
  mulberry32,
  pick,
  pickWeighted,
  type Random,
  rankWeighted,
  type WeightedList,
  weighted,
} from './prng.ts';

export type SimLicense = {
  boardId: string;
  jurisdiction: StateCode;
  licenseType: LicenseType;
  /** Null on the few bulk-file rows published without a number. */
  licenseNumber: string | null;
  status: LicenseStatus;
  /** ISO dates. */
  issueDate: string;
  /** Most recent renewal (Washington publishes it as `lastissuedate`). */
  renewalDate: string;
  expiryDate: string | null;
  discipline: string | null;
  /** The middle name as this board prints it: full, initial only or left out. */
  middleAsPublished: string | null;
  /**
   * The surname as this board prints it: usually as the person writes it, but some boards space
   * or drop an apostrophe ('O Neill', 'ONeill'), space a Mc/Mac ('Mc Donald') or run particles
   * together ('Delacruz').
   */
  lastNameAsPublished: string;
};

export type SimPerson = {
  index: number;
  personId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  nicknames: string[];
  licenseType: LicenseType;
  npi: string;
  taxonomy: { code: string; desc: string };
  homeState: StateCode;
  /** Index of the earlier person whose first and last name this one deliberately shares. */
  sameNameAs: number | null;
  /** Home state first. */
  licenses: SimLicense[];
};

/** One line of /ground-truth.jsonl, keys in the contract's order. */
export type GroundTruthPerson = {
  personId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  nicknames: string[];
  licenses: {
    boardId: string;
    jurisdiction: StateCode;
    licenseType: LicenseType;
    licenseNumber: string | null;
    status: LicenseStatus;
    issueDate: string;
    expiryDate: string | null;
  }[];
};

export type BoardLicense = { person: SimPerson; license: SimLicense };

export type PopulationOptions = {
  seed?: number;
  /** Number of physicians. */
  size?: number;
  /** The simulated "today" (expiry dates are spread around it); a Date or 'YYYY-MM-DD'. */
  today?: Date | string;
};

export type Population = {
  readonly seed: number;
  readonly size: number;
  /** ISO date. */
  readonly today: string;
  readonly licenseNumbers: LicenseNumbers;
  person(index: number): SimPerson;
  /** Every person in index order, generated one at a time (constant memory). */
  people(): Generator<SimPerson>;
  /** Board ids a person holds a license on, without generating names or details. */
  boardsOf(index: number): string[];
  /** Last name of a person, without generating the rest. */
  lastNameOf(index: number): string;
  /** One board's licenses in person order, streamed (constant memory). */
  boardLicenses(boardId: string): Generator<BoardLicense>;
  findByLicenseNumber(boardId: string, licenseNumber: string): BoardLicense | null;
  findByNpi(npi: string): SimPerson | null;
};

export const DEFAULT_SEED = 42;
export const DEFAULT_SIZE = 20_000;
const DAY_MS = 86_400_000;

// Census 2020 resident population (thousands): where physicians live and practise, roughly.
const STATE_POPULATION: Record<StateCode, number> = {
  AL: 5024,
  AK: 733,
  AZ: 7152,
  AR: 3012,
  CA: 39538,
  CO: 5774,
  CT: 3606,
  DE: 990,
  DC: 690,
  FL: 21538,
  GA: 10712,
  HI: 1455,
  ID: 1839,
  IL: 12813,
  IN: 6786,
  IA: 3190,
  KS: 2938,
  KY: 4506,
  LA: 4658,
  ME: 1362,
  MD: 6177,
  MA: 7030,
  MI: 10077,
  MN: 5706,
  MS: 2961,
  MO: 6155,
  MT: 1084,
  NE: 1962,
  NV: 3105,
  NH: 1378,
  NJ: 9289,
  NM: 2118,
  NY: 20201,
  NC: 10439,
  ND: 779,
  OH: 11799,
  OK: 3959,
  OR: 4237,
  PA: 13003,
  RI: 1097,
  SC: 5119,
  SD: 887,
  TN: 6911,
  TX: 29146,
  UT: 3272,
  VT: 643,
  VA: 8631,
  WA: 7705,
  WV: 1794,
  WI: 5894,
  WY: 577,
};
const STATES = Object.keys(STATE_POPULATION) as StateCode[];
const STATE_WEIGHTS = weighted(STATES, Object.values(STATE_POPULATION));
const STATE_INDEX = new Map(STATES.map((code, index) => [code, index]));

// Most physicians hold one or two licenses; telehealth and locums hold many.
const LICENSE_COUNTS = weighted([1, 2, 3, 4, 5, 6], [56, 25, 10, 5, 3, 1]);
const STATUSES = weighted<LicenseStatus>(
  ['active', 'expired', 'inactive', 'probation', 'suspended', 'revoked'],
  [80, 9, 5, 2.5, 2, 1.5],
);
const ORIGIN_WEIGHTS = weighted(
  ORIGINS,
  ORIGINS.map((origin) => origin.weight),
);
const TAXONOMY_WEIGHTS = weighted(
  TAXONOMIES,
  TAXONOMIES.map((t) => t.weight),
);
const SUFFIX_LIST = weighted(SUFFIXES, SUFFIX_WEIGHTS);

type OriginLists = {
  origin: NameOrigin;
  male: WeightedList<string>;
  female: WeightedList<string>;
  last: WeightedList<string>;
};
const ORIGIN_LISTS = new Map<NameOrigin, OriginLists>(
  ORIGINS.map((origin) => [
    origin,
    {
      origin,
      male: rankWeighted(origin.male),
      female: rankWeighted(origin.female),
      last: rankWeighted(origin.last, 3),
    },
  ]),
);
const ENGLISH = ORIGIN_LISTS.get(ORIGINS[0] as NameOrigin) as OriginLists;
const MIDDLES = { male: rankWeighted(ENGLISH_MIDDLES.male), female: rankWeighted(ENGLISH_MIDDLES.female) };

// Salts separate the random streams of one person, so names, licenses and each license's
// details can be generated independently (a bulk-file pass never pays for names it skips).
const SALT_NAMES = 1;
const SALT_LICENSES = 2;
const SALT_TWIN = 3;
const SALT_DETAILS = 100;
// Its own hash, not a draw from the details stream: printing a surname differently must not
// change any other detail of anyone's license.
const SALT_PRINTED_SURNAME = 200;

/** 11% DO: a golden-ratio sequence keeps the share exact even in a 500-person population. */
const DO_SHARE = 0.11;
const GOLDEN = 0.618_033_988_749_895;

/** About 2% of people deliberately share first and last name with an earlier, different person. */
const TWIN_PER_MILLE = 20;

const DISCIPLINE_TEXT: Partial<Record<LicenseStatus, string[]>> = {
  suspended: ['Emergency suspension order', 'License suspended by final order', 'Summary suspension'],
  probation: ['Probation: practice monitor required', 'Probation with continuing education', 'Probation and fine'],
  revoked: ['License revoked by final order', 'Revocation after hearing'],
  active: ['Letter of reprimand', 'Public reprimand and fine', 'Citation and fine'],
};

/** What every generation step shares, fixed once per population. */
type Setup = {
  seed: number;
  size: number;
  /** Days since the epoch, the unit all date arithmetic below uses. */
  todayDay: number;
  /** Where the golden-ratio sequence starts, so each seed puts its DOs on different people. */
  doOffset: number;
  licenseNumbers: LicenseNumbers;
  npis: NpiNumbers;
  iso: (day: number) => string;
};

/** What a person is licensed for: cheap to draw, so board indexes need no names. */
type Skeleton = { licenseType: LicenseType; jurisdictions: StateCode[] };

type Names = {
  female: boolean;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
};

// Every step below that takes `random` consumes draws from a stream other steps continue, so the
// order of draws, and which draws a condition skips, is part of every seed's population.

export function createPopulation(options: PopulationOptions = {}): Population {
  const { seed, size, today } = resolveOptions(options);
  const setup: Setup = {
    seed,
    size,
    todayDay: Math.floor(Date.parse(today) / DAY_MS),
    doOffset: hash32(seed, 0xd0) / 4294967296,
    licenseNumbers: new LicenseNumbers(seed, size),
    npis: new NpiNumbers(seed),
    iso: isoDateFormatter(),
  };
  return {
    seed,
    size,
    today,
    licenseNumbers: setup.licenseNumbers,
    person(index) {
      checkIndex(size, index);
      return generatePerson(setup, index);
    },
    *people() {
      for (let index = 0; index < size; index++) yield generatePerson(setup, index);
    },
    boardsOf(index) {
      checkIndex(size, index);
      return boardIdsOf(drawSkeleton(seed, setup.doOffset, index));
    },
    lastNameOf(index) {
      checkIndex(size, index);
      return drawNames(seed, index).lastName;
    },
    boardLicenses: (boardId) => streamBoardLicenses(setup, boardId),
    findByLicenseNumber: (boardId, licenseNumber) => lookUpLicenseNumber(setup, boardId, licenseNumber),
    findByNpi: (npi) => lookUpNpi(setup, npi),
  };
}

function resolveOptions(options: PopulationOptions): { seed: number; size: number; today: string } {
  const seed = options.seed ?? DEFAULT_SEED;
  const size = options.size ?? DEFAULT_SIZE;
  if (!Number.isInteger(size) || size < 1) throw new Error(`size must be a positive integer, got ${size}`);
  if (!Number.isInteger(seed)) throw new Error(`seed must be an integer, got ${seed}`);
  return { seed, size, today: parseToday(options.today) };
}

function parseToday(today: Date | string | undefined): string {
  if (typeof today === 'string') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(today))) {
      throw new Error(`today must be YYYY-MM-DD, got ${JSON.stringify(today)}`);
    }
    return today;
  }
  return (today ?? new Date()).toISOString().slice(0, 10);
}

/** Days as ISO dates; memoised because a few thousand distinct days serve every license (and exclusion). */
export function isoDateFormatter(): (day: number) => string {
  const cache = new Map<number, string>();
  return (day) => {
    let text = cache.get(day);
    if (text === undefined) {
      text = new Date(day * DAY_MS).toISOString().slice(0, 10);
      cache.set(day, text);
    }
    return text;
  };
}

function checkIndex(size: number, index: number) {
  if (!Number.isInteger(index) || index < 0 || index >= size) throw new RangeError(`no person ${index}`);
}

function generatePerson(setup: Setup, index: number): SimPerson {
  return buildPerson(setup, index, drawSkeleton(setup.seed, setup.doOffset, index));
}

/** Index of the earlier person this one shares first and last name with, if any. */
function namesakeIndex(seed: number, index: number): number | null {
  if (index === 0) return null;
  const h = hash32(seed, index, SALT_TWIN);
  if (h % 1000 >= TWIN_PER_MILLE) return null;
  // A nearby earlier person, so small populations get twins too.
  return index - 1 - (hash32(h, 7) % Math.min(index, 997));
}

function licenseTypeOf(doOffset: number, index: number): LicenseType {
  const x = (index * GOLDEN + doOffset) % 1;
  return x < DO_SHARE ? 'DO' : 'MD';
}

function drawSkeleton(seed: number, doOffset: number, index: number): Skeleton {
  const random = mulberry32(hash32(seed, index, SALT_LICENSES));
  const licenseType = licenseTypeOf(doOffset, index);
  const twin = namesakeIndex(seed, index);
  let home = pickWeighted(random, STATE_WEIGHTS);
  if (twin !== null) {
    const twinHome = drawSkeleton(seed, doOffset, twin).jurisdictions[0] as StateCode;
    // Most namesakes live elsewhere; a quarter share the state, the hardest case for matching.
    if (random() < 0.25) home = twinHome;
    else while (home === twinHome) home = pickWeighted(random, STATE_WEIGHTS);
  }
  const count = pickWeighted(random, LICENSE_COUNTS);
  const jurisdictions: StateCode[] = [home];
  for (let attempt = 0; jurisdictions.length < count && attempt < 50; attempt++) {
    const state = pickWeighted(random, STATE_WEIGHTS);
    if (!jurisdictions.includes(state)) jurisdictions.push(state);
  }
  return { licenseType, jurisdictions };
}

function boardIdsOf(skeleton: Skeleton): string[] {
  return skeleton.jurisdictions.map((j) => boardFor(j, skeleton.licenseType).boardId);
}

function drawNames(seed: number, index: number): Names {
  const random = mulberry32(hash32(seed, index, SALT_NAMES));
  const twin = namesakeIndex(seed, index);
  const namesake = twin === null ? null : drawNames(seed, twin);
  const origin = pickWeighted(random, ORIGIN_WEIGHTS);
  const lists = ORIGIN_LISTS.get(origin) as OriginLists;
  const female = namesake ? namesake.female : random() < 0.42;
  const givenFrom = random() < origin.englishGiven ? ENGLISH : lists;
  let firstName = pickWeighted(random, female ? givenFrom.female : givenFrom.male);
  let lastName = pickWeighted(random, lists.last);
  if (random() < origin.hyphenated) {
    const second = pickWeighted(random, lists.last);
    if (second !== lastName && !second.includes(' ') && !lastName.includes(' ')) lastName = `${lastName}-${second}`;
  }
  let suffix: string | null = !female && random() < origin.suffix ? pickWeighted(random, SUFFIX_LIST) : null;
  // A namesake draws and then discards names of its own: skipping those draws would shift the rest.
  if (namesake) {
    firstName = namesake.firstName;
    lastName = namesake.lastName;
    // Father and son with one name: only the suffix tells them apart.
    suffix = !female && namesake.suffix === null && random() < 0.3 ? 'Jr' : null;
  }
  const middleName = drawMiddleName(random, origin, lists, female, firstName);
  return { female, firstName, middleName, lastName, suffix };
}

function drawMiddleName(
  random: Random,
  origin: NameOrigin,
  lists: OriginLists,
  female: boolean,
  firstName: string,
): string | null {
  if (random() < origin.noMiddle) return null;
  const middleFrom = origin.id === 'english' || random() < 0.5 ? MIDDLES : lists;
  let middleName = pickWeighted(random, female ? middleFrom.female : middleFrom.male);
  if (middleName === firstName || middleName.includes('-')) {
    middleName = pickWeighted(random, female ? MIDDLES.female : MIDDLES.male);
  }
  if (middleName === firstName) return null;
  // Some people are known to their boards by an initial only.
  return random() < 0.1 ? middleName.charAt(0) : middleName;
}

function drawNicknames(random: Random, firstName: string): string[] {
  const known = NICKNAMES[firstName];
  if (!known || known.length === 0) return [];
  return known.filter((_, i) => i === 0 || random() < 0.4);
}

function buildPerson(setup: Setup, index: number, skeleton: Skeleton): SimPerson {
  const names = drawNames(setup.seed, index);
  const random = mulberry32(hash32(setup.seed, index, SALT_NAMES, 2));
  const twin = namesakeIndex(setup.seed, index);
  const licenses = skeleton.jurisdictions.map((jurisdiction) => ({
    ...drawLicense(setup, index, jurisdiction, skeleton.licenseType, names.middleName, twin !== null),
    lastNameAsPublished: printedSurname(
      names.lastName,
      hash32(setup.seed, index, SALT_PRINTED_SURNAME + (STATE_INDEX.get(jurisdiction) as number)),
    ),
  }));
  const nicknames = drawNicknames(random, names.firstName);
  const taxonomy = pickWeighted(random, TAXONOMY_WEIGHTS);
  return {
    index,
    personId: `P${String(index).padStart(7, '0')}`,
    firstName: names.firstName,
    middleName: names.middleName,
    lastName: names.lastName,
    suffix: names.suffix,
    nicknames,
    licenseType: skeleton.licenseType,
    npi: setup.npis.render(index),
    taxonomy,
    homeState: skeleton.jurisdictions[0] as StateCode,
    sameNameAs: twin,
    licenses,
  };
}

/**
 * How one board prints a surname with punctuation or spacing in it: a third of the time
 * differently from the person's own spelling, in the ways bulk files do ('O'Neill' as 'O NEILL' or
 * 'ONEILL', 'McDonald' as 'MC DONALD', 'De la Cruz' as 'DELACRUZ'). Plain surnames never change.
 */
export function printedSurname(lastName: string, hash: number): string {
  const style = hash % 3;
  if (lastName.includes("'")) {
    if (style === 0) return lastName.replaceAll("'", ' ');
    if (style === 1) return lastName.replaceAll("'", '');
    return lastName;
  }
  if (/^Ma?c[A-Z]/.test(lastName) && style === 0) return lastName.replace(/^(Ma?c)/, '$1 ');
  if (/^[A-Z][a-z]* [a-z]/.test(lastName) && style === 0) return lastName.replaceAll(' ', '');
  return lastName;
}

function drawLicense(
  setup: Setup,
  index: number,
  jurisdiction: StateCode,
  licenseType: LicenseType,
  middleName: string | null,
  isTwin: boolean,
): Omit<SimLicense, 'lastNameAsPublished'> {
  const { seed, todayDay, iso } = setup;
  // One stream per jurisdiction, so a license's details do not depend on the person's other licenses.
  const random = mulberry32(hash32(seed, index, SALT_DETAILS + (STATE_INDEX.get(jurisdiction) as number)));
  const board = boardFor(jurisdiction, licenseType);
  const status = pickWeighted(random, STATUSES);
  const { issueDay, renewalDay, expiryDay } = drawLicenseDays(random, status, todayDay);
  const discipline = drawDiscipline(random, status, issueDay, todayDay, iso);
  const middleAsPublished = drawMiddleAsPublished(random, middleName);
  // Only bulk-file styles publish number-less rows; a namesake never does, or nothing would tell
  // the two apart on a board.
  const numberless = board.style !== 'html-lookup' && !isTwin && random() < 0.015;
  const issueYear = Number(iso(issueDay).slice(0, 4));
  return {
    boardId: board.boardId,
    jurisdiction,
    licenseType,
    licenseNumber: numberless ? null : setup.licenseNumbers.format(board.boardId, licenseType).render(index, issueYear),
    status,
    issueDate: iso(issueDay),
    renewalDate: iso(renewalDay),
    expiryDate: expiryDay === null ? null : iso(expiryDay),
    discipline,
    middleAsPublished,
  };
}

function drawLicenseDays(
  random: Random,
  status: LicenseStatus,
  todayDay: number,
): { issueDay: number; renewalDay: number; expiryDay: number | null } {
  let expiryDay = drawExpiryDay(random, status, todayDay);
  if (random() < 0.02) expiryDay = null;
  // Issued between two months and ~40 years ago, more of them recent; never after expiry.
  let issueDay = todayDay - 60 - Math.floor(random() ** 1.3 * 40 * 365);
  if (expiryDay !== null && issueDay > expiryDay - 400) issueDay = expiryDay - 400 - intBetween(random, 0, 3000);
  // Renewal cycles of two years: the last renewal is two years before expiry, if that has passed.
  let renewalDay = issueDay;
  if (expiryDay !== null) renewalDay = Math.max(issueDay, Math.min(todayDay - 1, expiryDay - 730));
  return { issueDay, renewalDay, expiryDay };
}

function drawExpiryDay(random: Random, status: LicenseStatus, todayDay: number): number | null {
  switch (status) {
    case 'active':
    case 'probation':
    case 'suspended': {
      const u = random();
      // About 7% renew within the 42-day alert window; most within two years.
      if (u < 0.07) return todayDay + intBetween(random, 0, 41);
      if (u < 0.8) return todayDay + intBetween(random, 42, 730);
      return todayDay + intBetween(random, 731, 1095);
    }
    case 'expired':
      return todayDay - intBetween(random, 1, 3650);
    case 'inactive':
      return random() < 0.5 ? todayDay - intBetween(random, 1, 2000) : todayDay + intBetween(random, 30, 900);
    case 'revoked':
      return random() < 0.3 ? null : todayDay - intBetween(random, 30, 4000);
    default:
      return null;
  }
}

function drawDiscipline(
  random: Random,
  status: LicenseStatus,
  issueDay: number,
  todayDay: number,
  iso: (day: number) => string,
): string | null {
  const texts = DISCIPLINE_TEXT[status];
  // Every suspension, probation or revocation has an order behind it; few active licenses carry a reprimand.
  if (!texts || (status === 'active' && random() >= 0.015)) return null;
  const from = Math.min(issueDay + 200, todayDay - 1);
  return `${pick(random, texts)} (${iso(intBetween(random, from, todayDay - 1))})`;
}

/** The middle name as one board prints it. */
function drawMiddleAsPublished(random: Random, middleName: string | null): string | null {
  if (middleName === null) return null;
  const u = random();
  if (middleName.length > 1 && u < 0.14) return middleName.charAt(0);
  if (u > 0.93) return null;
  return middleName;
}

function* streamBoardLicenses(setup: Setup, boardId: string): Generator<BoardLicense> {
  const board = simBoard(boardId);
  if (!board) throw new Error(`unknown board ${boardId}`);
  for (let index = 0; index < setup.size; index++) {
    // Filter on the skeleton first: most people are not on this board and need no names.
    const skeleton = drawSkeleton(setup.seed, setup.doOffset, index);
    if (!skeleton.jurisdictions.includes(board.jurisdiction)) continue;
    if (!board.licenseTypes.includes(skeleton.licenseType)) continue;
    const person = buildPerson(setup, index, skeleton);
    const held = person.licenses.find((l) => l.boardId === boardId) as SimLicense;
    yield { person, license: held };
  }
}

function lookUpLicenseNumber(setup: Setup, boardId: string, licenseNumber: string): BoardLicense | null {
  const board = simBoard(boardId);
  if (!board) return null;
  const wanted = licenseNumber.trim().toUpperCase();
  // Parsing recovers an index from any well-formed number; only the person's own license confirms it.
  for (const { format } of setup.licenseNumbers.formatsOf(boardId, board.licenseTypes)) {
    const parsed = format.parse(wanted);
    if (!parsed || parsed.personIndex >= setup.size) continue;
    const person = generatePerson(setup, parsed.personIndex);
    const held = person.licenses.find((l) => l.boardId === boardId);
    if (held?.licenseNumber && held.licenseNumber.toUpperCase() === wanted) return { person, license: held };
  }
  return null;
}

function lookUpNpi(setup: Setup, npi: string): SimPerson | null {
  const index = setup.npis.parse(npi.trim());
  if (index === null || index >= setup.size) return null;
  return generatePerson(setup, index);
}

export function toGroundTruth(person: SimPerson): GroundTruthPerson {
  return {
    personId: person.personId,
    firstName: person.firstName,
    middleName: person.middleName,
    lastName: person.lastName,
    suffix: person.suffix,
    nicknames: person.nicknames,
    licenses: person.licenses.map((l) => ({
      boardId: l.boardId,
      jurisdiction: l.jurisdiction,
      licenseType: l.licenseType,
      licenseNumber: l.licenseNumber,
      status: l.status,
      issueDate: l.issueDate,
      expiryDate: l.expiryDate,
    })),
  };
}
