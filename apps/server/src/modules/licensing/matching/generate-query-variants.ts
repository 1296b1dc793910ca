import { normalizeNamePart } from '../normalize-name.ts';
import { SURNAME_PARTICLES } from '../parse-person-name.ts';
import { nicknameVariants } from './nicknames.ts';

/** The ways a person's name is typed into a query that the matcher is expected to survive. */
export const QUERY_VARIANTS = [
  'exact',
  'first-initial',
  'middle-initial',
  'no-middle',
  'nickname',
  'accents-removed',
  'accents-added',
  'surname-one-part',
  'surname-joined',
  'surname-split',
  'suffix-added',
  'suffix-removed',
  'first-typo',
  'last-typo',
  'last-typo-short',
] as const;
export type QueryVariant = (typeof QUERY_VARIANTS)[number];

export type CanonicalName = {
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  /** Names the person also goes by (ground truth), tried before the nickname table. */
  nicknames?: readonly string[] | undefined;
};
export type NameVariant = {
  variant: QueryVariant;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
};

/** Small seeded PRNG (mulberry32): the same person and seed always give the same queries. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  // Nearby seeds give correlated first outputs; a few draws apart they are independent.
  for (let i = 0; i < 4; i++) next();
  return next;
}

export function hashSeed(text: string, seed = 0): number {
  let hash = 2_166_136_261 ^ seed;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619);
  return hash >>> 0;
}

const stripAccents = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const ACUTE: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú' };
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
// Surname beginnings a query may space out ('Mc Donald', 'Van Dyke', 'De Luca').
const SPLITTABLE_PREFIXES = ['mac', 'mc', 'van', 'von', 'della', 'del', 'de', 'di', 'da', 'la', 'le', 'st'];

function addAccent(value: string, random: () => number): string | null {
  const positions = [...value].flatMap((char, index) => (ACUTE[char] ? [index] : []));
  if (positions.length === 0) return null;
  const at = positions[Math.floor(random() * positions.length)] as number;
  const chars = [...value];
  chars[at] = ACUTE[chars[at] as string] as string;
  return chars.join('');
}

/** One keyboard slip (substitution, deletion, insertion or transposition) among the letters. */
function addTypo(value: string, random: () => number): string {
  const chars = [...value];
  const letterPositions = chars.flatMap((char, index) => (/\p{L}/u.test(char) ? [index] : []));
  const at = letterPositions[Math.floor(random() * letterPositions.length)] as number;
  const original = (chars[at] as string).toLowerCase();
  const otherLetter = () => {
    let letter = original;
    while (letter === original) letter = LETTERS[Math.floor(random() * LETTERS.length)] as string;
    return letter;
  };
  const kind = Math.floor(random() * 4);
  if (kind === 0) chars[at] = otherLetter();
  else if (kind === 1 && letterPositions.length > 2) chars.splice(at, 1);
  else if (kind === 2) chars.splice(at + 1, 0, otherLetter());
  else {
    const next = letterPositions.find((position) => position === at + 1) ?? letterPositions.find((p) => p === at - 1);
    if (next === undefined || chars[next]?.toLowerCase() === original) chars[at] = otherLetter();
    else [chars[at], chars[next]] = [chars[next] as string, chars[at] as string];
  }
  return chars.join('');
}

/**
 * The queries one person's name yields, one per applicable variant (a variant that would not
 * change this name — accents on an unaccented name, initials of an absent middle name — is
 * left out). 'first-initial' is generated only with a full middle name: an initial and a surname
 * alone name too many people to ever be a confident match. Typos only where the matcher allows
 * them (first names of 5+ letters, surnames of 6+; 4–5-letter surnames as their own variant, since
 * the matcher takes those only when nobody else fits), since shorter names are too often another name.
 */
export function generateQueryVariants(person: CanonicalName, seed = 0): NameVariant[] {
  const key = `${person.firstName}|${person.middleName}|${person.lastName}`;
  // One stream per variant, so adding a variant does not reshuffle the others.
  const randomFor = (variant: QueryVariant) => seededRandom(hashSeed(`${variant}|${key}`, seed));
  const base = {
    firstName: person.firstName,
    middleName: person.middleName,
    lastName: person.lastName,
    suffix: person.suffix,
  };
  const variants: NameVariant[] = [{ variant: 'exact', ...base }];
  const add = (variant: QueryVariant, changes: Partial<typeof base>) => variants.push({ variant, ...base, ...changes });
  const middleNorm = normalizeNamePart(person.middleName);
  const firstNorm = normalizeNamePart(person.firstName);

  if (middleNorm.length > 1) add('first-initial', { firstName: `${person.firstName.charAt(0)}.` });
  if (middleNorm.length > 1) add('middle-initial', { middleName: `${person.middleName?.charAt(0)}.` });
  if (middleNorm) add('no-middle', { middleName: null });

  const nickname =
    person.nicknames?.find((name) => normalizeNamePart(name) !== firstNorm) ?? nicknameVariants(person.firstName)[0];
  if (nickname) add('nickname', { firstName: capitalise(nickname) });

  const accented = [person.firstName, person.middleName ?? '', person.lastName].some(
    (part) => stripAccents(part) !== part,
  );
  if (accented) {
    add('accents-removed', {
      firstName: stripAccents(person.firstName),
      middleName: person.middleName === null ? null : stripAccents(person.middleName),
      lastName: stripAccents(person.lastName),
    });
  } else {
    const lastName = addAccent(person.lastName, randomFor('accents-added'));
    if (lastName) add('accents-added', { lastName });
  }

  const surnameParts = person.lastName.split(/[\s-]+/).filter(Boolean);
  const coreParts = surnameParts.filter((part) => !SURNAME_PARTICLES.has(normalizeNamePart(part)));
  if (coreParts.length >= 2) {
    add('surname-one-part', {
      lastName: coreParts[Math.floor(randomFor('surname-one-part')() * coreParts.length)] as string,
    });
  }
  if (surnameParts.length >= 2) {
    add('surname-joined', { lastName: capitalise(surnameParts.join('').toLowerCase()) });
  }
  const lower = person.lastName.toLowerCase();
  if (person.lastName.includes('-')) {
    add('surname-split', { lastName: person.lastName.replaceAll('-', ' ') });
  } else if (/['’]/.test(person.lastName)) {
    // 'O Neill' for O'Neill, as forms that reject apostrophes make people type it.
    add('surname-split', { lastName: person.lastName.replaceAll(/['’]/g, ' ') });
  } else if (surnameParts.length === 1) {
    const prefix = SPLITTABLE_PREFIXES.find((p) => lower.startsWith(p) && lower.length >= p.length + 3);
    if (prefix) {
      add('surname-split', {
        lastName: `${person.lastName.slice(0, prefix.length)} ${capitalise(person.lastName.slice(prefix.length))}`,
      });
    }
  }

  if (person.suffix) add('suffix-removed', { suffix: null });
  else add('suffix-added', { suffix: 'Jr.' });

  if (firstNorm.length >= 5) add('first-typo', { firstName: addTypo(person.firstName, randomFor('first-typo')) });
  if (normalizeNamePart(person.lastName).replaceAll(' ', '').length >= 6) {
    add('last-typo', { lastName: addTypo(person.lastName, randomFor('last-typo')) });
  } else if (/^\p{L}{4,5}$/u.test(person.lastName)) {
    // A slip after the first letter (a changed first letter is read as another surname, a rhyme).
    const first = person.lastName.charAt(0);
    add('last-typo-short', { lastName: first + addTypo(person.lastName.slice(1), randomFor('last-typo-short')) });
  }
  return variants;
}
