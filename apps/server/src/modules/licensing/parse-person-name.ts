import { normalizeNamePart } from './normalize-name.ts';

export type NameSuffix = 'JR' | 'SR' | 'II' | 'III' | 'IV';

/** A person's name split into the parts boards and the registry use, spelled as written. */
export type PersonNameParts = {
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: NameSuffix | null;
};

const SUFFIXES: Record<string, NameSuffix> = {
  jr: 'JR',
  junior: 'JR',
  sr: 'SR',
  senior: 'SR',
  ii: 'II',
  '2nd': 'II',
  iii: 'III',
  '3rd': 'III',
  iv: 'IV',
  '4th': 'IV',
};

/** 'Jr.', 'JUNIOR', 'iii', '3rd' → the canonical suffix; anything else → null. */
export function canonicalSuffix(value: string | null | undefined): NameSuffix | null {
  if (!value) return null;
  const key = value
    .toLowerCase()
    .replace(/[.,\s]/g, '')
    .trim();
  return SUFFIXES[key] ?? null;
}

const LEADING_TITLES = new Set(['dr', 'doctor', 'prof', 'professor', 'mr', 'mrs', 'ms', 'miss']);
// Degrees and fellowships that follow a physician's name; none is plausibly a name part.
const CREDENTIALS = new Set([
  'phd',
  'mph',
  'mba',
  'ms',
  'msc',
  'mbbs',
  'mbchb',
  'dds',
  'dmd',
  'facp',
  'facs',
  'faap',
  'facc',
  'facog',
  'faafp',
  'facep',
  'frcpc',
  'frcs',
  'pa',
  'np',
  'rn',
]);
// 'Do' is a common Vietnamese surname, so that degree is only stripped when written
// unmistakably (see isDegreeToken). 'MD' is never a trailing name part ('Md' abbreviating
// Mohammad comes first).
/** Lower-case, normalised surname particles ('de la Cruz', 'van der Berg'). */
export const SURNAME_PARTICLES: ReadonlySet<string> = new Set([
  'van',
  'von',
  'der',
  'den',
  'ter',
  'ten',
  'de',
  'del',
  'della',
  'dela',
  'di',
  'da',
  'dos',
  'das',
  'du',
  'le',
  'la',
  'lo',
  'st',
  'saint',
  'bin',
  'ibn',
  'y',
]);
// 'Van' is also the commonest Vietnamese middle name ("Minh Van Nguyen"); before one of these
// surnames it is a middle name, not a particle.
const VIETNAMESE_SURNAMES = new Set([
  'nguyen',
  'tran',
  'le',
  'pham',
  'hoang',
  'huynh',
  'phan',
  'vu',
  'vo',
  'dang',
  'bui',
  'do',
  'ho',
  'ngo',
  'duong',
  'ly',
  'truong',
  'dinh',
]);

const bare = (token: string) => token.toLowerCase().replace(/[.,]/g, '');

function isDegreeToken(token: string, afterComma: boolean, mixedCase: boolean): boolean {
  const key = bare(token);
  if (CREDENTIALS.has(key) || key === 'pac' || key === 'md') return true;
  if (key !== 'do') return false;
  // 'D.O.' with stops, a separate ', DO' segment, or 'DO' in capitals amid a mixed-case name
  // is the degree; 'Do' or a 'DO' in an all-capitals name is kept as a name.
  return token.includes('.') || afterComma || (mixedCase && token === token.toUpperCase());
}

