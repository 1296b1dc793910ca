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
  /** Null on the few roster rows published without a number. */
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
// details can be generated independently (a roster pass never pays for names it skips).
const SALT_NAMES = 1;
const SALT_LICENSES = 2;
const SALT_TWIN = 3;
const SALT_DETAILS = 100;

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

function parseToday(today: Date | string | undefined): string {
  if (typeof today === 'string') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(today))) {
      throw new Error(`today must be YYYY-MM-DD, got ${JSON.stringify(today)}`);
    }
    return today;
  }
  return (today ?? new Date()).toISOString().slice(0, 10);
}

export function createPopulation(options: PopulationOptions = {}): Population {
  const seed = options.seed ?? DEFAULT_SEED;
  const size = options.size ?? DEFAULT_SIZE;
  if (!Number.isInteger(size) || size < 1) throw new Error(`size must be a positive integer, got ${size}`);
  if (!Number.isInteger(seed)) throw new Error(`seed must be an integer, got ${seed}`);
  const today = parseToday(options.today);
  const todayDay = Math.floor(Date.parse(today) / DAY_MS);
  const licenseNumbers = new LicenseNumbers(seed, size);
  const npis = new NpiNumbers(seed);
  const doOffset = hash32(seed, 0xd0) / 4294967296;

  const isoCache = new Map<number, string>();
  const iso = (day: number): string => {
    let text = isoCache.get(day);
    if (text === undefined) {
      text = new Date(day * DAY_MS).toISOString().slice(0, 10);
      isoCache.set(day, text);
    }
    return text;
  };

  function twinSource(index: number): number | null {
    if (index === 0) return null;
    const h = hash32(seed, index, SALT_TWIN);
    if (h % 1000 >= TWIN_PER_MILLE) return null;
    // A nearby earlier person, so small populations get twins too.
    return index - 1 - (hash32(h, 7) % Math.min(index, 997));
  }

  function licenseTypeOf(index: number): LicenseType {
    const x = (index * GOLDEN + doOffset) % 1;
    return x < DO_SHARE ? 'DO' : 'MD';
  }

  type Skeleton = { licenseType: LicenseType; jurisdictions: StateCode[] };

  function skeleton(index: number): Skeleton {
    const random = mulberry32(hash32(seed, index, SALT_LICENSES));
    const licenseType = licenseTypeOf(index);
    const twin = twinSource(index);
    let home = pickWeighted(random, STATE_WEIGHTS);
    if (twin !== null) {
      const twinHome = skeleton(twin).jurisdictions[0] as StateCode;
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

  type Names = {
    female: boolean;
    firstName: string;
    middleName: string | null;
    lastName: string;
    suffix: string | null;
  };

  function names(index: number): Names {
    const random = mulberry32(hash32(seed, index, SALT_NAMES));
    const twin = twinSource(index);
    const namesake = twin === null ? null : names(twin);
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
    if (namesake) {
      firstName = namesake.firstName;
      lastName = namesake.lastName;
      // Father and son with one name: only the suffix tells them apart.
      suffix = !female && namesake.suffix === null && random() < 0.3 ? 'Jr' : null;
    }
    let middleName: string | null = null;
    if (random() >= origin.noMiddle) {
      const middleFrom = origin.id === 'english' || random() < 0.5 ? MIDDLES : lists;
      middleName = pickWeighted(random, female ? middleFrom.female : middleFrom.male);
      if (middleName === firstName || middleName.includes('-')) {
        middleName = pickWeighted(random, female ? MIDDLES.female : MIDDLES.male);
      }
      if (middleName === firstName) middleName = null;
      // Some people are known to their boards by an initial only.
      else if (random() < 0.1) middleName = middleName.charAt(0);
    }
    return { female, firstName, middleName, lastName, suffix };
  }

  function nicknamesOf(firstName: string, random: Random): string[] {
    const known = NICKNAMES[firstName];
    if (!known || known.length === 0) return [];
    return known.filter((_, i) => i === 0 || random() < 0.4);
  }

  function statusExpiry(random: Random, status: LicenseStatus): number | null {
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

  function license(
    index: number,
    jurisdiction: StateCode,
    licenseType: LicenseType,
    middleName: string | null,
    isTwin: boolean,
  ): SimLicense {
    const random = mulberry32(hash32(seed, index, SALT_DETAILS + (STATE_INDEX.get(jurisdiction) as number)));
    const board = boardFor(jurisdiction, licenseType);
    const status = pickWeighted(random, STATUSES);
    let expiryDay = statusExpiry(random, status);
    if (random() < 0.02) expiryDay = null;
    // Issued between two months and ~40 years ago, more of them recent; never after expiry.
    let issueDay = todayDay - 60 - Math.floor(random() ** 1.3 * 40 * 365);
    if (expiryDay !== null && issueDay > expiryDay - 400) issueDay = expiryDay - 400 - intBetween(random, 0, 3000);
    // Renewal cycles of two years: the last renewal is two years before expiry, if that has passed.
    let renewalDay = issueDay;
    if (expiryDay !== null) renewalDay = Math.max(issueDay, Math.min(todayDay - 1, expiryDay - 730));

    const texts = DISCIPLINE_TEXT[status];
    let discipline: string | null = null;
    if (texts && (status !== 'active' || random() < 0.015)) {
      const from = Math.min(issueDay + 200, todayDay - 1);
      discipline = `${pick(random, texts)} (${iso(intBetween(random, from, todayDay - 1))})`;
    }

    let middleAsPublished = middleName;
    if (middleName !== null) {
      const u = random();
      if (middleName.length > 1 && u < 0.14) middleAsPublished = middleName.charAt(0);
      else if (u > 0.93) middleAsPublished = null;
    }

    // Only roster styles publish number-less rows; a namesake never does, or nothing would tell
    // the two apart on a board.
    const numberless = board.style !== 'html-lookup' && !isTwin && random() < 0.015;
    const issueYear = Number(iso(issueDay).slice(0, 4));
    return {
      boardId: board.boardId,
      jurisdiction,
      licenseType,
      licenseNumber: numberless ? null : licenseNumbers.format(board.boardId, licenseType).render(index, issueYear),
      status,
      issueDate: iso(issueDay),
      renewalDate: iso(renewalDay),
      expiryDate: expiryDay === null ? null : iso(expiryDay),
      discipline,
      middleAsPublished,
    };
  }

  function build(index: number, shape: Skeleton): SimPerson {
    const n = names(index);
    const random = mulberry32(hash32(seed, index, SALT_NAMES, 2));
    const twin = twinSource(index);
    const licenses = shape.jurisdictions.map((jurisdiction) =>
      license(index, jurisdiction, shape.licenseType, n.middleName, twin !== null),
    );
    return {
      index,
      personId: `P${String(index).padStart(7, '0')}`,
      firstName: n.firstName,
      middleName: n.middleName,
      lastName: n.lastName,
      suffix: n.suffix,
      nicknames: nicknamesOf(n.firstName, random),
      licenseType: shape.licenseType,
      npi: npis.render(index),
      taxonomy: pickWeighted(random, TAXONOMY_WEIGHTS),
      homeState: shape.jurisdictions[0] as StateCode,
      sameNameAs: twin,
      licenses,
    };
  }

  function checkIndex(index: number) {
    if (!Number.isInteger(index) || index < 0 || index >= size) throw new RangeError(`no person ${index}`);
  }

  function boardIdsOf(shape: Skeleton): string[] {
    return shape.jurisdictions.map((j) => boardFor(j, shape.licenseType).boardId);
  }

  const population: Population = {
    seed,
    size,
    today,
    licenseNumbers,
    person(index) {
      checkIndex(index);
      return build(index, skeleton(index));
    },
    *people() {
      for (let index = 0; index < size; index++) yield build(index, skeleton(index));
    },
    boardsOf(index) {
      checkIndex(index);
      return boardIdsOf(skeleton(index));
    },
    lastNameOf(index) {
      checkIndex(index);
      return names(index).lastName;
    },
    *boardLicenses(boardId) {
      const board = simBoard(boardId);
      if (!board) throw new Error(`unknown board ${boardId}`);
      for (let index = 0; index < size; index++) {
        const shape = skeleton(index);
        if (!shape.jurisdictions.includes(board.jurisdiction)) continue;
        if (!board.licenseTypes.includes(shape.licenseType)) continue;
        const person = build(index, shape);
        const held = person.licenses.find((l) => l.boardId === boardId) as SimLicense;
        yield { person, license: held };
      }
    },
    findByLicenseNumber(boardId, licenseNumber) {
      const board = simBoard(boardId);
      if (!board) return null;
      const wanted = licenseNumber.trim().toUpperCase();
      for (const { format } of licenseNumbers.formatsOf(boardId, board.licenseTypes)) {
        const parsed = format.parse(wanted);
        if (!parsed || parsed.personIndex >= size) continue;
        const person = build(parsed.personIndex, skeleton(parsed.personIndex));
        const held = person.licenses.find((l) => l.boardId === boardId);
        if (held?.licenseNumber && held.licenseNumber.toUpperCase() === wanted) return { person, license: held };
      }
      return null;
    },
    findByNpi(npi) {
      const index = npis.parse(npi.trim());
      if (index === null || index >= size) return null;
      return build(index, skeleton(index));
    },
  };
  return population;
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
