import type { ExclusionSourceCheck } from './exclusions.ts';

/** The exclusion screening's user-visible words (docs/exclusions.md, Where it shows). Dates come formatted. */
export const EXCLUSION_MESSAGES = {
  notExcluded: (checks: string) => `Not excluded (${checks})`,
  possibleMatch: 'Possible match — review',
  excludedSince: (date: string, type: string) => `Excluded since ${date} (${type})`,
  reinstated: (date: string) => `Reinstated ${date}`,
  notChecked: 'Not checked yet: the exclusion lists have not been read',
  matchNotFound: 'Exclusion match not found',
  alreadyDecided: 'This possible match has already been reviewed.',
  confirmed: 'Confirmed as this physician’s exclusion.',
  dismissed: 'Dismissed: not this physician. It will not be offered again.',
} as const;

/** "LEIE checked Nov 27, 2026", "SAM not configured", "SAM stale, last checked …" — one source's part of the line. */
export function describeExclusionCheck(check: ExclusionSourceCheck, formatDate: (iso: string) => string): string {
  const when = check.checked_at ? formatDate(check.checked_at) : null;
  switch (check.state) {
    case 'checked':
      return `${check.name} checked ${when}`;
    case 'stale':
      return when ? `${check.name} stale, last checked ${when}` : `${check.name} not reachable yet`;
    case 'not_configured':
      return `${check.name} not configured`;
    default:
      return `${check.name} not checked yet`;
  }
}
