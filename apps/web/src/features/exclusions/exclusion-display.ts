import type { ExclusionMatch, ReportExclusions } from '@licensewatch/shared/exclusions';
import { describeExclusionCheck, EXCLUSION_MESSAGES } from '@licensewatch/shared/exclusions-messages';
import { formatCalendarDate, formatDate } from '../../lib/format';

/** The list's dates are calendar dates (YYYY-MM-DD): read as local dates, not UTC midnight. */
const listDate = (date: string | null) => formatCalendarDate(date, 'an unknown date');

/** "LEIE checked Nov 27, 2026, SAM not configured": each source's last check, joined with `separator`. */
export function describeExclusionChecks(sources: ReportExclusions['sources'], separator: string): string {
  return sources.map((check) => describeExclusionCheck(check, (iso) => formatDate(iso))).join(separator);
}

/** Sorts first: dated before undated, earlier before later (ISO dates compare as text), then the LEIE. */
function sooner(a: ExclusionMatch, b: ExclusionMatch): boolean {
  if (a.excluded_on !== b.excluded_on) {
    if (!a.excluded_on || !b.excluded_on) return Boolean(a.excluded_on);
    return a.excluded_on < b.excluded_on;
  }
  // SAM carries the OIG's exclusions too, under its own words: the LEIE's row names the statute.
  return a.source === 'LEIE' && b.source !== 'LEIE';
}

/**
 * The exclusion in force the status line names: a confirmed match not reinstated, the earliest when
 * there are several (the physician has been excluded since then). Null when none is.
 */
export function exclusionInForce(matches: readonly ExclusionMatch[]): ExclusionMatch | null {
  let earliest: ExclusionMatch | null = null;
  for (const match of matches) {
    if (match.status !== 'confirmed' || match.reinstated_on) continue;
    if (!earliest || sooner(match, earliest)) earliest = match;
  }
  return earliest;
}

/**
 * The order matches are listed in: dismissed ones last, then the latest exclusion first, and where
 * SAM repeats an LEIE entry (same date) the LEIE's first, since its row names the statute.
 */
export function orderExclusionMatches(matches: readonly ExclusionMatch[]): ExclusionMatch[] {
  return [...matches].sort(
    (a, b) =>
      Number(a.status === 'dismissed') - Number(b.status === 'dismissed') ||
      (b.excluded_on ?? '').localeCompare(a.excluded_on ?? '') ||
      Number(a.source !== 'LEIE') - Number(b.source !== 'LEIE'),
  );
}

/** The status line's words (packages/shared exclusions-messages.ts). */
export function exclusionStatusText(exclusions: ReportExclusions): string {
  switch (exclusions.status) {
    case 'not_excluded':
      return EXCLUSION_MESSAGES.notExcluded(describeExclusionChecks(exclusions.sources, ', '));
    case 'possible_match':
      return EXCLUSION_MESSAGES.possibleMatch;
    case 'excluded': {
      const match = exclusionInForce(exclusions.matches);
      return match
        ? EXCLUSION_MESSAGES.excludedSince(listDate(match.excluded_on), match.type_label)
        : EXCLUSION_MESSAGES.excludedSince(listDate(null), 'see the review history');
    }
    default:
      return EXCLUSION_MESSAGES.notChecked;
  }
}

/** "Reinstated Mar 3, 2026" for a confirmed exclusion that has ended. */
export function reinstatedText(match: ExclusionMatch): string | null {
  return match.status === 'confirmed' && match.reinstated_on
    ? EXCLUSION_MESSAGES.reinstated(listDate(match.reinstated_on))
    : null;
}

/** "Excluded since Jan 2, 2024 (1128(b)(4) License revocation…)" for any match, as the list states it. */
export function listedExclusionText(match: ExclusionMatch): string {
  return EXCLUSION_MESSAGES.excludedSince(listDate(match.excluded_on), match.type_label);
}

/** Who settled a match that is no longer open: a person (and when), or the physician's NPI. */
export function reviewOutcomeText(match: ExclusionMatch): string | null {
  if (match.status === 'possible') return null;
  const verb = match.status === 'confirmed' ? 'Confirmed' : 'Dismissed';
  // An undecided confirmed match was settled by equal NPIs, never by a person.
  if (!match.decided_at) return match.status === 'confirmed' ? 'Confirmed by NPI' : verb;
  return `${verb} by ${match.decided_by ?? 'a former member'} on ${formatDate(match.decided_at)}`;
}
