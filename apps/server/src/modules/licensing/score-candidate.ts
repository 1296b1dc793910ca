import type { LicenseType } from '@licensewatch/shared/licenses';
import { countEdits } from './matching/count-edits.ts';
import { areNicknames, isKnownGivenName } from './matching/nicknames.ts';
import { normalizeNamePart } from './normalize-name.ts';
import { canonicalSuffix, type NameSuffix, SURNAME_PARTICLES } from './parse-person-name.ts';

/** At or above this a match may be attached to a physician without a person checking it. */
export const CONFIDENT_MATCH = 0.8;

/**
 * How much each kind of doubt costs. They multiply, so two weak signals together (a nickname and
 * a surname typo, or a first initial without a full middle name) fall below CONFIDENT_MATCH.
 */
const FACTOR = {
  nickname: 0.92,
  firstInitialWithFullMiddle: 0.85,
  firstInitialOnly: 0.7,
  firstTypo: 0.85,
  goesByMiddleName: 0.88,
  // The query's middle name is the board's first ('J. Robert' against 'ROBERT SMITH'): every
  // Robert Smith fits that, so it never suffices alone.
  middleNameAsFirst: 0.75,
  givenSpacing: 0.97,
  // Both absent is not full agreement: a query without a middle name must not prefer a board row
  // without one over a row with one, since boards omit middle names as often as queries do.
  noMiddleEitherSide: 0.97,
  middleMissingOneSide: 0.95,
  middleInitial: 0.97,
  extraMiddleName: 0.95,
  doubleSurnameSplit: 0.97,
  surnameSpacing: 0.97,
  surnameParticle: 0.95,
  surnamePart: 0.88,
  surnameTypo: 0.85,
  // Four or five letters a keystroke apart are as often two surnames (Hahn/Hann, Shah/Shaw) as a
  // slip: never confident alone, only when the registry holds no one else it could be
  // (promote-unique-surname-typos).
  shortSurnameTypo: 0.78,
  // A query that states a suffix is better served by a row showing it than by one without; a
  // query without one says nothing (boards and users drop suffixes alike).
  suffixOnlyInQuery: 0.95,
  suffixOnlyOnBoard: 0.99,
} as const;

/** A name reduced to normalised tokens: given names in order (first, then middles), surname. */
export type ComparableName = { given: string[]; surname: string[]; suffix: NameSuffix | null };
/** `licenseType` null: a registry row from a board that licenses MDs and DOs alike without saying which. */
export type MatchSubject = ComparableName & { licenseType: LicenseType | null };
/** Each way a name may differ from the query and still match; `reason` is their wording. */
export type MatchSignal =
  | 'nickname'
  | 'first-initial'
  | 'first-typo'
  | 'goes-by-middle-name'
  | 'given-spacing'
  | 'middle-missing'
  | 'middle-initial'
  | 'extra-middle-name'
  | 'double-surname-split'
  | 'surname-spacing'
  | 'surname-particle'
  | 'surname-part'
  | 'surname-typo'
  | 'short-surname-typo'
  | 'suffix-one-side';
export type CandidateScore = { confidence: number; reason: string; rejected: boolean; signals: MatchSignal[] };

const tokensOf = (value: string | null | undefined) => normalizeNamePart(value).split(' ').filter(Boolean);
const LEADING_TITLES = new Set(['dr', 'doctor', 'prof']);
const TRAILING_DEGREES = new Set(['md', 'phd']);

/**
 * Builds the comparable form from parts as typed or published, or from the registry's *_norm
 * columns (normalising twice is harmless). A suffix or 'MD' left inside the surname field
 * ('SMITH JR') and a title inside the first-name field ('Dr John') are taken out here.
 */
export function comparableName(parts: {
  firstName?: string | null | undefined;
  middleName?: string | null | undefined;
  lastName: string;
  suffix?: string | null | undefined;
}): ComparableName {
  const given = [...tokensOf(parts.firstName), ...tokensOf(parts.middleName)];
  while (given.length > 1 && LEADING_TITLES.has(given[0] as string)) given.shift();
  const surname = tokensOf(parts.lastName);
  let suffix = canonicalSuffix(parts.suffix);
  while (surname.length > 1) {
    const last = surname[surname.length - 1] as string;
    const inSurname = canonicalSuffix(last);
    if (inSurname) suffix ??= inSurname;
    else if (!TRAILING_DEGREES.has(last)) break;
    surname.pop();
  }
  return { given, surname, suffix };
}

