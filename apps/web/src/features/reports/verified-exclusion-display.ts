import type { ExclusionStatus } from '@licensewatch/shared/exclusions';
import { describeExclusionCheck } from '@licensewatch/shared/exclusions-messages';
import type { Verification } from '@licensewatch/shared/reports';
import { formatCalendarDate, formatDateTimeWithZone } from '../../lib/format';

export type VerifiedExclusions = NonNullable<Verification['exclusions']>;
export type VerifiedExclusionMatch = VerifiedExclusions['matches'][number];

/**
 * The standing as the document printed it (render-verification-pdf.ts): in the past tense of the
 * document, never "clear" before a list had been read.
 */
export const VERIFIED_STANDING: Record<ExclusionStatus, string> = {
  not_excluded: 'Not excluded',
  possible_match: 'Possible match, not confirmed: under review',
  excluded: 'Excluded',
  not_checked: 'Not checked: the exclusion lists had not been read',
};

/** "LEIE checked Nov 27, 2026, 3:04 PM EST": the time and its zone as well as the day, like the licenses' "Retrieved". */
export function verifiedCheckText(check: VerifiedExclusions['sources'][number]): string {
  return describeExclusionCheck(check, (iso) => formatDateTimeWithZone(iso));
}

/** Why the entry is on the document: equal NPIs, a reviewer's confirmation, or a name and state alone. */
export function verifiedMatchBasis(match: VerifiedExclusionMatch): string {
  if (match.basis === 'npi') return 'same NPI';
  return match.status === 'confirmed' ? 'confirmed by a reviewer' : 'name and state only';
}

/** One matched entry as label and value rows, in the PDF's order; "Reinstated" only when it was. */
export function verifiedMatchRows(match: VerifiedExclusionMatch): [string, string][] {
  const rows: [string, string][] = [
    ['Name on the list', match.state ? `${match.name} (${match.state})` : match.name],
    ['Excluded since', formatCalendarDate(match.excluded_on, 'date not published')],
  ];
  if (match.reinstated_on) rows.push(['Reinstated', formatCalendarDate(match.reinstated_on)]);
  rows.push(['Type', match.type_label], ['Matched by', verifiedMatchBasis(match)]);
  return rows;
}
