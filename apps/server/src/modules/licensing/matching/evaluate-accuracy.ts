import type { LicenseStatus, LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import type { Db } from '../../../platform/db/client.ts';
import type { LicenseRow } from '../fetch-license-candidates.ts';
import { findByNumber, normalizeLicenseNumber } from '../find-by-number.ts';
import { type FindLicensesOptions, findLicenses } from '../find-licenses.ts';
import { normalizeNamePart } from '../normalize-name.ts';
import { canonicalSuffix } from '../parse-person-name.ts';
import { CONFIDENT_MATCH, comparableName } from '../score-candidate.ts';
import { generateQueryVariants, QUERY_VARIANTS, type QueryVariant } from './generate-query-variants.ts';

/** One line of the simulator's /ground-truth.jsonl (docs/license-engine.md). */
export type GroundTruthLicense = {
  boardId: string;
  jurisdiction: StateCode;
  licenseType: LicenseType;
  licenseNumber: string | null;
  status: LicenseStatus;
  issueDate: string | null;
  expiryDate: string | null;
};
export type GroundTruthPerson = {
  personId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  nicknames: string[];
  licenses: GroundTruthLicense[];
};

export type AccuracyFigures = {
  queries: number;
  /** Confident matches returned, and how many of them were the queried person's. */
  returned: number;
  correct: number;
  /** The person's licenses of the queried type, and how many came back confidently. */
  expected: number;
  found: number;
  precision: number;
  recall: number;
};
/**
 * What a query tests, for reports: its variant's family, and 'namesake' besides for every query
 * about a person who shares first and last name (and license type) with someone else.
 */
export const ACCURACY_KINDS = [
  'exact',
  'initials',
  'nickname',
  'accents',
  'punctuation',
  'surname-part',
  'suffix',
  'typo',
  'namesake',
] as const;
export type AccuracyKind = (typeof ACCURACY_KINDS)[number];
const KIND_OF_VARIANT: Record<QueryVariant, AccuracyKind> = {
  exact: 'exact',
  'first-initial': 'initials',
  'middle-initial': 'initials',
  'no-middle': 'initials',
  nickname: 'nickname',
  'accents-removed': 'accents',
  'accents-added': 'accents',
  'surname-one-part': 'surname-part',
  'surname-joined': 'punctuation',
  'surname-split': 'punctuation',
  'suffix-added': 'suffix',
  'suffix-removed': 'suffix',
  'first-typo': 'typo',
  'last-typo': 'typo',
  'last-typo-short': 'typo',
};

export type AccuracyMistake = {
  variant: QueryVariant;
  personId: string;
  query: string;
  kind: 'wrong-license' | 'missed-license';
  license: string;
  detail: string;
};
export type AccuracyReport = {
  overall: AccuracyFigures;
  /**
   * Leaving out shared queries: those that, once normalised, are also what another person of
   * the same license type is called or typed as under some variant ('John Smith' for both John
   * Andrew and John Robert Smith, 'Robert Walsh' for father and son). No name-only matcher can
   * answer them for one person; the right answer is to abstain, which costs recall here.
   */
  resolvable: AccuracyFigures;
  byVariant: Partial<Record<QueryVariant, AccuracyFigures>>;
  /** Figures for resolvable queries only, per variant. */
  resolvableByVariant: Partial<Record<QueryVariant, AccuracyFigures>>;
  /** The same by kind (ACCURACY_KINDS); a namesake's queries count under their variant's kind too. */
  byKind: Partial<Record<AccuracyKind, AccuracyFigures>>;
  resolvableByKind: Partial<Record<AccuracyKind, AccuracyFigures>>;
  sharedQueries: number;
  /**
   * Licenses left out of the resolvable figures because, as the board published them, they fit
   * the queried person and a namesake alike (same first and last name; the middle name or suffix
   * left out or cut to a matching initial): 'LINDA L WILLIAMS' for both Linda Lee and Linda Laura.
   * Returned, they are not counted wrong; missed, not counted missing. Abstaining is right.
   */
  indistinguishable: number;
  /** The first wrong and missed licenses of resolvable queries (all are counted). */
  mistakes: AccuracyMistake[];
  /** Returned rows no ground-truth license could be tied to (e.g. no license number); not counted. */
  unattributed: number;
};

export type EvaluateAccuracyInput = {
  persons: readonly GroundTruthPerson[];
  /** Puts the persons' licenses into the registry; omit when they are already there (ingested). */
  load?: (persons: readonly GroundTruthPerson[]) => Promise<void>;
  /**
   * Ties registry rows to ground-truth licenses. Both default to board + normalised license number;
   * licenses without a key are left out of recall, rows without one out of precision.
   */
  keyOfRow?: (row: LicenseRow) => string | null;
  keyOfLicense?: (license: GroundTruthLicense, person: GroundTruthPerson) => string | null;
  variants?: readonly QueryVariant[];
  /** Query only this many people, spread evenly over the list (all of them by default). */
  sampleSize?: number;
  seed?: number;
  concurrency?: number;
  /** Mistakes kept for the report (all are counted). */
  maxMistakes?: number;
  options?: FindLicensesOptions;
};

const defaultKey = (boardId: string, licenseNumber: string | null) =>
  licenseNumber ? `${boardId}|${normalizeLicenseNumber(licenseNumber)}` : null;

type Tally = Omit<AccuracyFigures, 'precision' | 'recall'>;
const emptyTally = (): Tally => ({ queries: 0, returned: 0, correct: 0, expected: 0, found: 0 });
const finish = (t: Tally): AccuracyFigures => ({
  ...t,
  precision: t.returned === 0 ? 1 : t.correct / t.returned,
  recall: t.expected === 0 ? 1 : t.found / t.expected,
});
const addTo = (into: Tally, from: Tally) => {
  into.queries += from.queries;
  into.returned += from.returned;
  into.correct += from.correct;
  into.expected += from.expected;
  into.found += from.found;
};

/** What a query comes to once normalised: the same key means no name-only matcher can tell them apart. */
const queryKey = (licenseType: LicenseType, query: Job['query']) => {
  const name = comparableName(query);
  return `${licenseType}|${name.given.join(' ')}|${name.surname.join(' ')}|${name.suffix ?? ''}`;
};

type Job = {
  person: GroundTruthPerson;
  variant: QueryVariant;
  licenseType: LicenseType;
  query: { firstName: string; middleName: string | null; lastName: string; suffix: string | null };
};

type PlainName = { first: string; middle: string; last: string; suffix: string | null };

const plainOfPerson = (p: GroundTruthPerson): PlainName => ({
  first: normalizeNamePart(p.firstName),
  middle: normalizeNamePart(p.middleName),
  last: normalizeNamePart(p.lastName).replaceAll(' ', ''),
  suffix: canonicalSuffix(p.suffix),
});
const plainOfRow = (row: LicenseRow): PlainName => ({
  first: row.firstNorm,
  middle: row.middleNorm,
  last: row.lastNorm.replaceAll(' ', ''),
  suffix: canonicalSuffix(row.suffix),
});
const fitsPart = (a: string, b: string) =>
  a === '' || b === '' || a === b || (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b));