type Note = { signal: MatchSignal; text: string };
type Part = { factor: number; notes: Note[] };
const note = (signal: MatchSignal, text: string = signal.replaceAll('-', ' ')): Note => ({ signal, text });
type Rejection = { rejected: string };
const reject = (rejected: string): Rejection => ({ rejected });
const isRejection = (value: unknown): value is Rejection =>
  typeof value === 'object' && value !== null && 'rejected' in value;

const display = (token: string) => token.charAt(0).toUpperCase() + token.slice(1);
const arraysEqual = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);
const core = (tokens: readonly string[]) => {
  const kept = tokens.filter((token) => !SURNAME_PARTICLES.has(token));
  return kept.length > 0 ? kept : [...tokens];
};
const isSubset = (small: readonly string[], large: readonly string[]) =>
  small.length < large.length && small.every((token) => token.length >= 2 && large.includes(token));

type SurnameResult = Part & { queryGiven: string[]; candidateGiven: string[] };

function compareSurnames(
  query: ComparableName,
  candidate: ComparableName,
  querySurnameOnRecord: boolean,
): SurnameResult | Rejection {
  const q = query.surname;
  const c = candidate.surname;
  const same = (factor: number, notes: Note[] = []): SurnameResult => ({
    factor,
    notes,
    queryGiven: query.given,
    candidateGiven: candidate.given,
  });
  if (q.length === 0 || c.length === 0) return reject('no surname');
  if (arraysEqual(q, c)) return same(1);

  // 'Maria Garcia Lopez' typed as middle 'Garcia', last 'Lopez' against surname 'Garcia Lopez'.
  for (const [short, long, shortGiven, key] of [
    [q, c, query.given, 'queryGiven'],
    [c, q, candidate.given, 'candidateGiven'],
  ] as const) {
    const moved = long.length - short.length;
    if (moved >= 1 && shortGiven.length > moved) {
      const joined = [...shortGiven.slice(-moved), ...short];
      if (arraysEqual(joined, long)) {
        const result = same(FACTOR.doubleSurnameSplit, [note('double-surname-split')]);
        result[key] = shortGiven.slice(0, -moved);
        return result;
      }
    }
  }

  if (q.join('') === c.join('')) return same(FACTOR.surnameSpacing, [note('surname-spacing')]);
  const qCore = core(q);
  const cCore = core(c);
  if (qCore.join('') === cCore.join('')) return same(FACTOR.surnameParticle, [note('surname-particle')]);
  if (isSubset(qCore, cCore) || isSubset(cCore, qCore)) return same(FACTOR.surnamePart, [note('surname-part')]);
  // A rhyming surname (Barker/Parker, Garrett/Barrett) is a first-letter change too; only long
  // ones are read as slips, and ambiguity resolution still prefers an exact surname on record.
  // A surname nobody in the registry bears ('Jiller') is no rhyme but a slip, from six letters.
  const firstLetterFrom = querySurnameOnRecord ? 8 : 6;
  if (isTypo(q.join(''), c.join(''), 6, firstLetterFrom)) return same(FACTOR.surnameTypo, [note('surname-typo')]);
  if (isShortSurnameTypo(q.join(''), c.join(''))) {
    return same(FACTOR.shortSurnameTypo, [note('short-surname-typo', 'short surname typo')]);
  }
  return reject('surname differs');
}

const isInitialOf = (initial: string, name: string) => initial.length === 1 && name.startsWith(initial);

/** Same letters but the first: a rhyme (Barker/Parker, Larry/Harry, Mason/Jason) or a slip. */
const differOnlyInFirstLetter = (a: string, b: string) =>
  a.length === b.length && a[0] !== b[0] && a.slice(1) === b.slice(1);

/**
 * One slip of the keyboard in a name of at least `minLength` letters (short names are too often
 * a different name a letter away). A changed first letter is taken for a rhyme — those are
 * different people — unless `firstLetterFrom` allows it for long names.
 */
