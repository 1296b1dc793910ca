import { fitsOneSegment, isGsm7 } from '../../../platform/sms/send-sms.ts';

// Characters outside GSM-7 that have a plain look-alike; anything else outside it is dropped,
// because one such character would make the whole text UCS-2 (70 characters a segment).
const LOOK_ALIKES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
};

/** The text with every character GSM-7 can carry: accents stripped where GSM-7 lacks the letter. */
export function toGsm7(text: string): string {
  let out = '';
  for (const c of text) {
    if (isGsm7(c)) {
      out += c;
      continue;
    }
    const plain = LOOK_ALIKES[c] ?? c.normalize('NFKD').replace(/\p{M}/gu, '');
    out += [...plain].filter((p) => isGsm7(p)).join('');
  }
  return out;
}

/** A shortened name shorter than this says too little: a shorter link, or none, goes first. */
const MIN_NAME = 16;

/**
 * The one-segment text (GSM-7, ≤ 160) `compose` makes from the physician's name and a link: the
 * full name with the first link that fits; else the name shortened ("Dr. Maximiliana-Esperanza
 * Luc.") beside the first link that leaves it MIN_NAME characters; else no link. Everything but
 * the name that `compose` puts in must already be GSM-7 (toGsm7).
 */
export function fitSmsText(
  compose: (name: string, link: string | null) => string,
  { name, links }: { name: string; links: string[] },
): string {
  const fullName = toGsm7(name).replace(/\s+/g, ' ').trim();
  const options = [...links, null];
  for (const link of options) {
    const full = compose(fullName, link);
    if (fitsOneSegment(full)) return full;
  }
  for (const link of options) {
    const room = 160 - [...compose('', link)].length;
    if (room < (link === null ? 2 : MIN_NAME)) continue;
    const short = compose(`${fullName.slice(0, room - 1).replace(/[\s.,'-]+$/, '')}.`, link);
    if (fitsOneSegment(short)) return short;
  }
  throw new Error(`No one-segment SMS fits for ${JSON.stringify(fullName)}`);
}

/** "Dec 26" for 2026-12-26 (the date as the board gives it, no time zone). */
export function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "Dec 26, 2026": for a change of expiry, where the year matters. */
export function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
