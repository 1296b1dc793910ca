import { SURNAME_PARTICLES } from '../parse-person-name.ts';
import { CONFIDENT_MATCH, type MatchSignal, type MatchSubject, scoreCandidate } from '../score-candidate.ts';

/** A registry row the scorer accepted, with what ambiguity resolution needs to know about it. */
export type ScoredLicense<T> = {
  license: T;
  jurisdiction: string;
  subject: MatchSubject;
  confidence: number;
  reason: string;
  signals: MatchSignal[];
  /** No middle name on a board that prints middle names: the physician likely has none. */
  middleOmitted?: boolean;
};
export type Match<T> = { license: T; confidence: number; reason: string };
/** A registry row the scorer rejected for this query: evidence of a namesake physician. */
export type RuledOutRow = { jurisdiction: string; subject: MatchSubject };

/**
 * How much better one match must be, relatively, to win over a rival that is evidently a different
 * physician: enough that a full middle name beats a row without one (1.0 vs 0.95) and that a
 * stated suffix beats a row without it, too much for a row without a middle name to beat one with
 * it when the query has none (0.97 vs 0.95).
 */
const DOMINANCE_RATIO = 0.95;
const EPSILON = 1e-9;
/** One license per board: 51 jurisdictions, some with separate MD and DO boards. */
const MAX_LICENSES_OF_ONE_PHYSICIAN = 70;
/** Ambiguous matches are returned, but scaled so that none reaches the threshold. */
const AMBIGUITY_PENALTY = 0.75;

const nameKey = (name: MatchSubject) => `${name.given.join(' ')}|${name.surname.join(' ')}|${name.suffix ?? ''}`;

const dominates = (a: { confidence: number }, b: { confidence: number }) =>
  b.confidence <= a.confidence * DOMINANCE_RATIO + EPSILON;

// Between two registry rows these mean two people spelled alike, not one person spelled two ways:
// 'Hansen' and 'Hanson', 'Garcia' and 'Garcia Lopez', 'Jonathon' and 'Jonathan' are each
// somebody's real name, and boards print a physician's own name consistently.
export const DIFFERENT_NAME_SIGNALS: ReadonlySet<MatchSignal> = new Set<MatchSignal>([
  'surname-part',
  'surname-typo',
  'short-surname-typo',
  'first-typo',
]);

/**
 * Two rows cannot both be the queried physician's when they are in the same jurisdiction (a
 * board lists a physician once per license type) or when their names cannot be one person's
 * (John A. vs John B. Smith, Jr vs Sr, Christopher vs Christine, Hansen vs Hanson).
 */
function areDifferentPhysicians<T>(
  a: ScoredLicense<T>,
  b: ScoredLicense<T>,
  middleLess: boolean,
  couldBeSame: (a: MatchSubject, b: MatchSubject) => boolean,
): boolean {
  if (a.jurisdiction === b.jurisdiction) return true;
  if (middleLess && hasMiddleName(a) !== hasMiddleName(b) && (a.middleOmitted || b.middleOmitted)) return true;
  return !couldBeSame(a.subject, b.subject);
}

const hasMiddleName = (row: ScoredLicense<unknown>) => row.subject.given.length > 1;

function couldBeOnePhysician(a: MatchSubject, b: MatchSubject): boolean {
  const score = scoreCandidate(a, b);
  return !score.rejected && !score.signals.some((signal) => DIFFERENT_NAME_SIGNALS.has(signal));
}

/** Surnames one physician may be printed under share this: 'Van der Berg', 'Vanderberg', 'Berg'. */
export const surnameKey = (name: MatchSubject) => core(name.surname).join('');
const core = (tokens: readonly string[]) => {
  const kept = tokens.filter((token) => !SURNAME_PARTICLES.has(token));
  return kept.length > 0 ? kept : tokens;
};

/** The namesakes on record printed under one name, and the boards that list them. */
type Namesake = {
  subject: MatchSubject;
  /** Rows under this name per jurisdiction. */
  listings: Map<string, number>;
  /** The most rows under this name on one board: at least this many people bear it. */
  people: number;
};

