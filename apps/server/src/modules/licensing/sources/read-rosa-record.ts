import { normalizeNamePart } from '../normalize-name.ts';
import { canonicalSuffix, SURNAME_PARTICLES } from '../parse-person-name.ts';
import type { RawFields } from './record-fields.ts';

// One licence as NYSED's ROSA API answers it (BOARDS.md row 38, PSV): every field an object
// `{value, label}`, the name 'LAST [LAST2] FIRST [MIDDLE]' without a comma, dates 'April 30, 2029'.

/** A field's text: `{value}` unwrapped (a bare value read as is); null when empty, undefined when absent. */
export function rosaText(field: unknown): string | null | undefined {
  const value = field !== null && typeof field === 'object' && 'value' in field ? field.value : field;
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/**
 * What a licence look-up answered: a licence, nothing (null, `{}`, or fields all empty — the evidence
 * does not show the API's miss, so each of these reads as one), or another shape (the API changed).
 */
export function classifyRosaLicence(answer: unknown): 'licence' | 'none' | 'other' {
  if (answer === null || answer === '') return 'none';
  if (typeof answer !== 'object' || Array.isArray(answer)) return 'other';
  const fields = answer as Record<string, unknown>;
  if (rosaText(fields.licenseNumber)) return 'licence';
  const values = Object.values(fields);
  if (values.length === 0) return 'none';
  return 'licenseNumber' in fields && values.every((v) => rosaText(v) === null) ? 'none' : 'other';
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * 'April 30, 2029' (or 'Apr. 30, 2029') as 'YYYY-MM-DD'; any other text is returned unchanged, so the
 * ISO reading that follows rejects the row naming it, as an unreadable date in any list is.
 */
export function readLongDate(text: string | null | undefined): string | null | undefined {
  if (!text) return text;
  const m = /^([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(text.trim());
  const name = m?.[1]?.toLowerCase() ?? '';
  const month = name.length >= 3 ? MONTHS.findIndex((full) => full.startsWith(name)) + 1 : 0;
  if (!m || month === 0) return text;
  return `${m[3]}-${String(month).padStart(2, '0')}-${(m[2] as string).padStart(2, '0')}`;
}

const compact = (value: string) => normalizeNamePart(value).replaceAll(' ', '');

/** Particles that are East Asian surnames as well. */
const STANDALONE = new Set(['le', 'la', 'lo', 'du']);

/**
 * 'LAST [LAST2] FIRST [MIDDLE] [SUFFIX]'. Without a comma the surname's end is not written: the surname
 * searched for marks it (the printed tokens that spell it, however spaced: 'DE LA CRUZ', 'DELACRUZ',
 * 'O NEILL'); without one (a search by number), leading particles and a split 'MC'/'O' join the next
 * word: a guess, as the board does not say.
 */
function splitRosaName(
  printed: string,
  surname: string | undefined,
): { lastName: string; firstName: string | null; middleName: string | null; suffix: string | null } {
  const tokens = printed.trim().split(/\s+/).filter(Boolean);
  const last = tokens.at(-1);
  const suffix = tokens.length > 2 && canonicalSuffix(last) ? (tokens.pop() ?? null) : null;
  let count = 0;
  const wanted = surname ? compact(surname) : '';
  if (wanted) {
    let spelled = '';
    for (let i = 0; i < tokens.length - 1; i++) {
      spelled += compact(tokens[i] as string);
      if (spelled === wanted) {
        count = i + 1;
        break;
      }
      if (!wanted.startsWith(spelled)) break;
    }
  }
  if (count === 0) {
    let i = 0;
    while (i < tokens.length - 2 && SURNAME_PARTICLES.has(compact(tokens[i] as string))) {
      // 'LE', 'LA', 'LO', 'DU' are surnames too (Lê, La, Lo, Du): 'LE PAUL JAMES' is Lê, but
      // 'LE BLANC JEAN PAUL' Le Blanc. Only a name long enough for a first and a middle after it joins.
      if (i === 0 && STANDALONE.has(compact(tokens[i] as string)) && tokens.length < 4) break;
      i++;
    }
    if (i < tokens.length - 2 && /^(mc|mac|o)$/.test(compact(tokens[i] as string))) i++;
    count = Math.min(i + 1, tokens.length);
  }
  return {
    lastName: tokens.slice(0, count).join(' '),
    firstName: tokens[count] ?? null,
    middleName: tokens.slice(count + 1).join(' ') || null,
    suffix,
  };
}

/**
 * A licence look-up's answer as raw fields: the profession code stands for the licence type (the
 * configuration maps the board's physician codes), dates already ISO. `surname`: the one searched for.
 */
export function readRosaRecord(licence: Record<string, unknown>, surname?: string): RawFields {
  const name = splitRosaName(rosaText(licence.name) ?? '', surname);
  return {
    ...name,
    licenseNumber: rosaText(licence.licenseNumber),
    licenseType: rosaText(licence.professionCode),
    status: rosaText(licence.status),
    issueDate: readLongDate(rosaText(licence.dateOfLicensure)),
    expiryDate: readLongDate(rosaText(licence.registeredThroughDate)),
  };
}