/** Joins 'Mc Donald' and "O' Brien" (as some boards space them) back into one word. */
function joinSplitPrefixes(tokens: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const next = tokens[i + 1];
    if (next && /^(mc|o['’ʼ])$/i.test(token)) {
      joined.push(token + next);
      i++;
    } else if (next === '-' && tokens[i + 2]) {
      // 'Garcia - Lopez' → 'Garcia-Lopez'
      joined.push(`${token}-${tokens[i + 2]}`);
      i += 2;
    } else {
      joined.push(token);
    }
  }
  return joined;
}

/** Takes suffix and degree tokens off the end of a token list, returning the suffix seen. */
function stripTrailing(tokens: string[], afterComma: boolean, mixedCase: boolean, keep: number): NameSuffix | null {
  let suffix: NameSuffix | null = null;
  while (tokens.length > keep) {
    const last = tokens[tokens.length - 1] as string;
    const asSuffix = canonicalSuffix(last);
    if (asSuffix) {
      suffix ??= asSuffix;
      tokens.pop();
    } else if (isDegreeToken(last, afterComma, mixedCase)) {
      tokens.pop();
    } else {
      break;
    }
  }
  return suffix;
}

function splitGiven(tokens: string[]): { firstName: string; middleName: string | null } {
  const [first = '', ...rest] = tokens;
  return { firstName: first, middleName: rest.length > 0 ? rest.join(' ') : null };
}

/**
 * Splits a name as typed in a query or printed by a board into given, middle and surname parts.
 * Accepts 'Last, First Middle Suffix' (the HTML boards' form) and 'Dr. First Middle Last Jr., MD';
 * titles and degrees are dropped, the suffix is returned separately. In 'First … Last' order the
 * surname keeps its particles ('Maria de la Cruz' → 'de la Cruz') and hyphens ('Garcia-Lopez');
 * a space-separated double surname ('Maria Garcia Lopez') cannot be told from a middle name and
 * parses as middle 'Garcia' — the scorer tolerates that by comparing surname components.
 */
export function parsePersonName(raw: string): PersonNameParts {
  const text = raw.replace(/\s+/g, ' ').trim();
  const mixedCase = /\p{Ll}/u.test(text) && /\p{Lu}/u.test(text);
  let suffix: NameSuffix | null = null;

  // Segments after the first that only hold suffixes or degrees (', Jr.', ', MD, PhD') go first.
  const segments = text
    .split(',')
    .map((segment) => segment.trim())
    .filter(Boolean);
  const nameSegments: string[][] = [];
  segments.forEach((segment, index) => {
    const tokens = segment.split(' ');
    const trailingOnly =
      index > 0 && tokens.every((token) => canonicalSuffix(token) || isDegreeToken(token, true, mixedCase));
    if (trailingOnly) {
      for (const token of tokens) suffix ??= canonicalSuffix(token);
    } else {
      nameSegments.push(tokens);
    }
  });

  for (const tokens of nameSegments) {
    while (tokens.length > 1 && LEADING_TITLES.has(bare(tokens[0] as string))) tokens.shift();
  }

  if (nameSegments.length >= 2) {
    const surnameTokens = joinSplitPrefixes(nameSegments[0] as string[]);
    const givenTokens = nameSegments.slice(1).flat();
    const fromSurname = stripTrailing(surnameTokens, false, mixedCase, 1);
    const fromGiven = stripTrailing(givenTokens, true, mixedCase, 1);
    return {
      ...splitGiven(givenTokens),
      lastName: surnameTokens.join(' '),
      suffix: suffix ?? fromSurname ?? fromGiven,
    };
  }

  const tokens = joinSplitPrefixes(nameSegments[0] ?? []);
  // Keep two tokens: a lone 'Thanh Do' must not lose its surname to the degree rule.
  const trailingSuffix = stripTrailing(tokens, false, mixedCase, 2);
  suffix ??= trailingSuffix;
  if (tokens.length <= 1) return { firstName: '', middleName: null, lastName: tokens[0] ?? '', suffix };

  let surnameStart = tokens.length - 1;
  while (surnameStart > 1) {
    const previous = normalizeNamePart(tokens[surnameStart - 1]);
    const current = normalizeNamePart(tokens[surnameStart]);
    if (!SURNAME_PARTICLES.has(previous)) break;
    if (previous === 'van' && VIETNAMESE_SURNAMES.has(current)) break;
    // The conjunction joins two surnames; right after the given name ('Alejandra Y Cruz') there is
    // no first surname to join, and a lone Y is a middle initial.
    if (previous === 'y' && surnameStart - 1 < 2) break;
    surnameStart--;
    // 'Garcia y Lopez': the conjunction brings the first surname with it.
    if (previous === 'y' && surnameStart > 1) surnameStart--;
  }
  return {
    ...splitGiven(tokens.slice(0, surnameStart)),
    lastName: tokens.slice(surnameStart).join(' '),
    suffix,
  };
}