function isTypo(a: string, b: string, minLength: number, firstLetterFrom = Number.POSITIVE_INFINITY): boolean {
  if (Math.max(a.length, b.length) < minLength) return false;
  if (differOnlyInFirstLetter(a, b) && a.length < firstLetterFrom) return false;
  return countEdits(a, b, 1) <= 1;
}

/** The shortest surnames a slip is read in: three letters a keystroke apart are simply other names. */
export const SHORT_SURNAME_TYPO_LENGTHS = { min: 4, max: 5 } as const;

/** One slip, not in the first letter (a rhyme), in a surname of four or five letters. */
function isShortSurnameTypo(a: string, b: string): boolean {
  const longer = Math.max(a.length, b.length);
  if (longer < SHORT_SURNAME_TYPO_LENGTHS.min || longer > SHORT_SURNAME_TYPO_LENGTHS.max) return false;
  if (a[0] !== b[0]) return false;
  return countEdits(a, b, 1) <= 1;
}

/** A single slip of the keyboard, and not two real names ('Daniel'/'Daniela', 'Mario'/'Maria'). */
function isFirstNameTypo(a: string, b: string): boolean {
  // Two known names a letter apart are two people; that also covers rhymes (Jason/Mason,
  // Larry/Harry), so a changed first letter is otherwise a slip ('Bonna' for 'Donna').
  if (isKnownGivenName(a) && isKnownGivenName(b)) return false;
  if (!isTypo(a, b, 5, 5)) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  // How given names change gender, beyond the listed ones: Francesco/Francesca, Fernando/Fernanda,
  // Andrés/Andresa, Denis/Denise.
  const addedEnding = shorter === longer.slice(0, -1) && /[ae]$/.test(longer);
  const swappedEnding =
    shorter.length === longer.length &&
    shorter.slice(0, -1) === longer.slice(0, -1) &&
    /[oa]$/.test(shorter) &&
    /[oa]$/.test(longer);
  return !addedEnding && !swappedEnding;
}

type MiddleToken = 'equal' | 'initial';
function compareMiddleTokens(a: string, b: string): MiddleToken | null {
  if (a === b) return a.length === 1 ? 'initial' : 'equal';
  if (isInitialOf(a, b) || isInitialOf(b, a)) return 'initial';
  return null;
}

/** Middle names agree when the shorter list lines up, in order, inside the longer one. */
function compareMiddles(q: readonly string[], c: readonly string[]): Part | Rejection {
  if (q.length === 0 && c.length === 0) return { factor: FACTOR.noMiddleEitherSide, notes: [] };
  if (q.length === 0)
    return { factor: FACTOR.middleMissingOneSide, notes: [note('middle-missing', 'no middle name in query')] };
  if (c.length === 0)
    return { factor: FACTOR.middleMissingOneSide, notes: [note('middle-missing', 'no middle name on board')] };
  const [short, long] = q.length <= c.length ? [q, c] : [c, q];
  let from = 0;
  let sawInitial = false;
  for (const token of short) {
    let found = -1;
    for (let index = from; index < long.length; index++) {
      const kind = compareMiddleTokens(token, long[index] as string);
      if (kind) {
        sawInitial ||= kind === 'initial';
        found = index;
        break;
      }
    }
    if (found < 0) return reject(`middle names differ (${q.join(' ')} vs ${c.join(' ')})`);
    from = found + 1;
  }
  let factor = 1;
  const notes: Note[] = [];
  if (sawInitial) {
    factor *= FACTOR.middleInitial;
    notes.push(note('middle-initial'));
  }
  if (short.length !== long.length) {
    factor *= FACTOR.extraMiddleName;
    notes.push(note('extra-middle-name'));
  }
  return { factor, notes };
}