/**
 * One namesake per name: a namesake's many rows say no more than one, and the boards listing the
 * name say where such a physician already holds a license.
 */
function groupNamesakes(ruledOut: readonly RuledOutRow[], keyOf: (name: MatchSubject) => string): Namesake[] {
  const byName = new Map<string, Namesake>();
  for (const row of ruledOut) {
    const key = keyOf(row.subject);
    let namesake = byName.get(key);
    if (!namesake) {
      namesake = { subject: row.subject, listings: new Map(), people: 0 };
      byName.set(key, namesake);
    }
    const count = (namesake.listings.get(row.jurisdiction) ?? 0) + 1;
    namesake.listings.set(row.jurisdiction, count);
    namesake.people = Math.max(namesake.people, count);
  }
  return [...byName.values()];
}

/**
 * Keeps the confident matches that can all be one physician. When the query fits two evidently
 * different physicians about equally well, the query names more than one person, so nothing that
 * does not clearly beat every such rival is attached: those come back marked 'ambiguous' with
 * their confidence lowered below the threshold. A clearly weaker different physician is dropped.
 */
export function resolveAmbiguousMatches<T>(
  scored: readonly ScoredLicense<T>[],
  threshold: number = CONFIDENT_MATCH,
  ruledOut: readonly RuledOutRow[] = [],
): Match<T>[] {
  const confident = scored
    .filter((candidate) => candidate.confidence >= threshold)
    .sort((a, b) => b.confidence - a.confidence || a.jurisdiction.localeCompare(b.jurisdiction));
  // Rounded only on the way out: comparisons need the exact products.
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const markAmbiguous = (rows: readonly ScoredLicense<T>[]) =>
    rows
      .map(({ license, confidence, reason }) => ({
        license,
        confidence: round(Math.min(confidence * AMBIGUITY_PENALTY, threshold - 0.01)),
        reason: `ambiguous: the name fits more than one physician (${reason})`,
      }))
      .sort((a, b) => b.confidence - a.confidence);
  // More confident rows than one physician can hold: the name is common and the query too
  // vague, and the pairwise work below would grow with the square of a large count.
  if (confident.length > MAX_LICENSES_OF_ONE_PHYSICIAN) {
    return markAmbiguous(confident.slice(0, MAX_LICENSES_OF_ONE_PHYSICIAN));
  }
  const kept: ScoredLicense<T>[] = [];
  const ambiguous: ScoredLicense<T>[] = [];
  const outranked: ScoredLicense<T>[] = [];
  // Namesakes on record are many for a common name, and rows repeat the same few names:
  // compare each pair of names once, and each row with the namesakes once.
  // Rows of one name share its subject (findLicenses scores each name once): key each once.
  const keys = new WeakMap<MatchSubject, string>();
  const keyOf = (subject: MatchSubject) => {
    let key = keys.get(subject);
    if (key === undefined) {
      key = nameKey(subject);
      keys.set(subject, key);
    }
    return key;
  };
  const namesakes = groupNamesakes(ruledOut, keyOf);
  const sameNameCache = new Map<string, boolean>();
  const couldBeSame = (a: MatchSubject, b: MatchSubject) => {
    const key = `${keyOf(a)}#${keyOf(b)}`;
    let same = sameNameCache.get(key);
    if (same === undefined) {
      same = couldBeOnePhysician(a, b);
      sameNameCache.set(key, same);
    }
    return same;
  };
  /** The namesakes on record whose name fits this name (their boards aside). */
  const fittingNamesakes = new Map<string, Set<Namesake>>();
  const namesakesFitting = (subject: MatchSubject) => {
    let fitting = fittingNamesakes.get(keyOf(subject));
    if (!fitting) {
      fitting = new Set(namesakes.filter((n) => couldBeSame(subject, n.subject)));
      fittingNamesakes.set(keyOf(subject), fitting);
    }
    return fitting;
  };
  /**
   * A namesake could own a row printed under a fitting name on a board that does not list them
   * already. A board lists a physician once, so a namesake with a row of their own on that board
   * holds their license there: beside Nancy Lynn Smith's own row in New York, New York's 'NANCY L
   * SMITH' is not hers — unless more people bear her name than that board lists (two 'NANCY LYNN
   * SMITH' rows in Texas, one in New York: one of the Texans may own New York's 'NANCY L SMITH').
   * A row without a middle name is not cleared that way: it may be a physician who has none, whom
   * no ruled-out row reveals, and a namesake on record says the name is shared (cleared that way,
   * 32 of the 57 answers it changed on the simulator's 20,000 physicians were another physician's
   * license). It stays doubtful, as before, while a fitting namesake is listed on another board.
   */
  const couldOwn = (namesake: Namesake, row: ScoredLicense<T>) =>
    namesakesFitting(row.subject).has(namesake) &&
    (hasMiddleName(row)
      ? (namesake.listings.get(row.jurisdiction) ?? 0) < namesake.people
      : namesake.listings.size > (namesake.listings.has(row.jurisdiction) ? 1 : 0));
  const hasPossibleOwner = (row: ScoredLicense<T>) => {
    for (const namesake of namesakesFitting(row.subject)) if (couldOwn(namesake, row)) return true;
    return false;
  };
  // A rival a namesake on record accounts for ('ROBERT J JENKINS' beside a ruled-out 'Robert John
  // Jenkins') says nothing against a row that namesake cannot own ('Robert Joseph Jenkins').
  const explained = (rival: ScoredLicense<T>, row: ScoredLicense<T>) => {
    for (const namesake of namesakesFitting(rival.subject)) {
      if (couldOwn(namesake, rival) && !couldOwn(namesake, row)) return true;
    }
    return false;
  };

  // Boards that print middle names each showing none for this name: a physician without a middle
  // name, not the one with it — one such row alone may be a board's omission.
  const middleLess = confident.filter((row) => row.middleOmitted).length >= 2;

  for (const candidate of confident) {
    const rivals = [...kept, ...ambiguous].filter(
      (other) => areDifferentPhysicians(other, candidate, middleLess, couldBeSame) && !explained(other, candidate),
    );
    if (rivals.length === 0) {
      kept.push(candidate);
    } else if (rivals.every((rival) => dominates(rival, candidate))) {
      outranked.push(candidate);
    } else {
      ambiguous.push(candidate);
    }
  }
  // Once the query is known to fit several physicians, a row stays attached only if it beats
  // every one of them: a row merely compatible with them could be any of those people's.
  const rivalled = [...ambiguous];
  if (rivalled.length > 0) {
    for (let index = kept.length - 1; index >= 0; index--) {
      const row = kept[index] as ScoredLicense<T>;
      if (!rivalled.every((other) => dominates(row, other) || explained(other, row))) {
        ambiguous.push(row);
        kept.splice(index, 1);
      }
    }
  }
  // An outranked row is another physician on record (the 'John Smith' beside our 'John Andrew
  // Smith' in Texas); a row elsewhere printed exactly like it is as likely theirs as ours.
  const outrankedNames = new Set(outranked.map((row) => keyOf(row.subject)));
  for (let index = kept.length - 1; index >= 0; index--) {
    const row = kept[index] as ScoredLicense<T>;
    if (outrankedNames.has(keyOf(row.subject))) {
      ambiguous.push(row);
      kept.splice(index, 1);
    }
  }
  // A row the query fits only loosely ('NANCY SMITH' for Nancy Louise Smith) may just as well
  // be a namesake's whom the query rules out ('NANCY K SMITH' on another board): with two Nancy
  // Smiths on record it is not evidently ours. A namesake the row's own board lists already
  // cannot own a row that shows a middle initial there (couldOwn).
  for (let index = kept.length - 1; index >= 0; index--) {
    const row = kept[index] as ScoredLicense<T>;
    if (hasPossibleOwner(row)) {
      ambiguous.push(row);
      kept.splice(index, 1);
    }
  }

  return [
    ...kept.map(({ license, confidence, reason }) => ({ license, confidence: round(confidence), reason })),
    ...markAmbiguous(ambiguous),
  ];
}