/**
 * Deliberately strict and independent of the matcher: the same first and last name, and the
 * middle name and suffix either missing on one side, equal, or an initial of the other.
 */
function publishedNameFits(row: PlainName, person: PlainName): boolean {
  return (
    row.first === person.first &&
    row.last === person.last &&
    fitsPart(row.middle, person.middle) &&
    (row.suffix === null || person.suffix === null || row.suffix === person.suffix)
  );
}

/**
 * Measures findLicenses against labelled people: for every person, license type and query
 * variant (exact, initials, missing middle, nickname, accents, surname parts, suffix, typos) it
 * counts confident matches that are the person's own (precision) and the person's licenses of
 * that type that come back confidently (recall), per variant and overall.
 */
export async function evaluateAccuracy(db: Db, input: EvaluateAccuracyInput): Promise<AccuracyReport> {
  const {
    persons,
    keyOfRow = (row: LicenseRow) => defaultKey(row.boardId, row.licenseNumber),
    keyOfLicense = (license: GroundTruthLicense) => defaultKey(license.boardId, license.licenseNumber),
    variants = QUERY_VARIANTS,
    sampleSize = persons.length,
    seed = 1,
    concurrency = 4,
    maxMistakes = 50,
    options = {},
  } = input;
  if (input.load) await input.load(persons);
  const threshold = options.threshold ?? CONFIDENT_MATCH;

  const ownerByKey = new Map<string, string>();
  const plainById = new Map<string, PlainName>();
  const namesakes = new Map<string, GroundTruthPerson[]>();
  const namesakeKey = (type: LicenseType, name: PlainName) => `${type}|${name.first}|${name.last}`;
  for (const person of persons) {
    const plain = plainOfPerson(person);
    plainById.set(person.personId, plain);
    for (const type of new Set(person.licenses.map((l) => l.licenseType))) {
      const key = namesakeKey(type, plain);
      namesakes.set(key, [...(namesakes.get(key) ?? []), person]);
    }
    for (const license of person.licenses) {
      const key = keyOfLicense(license, person);
      if (key) ownerByKey.set(key, person.personId);
    }
  }
  /** Whether the row of one of `person`'s licenses, as published, would fit a namesake too. */
  const fitsNamesake = async (person: GroundTruthPerson, license: GroundTruthLicense, key: string) => {
    if (!license.licenseNumber) return false;
    const found = await findByNumber(db, { licenseNumber: license.licenseNumber, state: license.jurisdiction });
    const row = found.find((m) => keyOfRow(m.license) === key)?.license;
    if (!row) return false;
    const published = plainOfRow(row);
    return (namesakes.get(namesakeKey(license.licenseType, published)) ?? []).some(
      (other) =>
        other.personId !== person.personId && publishedNameFits(published, plainById.get(other.personId) as PlainName),
    );
  };
  const wanted = new Set(variants);
  const step = Math.max(1, persons.length / Math.max(1, sampleSize));
  const sampled = new Set<number>();
  for (let at = 0; at < persons.length && sampled.size < sampleSize; at += step) sampled.add(Math.floor(at));
  const jobs: Job[] = [];
  // Every person's every variant, wanted or not, decides which queries are shared.
  const queriersByKey = new Map<string, Set<string>>();
  for (const [index, person] of persons.entries()) {
    const types = [...new Set(person.licenses.map((l) => l.licenseType))];
    for (const generated of generateQueryVariants(person, seed)) {
      const { variant, ...query } = generated;
      for (const licenseType of types) {
        const key = queryKey(licenseType, query);
        const queriers = queriersByKey.get(key) ?? new Set<string>();
        queriers.add(person.personId);
        queriersByKey.set(key, queriers);
        if (wanted.has(variant) && sampled.has(index)) jobs.push({ person, variant, licenseType, query });
      }
    }
  }
  const isShared = (job: Job) => (queriersByKey.get(queryKey(job.licenseType, job.query))?.size ?? 0) > 1;

  const byVariant = new Map<QueryVariant, Tally>();
  const resolvableByVariant = new Map<QueryVariant, Tally>();
  const byKind = new Map<AccuracyKind, Tally>();
  const resolvableByKind = new Map<AccuracyKind, Tally>();
  const hasNamesake = (person: GroundTruthPerson, licenseType: LicenseType) =>
    (namesakes.get(namesakeKey(licenseType, plainById.get(person.personId) as PlainName))?.length ?? 0) > 1;
  const mistakes: AccuracyMistake[] = [];
  let unattributed = 0;
  let sharedQueries = 0;
  let indistinguishable = 0;

  const run = async (job: Job) => {
    const { person, variant, licenseType, query } = job;
    const shared = isShared(job);
    const matches = await findLicenses(db, { ...query, licenseType }, options);
    const confident = matches.filter((m) => m.confidence >= threshold);
    // `tally` counts every license; `clear` leaves out those a namesake's name fits as published.
    const tally = emptyTally();
    const clear = emptyTally();
    tally.queries = 1;
    clear.queries = 1;
    const foundKeys = new Set<string>();
    const describe = [query.firstName, query.middleName, query.lastName, query.suffix].filter(Boolean).join(' ');
    for (const match of confident) {
      const key = keyOfRow(match.license);
      const owner = key ? ownerByKey.get(key) : undefined;
      if (!key || !owner) {
        unattributed++;
        continue;
      }
      tally.returned++;
      if (owner === person.personId) {
        tally.correct++;
        clear.returned++;
        clear.correct++;
        foundKeys.add(key);
        continue;
      }
      if (publishedNameFits(plainOfRow(match.license), plainById.get(person.personId) as PlainName)) {
        if (!shared) indistinguishable++;
        continue;
      }
      clear.returned++;
      if (mistakes.length < maxMistakes && !shared) {
        const l = match.license;
        mistakes.push({
          variant,
          personId: person.personId,
          query: describe,
          kind: 'wrong-license',
          license: `${l.jurisdiction} ${l.licenseNumber} ${l.firstName} ${l.middleName ?? ''} ${l.lastName} ${l.suffix ?? ''} (${owner})`,
          detail: `${match.confidence} ${match.reason}`,
        });
      }
    }
    for (const license of person.licenses) {
      if (license.licenseType !== licenseType) continue;
      const key = keyOfLicense(license, person);
      if (!key) continue;
      tally.expected++;
      if (foundKeys.has(key)) {
        tally.found++;
        clear.expected++;
        clear.found++;
        continue;
      }
      if (await fitsNamesake(person, license, key)) {
        if (!shared) indistinguishable++;
        continue;
      }
      clear.expected++;
      if (mistakes.length < maxMistakes && !shared) {
        const near = matches.find((m) => keyOfRow(m.license) === key);
        mistakes.push({
          variant,
          personId: person.personId,
          query: describe,
          kind: 'missed-license',
          license: `${license.jurisdiction} ${license.licenseNumber}`,
          detail: near ? `${near.confidence} ${near.reason}` : 'not returned',
        });
      }
    }
    const into = <K>(tallies: Map<K, Tally>, key: K, from: Tally) => {
      const forKey = tallies.get(key) ?? emptyTally();
      addTo(forKey, from);
      tallies.set(key, forKey);
    };
    const kinds = [KIND_OF_VARIANT[variant], ...(hasNamesake(person, licenseType) ? (['namesake'] as const) : [])];
    into(byVariant, variant, tally);
    for (const kind of kinds) into(byKind, kind, tally);
    if (shared) sharedQueries++;
    else {
      into(resolvableByVariant, variant, clear);
      for (const kind of kinds) into(resolvableByKind, kind, clear);
    }
  };

  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, concurrency) }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++] as Job;
        await run(job);
      }
    }),
  );

  const perKind = (tallies: Map<AccuracyKind, Tally>) =>
    Object.fromEntries(ACCURACY_KINDS.filter((k) => tallies.has(k)).map((k) => [k, finish(tallies.get(k) as Tally)]));
  const total = (tallies: Map<QueryVariant, Tally>) => {
    const sum = emptyTally();
    for (const tally of tallies.values()) addTo(sum, tally);
    return finish(sum);
  };
  const perVariant = (tallies: Map<QueryVariant, Tally>) =>
    Object.fromEntries(QUERY_VARIANTS.filter((v) => tallies.has(v)).map((v) => [v, finish(tallies.get(v) as Tally)]));
  return {
    overall: total(byVariant),
    resolvable: total(resolvableByVariant),
    byVariant: perVariant(byVariant),
    resolvableByVariant: perVariant(resolvableByVariant),
    byKind: perKind(byKind),
    resolvableByKind: perKind(resolvableByKind),
    sharedQueries,
    indistinguishable,
    mistakes,
    unattributed,
  };
}
