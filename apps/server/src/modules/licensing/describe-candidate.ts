import type { CandidateKind } from '../reports/tables.ts';

// The matcher's own wording (score-candidate.ts) in the words a physician or coordinator uses.
const PHRASES: Record<string, string> = {
  'exact name': '',
  'first initial': 'only the first initial matches',
  'first-name typo': 'the first name differs by one letter',
  'goes by middle name': 'the first name matches a middle name',
  'given-name spacing': 'the first name is spaced differently',
  'no middle name in query': 'the board shows a middle name you did not enter',
  'no middle name on board': 'the board shows no middle name',
  'middle initial': 'the board shows only a middle initial',
  'extra middle name': 'the board shows an extra middle name',
  'surname typo': 'the last name differs by one letter',
  'short surname typo': 'the last name differs by one letter',
  'surname part': 'only part of the last name matches',
  'surname particle': 'the last name is written with or without a particle',
  'surname spacing': 'the last name is spaced or punctuated differently',
  'double surname split': 'the last name is spaced or punctuated differently',
  'no suffix on board': 'the board shows no suffix',
  'no suffix in query': 'the board shows a suffix you did not enter',
};

function phrase(part: string): string {
  const nickname = /^nickname (.+)→(.+)$/.exec(part);
  if (nickname) return `${nickname[1]} may be a short form of ${nickname[2]}`;
  return PHRASES[part] ?? part;
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/**
 * Why a possible match was not attached, for the report page: the matcher's reason
 * ('ambiguous: the name fits more than one physician (first initial, no middle name on board)')
 * as a sentence ('Another physician on record fits this name too. Only the first initial
 * matches; the board shows no middle name.'). What the registry added after ';' (which
 * promotion applied) is engine detail and left out.
 */
export function describeCandidate(kind: CandidateKind, reason: string): string {
  const core = (/^ambiguous: [^(]*\((.*)\)$/.exec(reason)?.[1] ?? reason).split(';')[0] ?? '';
  const parts = [
    ...new Set(
      core
        .split(',')
        .map((p) => phrase(p.trim()))
        .filter(Boolean),
    ),
  ];
  const details = parts.length > 0 ? sentence(parts.join('; ')) : '';
  if (kind === 'namesake')
    return ['Another physician on record fits this name too.', details].filter(Boolean).join(' ');
  if (details) return details;
  // An identical name held back (nothing else, such as a prior license or the NPI, ties it to the
  // physician) is not "close": saying so would make a user doubt the wrong thing.
  return core.split(',').some((p) => p.trim() === 'exact name')
    ? 'The name is the same as the one you entered, but nothing else on record shows it is this physician.'
    : 'The name is close to the one you entered.';
}