function compareGiven(q: readonly string[], c: readonly string[]): Part | Rejection {
  if (q.length === 0 || c.length === 0) return reject('no given name');
  // 'Mary Ann' against 'Maryann', 'Jean-Luc' against 'Jeanluc'.
  if (!arraysEqual(q, c) && q.join('') === c.join('') && q.length + c.length > 2) {
    return { factor: FACTOR.givenSpacing, notes: [note('given-spacing', 'given-name spacing')] };
  }
  const [qFirst, ...qMiddle] = q as [string, ...string[]];
  const [cFirst, ...cMiddle] = c as [string, ...string[]];

  let first: Part;
  let middles: [readonly string[], readonly string[]] = [qMiddle, cMiddle];
  if (qFirst === cFirst && qFirst.length > 1) {
    first = { factor: 1, notes: [] };
  } else if (isInitialOf(qFirst, cFirst) || isInitialOf(cFirst, qFirst)) {
    // An initial alone says little; a full middle name both sides share makes up for it.
    const [qm, cm] = [qMiddle[0], cMiddle[0]];
    const strong = qm !== undefined && qm === cm && qm.length > 1;
    first = {
      factor: strong ? FACTOR.firstInitialWithFullMiddle : FACTOR.firstInitialOnly,
      notes: [note('first-initial')],
    };
  } else if (areNicknames(qFirst, cFirst)) {
    first = { factor: FACTOR.nickname, notes: [note('nickname', `nickname ${display(qFirst)}→${display(cFirst)}`)] };
  } else if (isFirstNameTypo(qFirst, cFirst)) {
    first = { factor: FACTOR.firstTypo, notes: [note('first-typo', 'first-name typo')] };
  } else if (cFirst.length === 1 && qFirst.length > 1 && cMiddle[0] === qFirst) {
    // 'J. Robert Smith' on the board, 'Robert Smith' in the query.
    first = { factor: FACTOR.goesByMiddleName, notes: [note('goes-by-middle-name')] };
    middles = [qMiddle, cMiddle.slice(1)];
  } else if (qFirst.length === 1 && cFirst.length > 1 && qMiddle[0] === cFirst) {
    first = { factor: FACTOR.middleNameAsFirst, notes: [note('goes-by-middle-name')] };
    middles = [qMiddle.slice(1), cMiddle];
  } else {
    return reject(`given name differs (${qFirst} vs ${cFirst})`);
  }
  const middle = compareMiddles(...middles);
  if (isRejection(middle)) return middle;
  return { factor: first.factor * middle.factor, notes: [...first.notes, ...middle.notes] };
}

/**
 * How confident we are that a registry row names the queried physician. Pure, and symmetric in
 * what it accepts (which side is the query only changes a few weights and the wording), so it
 * also tells whether two registry rows could be one person.
 */
export type ScoreOptions = {
  /**
   * False when no registry row bears the query's surname (findLicenses checks before its wide
   * pass): a first-letter change of a longer surname is then read as a typo, not another name.
   */
  querySurnameOnRecord?: boolean;
};

export function scoreCandidate(
  query: MatchSubject,
  candidate: MatchSubject,
  { querySurnameOnRecord = true }: ScoreOptions = {},
): CandidateScore {
  const rejected = (reason: string): CandidateScore => ({ confidence: 0, reason, rejected: true, signals: [] });
  // A board that does not say MD or DO licenses both: its row fits a physician of either type.
  if (query.licenseType !== null && candidate.licenseType !== null && query.licenseType !== candidate.licenseType)
    return rejected('license type differs');
  if (query.suffix && candidate.suffix && query.suffix !== candidate.suffix) {
    return rejected(`suffix differs (${query.suffix} vs ${candidate.suffix})`);
  }
  const surname = compareSurnames(query, candidate, querySurnameOnRecord);
  if (isRejection(surname)) return rejected(surname.rejected);
  const given = compareGiven(surname.queryGiven, surname.candidateGiven);
  if (isRejection(given)) return rejected(given.rejected);

  let factor = surname.factor * given.factor;
  const notes = [...given.notes, ...surname.notes];
  if (Boolean(query.suffix) !== Boolean(candidate.suffix)) {
    factor *= query.suffix ? FACTOR.suffixOnlyInQuery : FACTOR.suffixOnlyOnBoard;
    notes.push(note('suffix-one-side', query.suffix ? 'no suffix on board' : 'no suffix in query'));
  }
  return {
    confidence: factor,
    reason: notes.length > 0 ? notes.map((n) => n.text).join(', ') : 'exact name',
    rejected: false,
    signals: notes.map((n) => n.signal),
  };
}
