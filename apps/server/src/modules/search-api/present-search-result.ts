import type { LicenseType } from '@licensewatch/shared/licenses';
import type { LicenseSearchAnswer, MatchKind, PossibleMatch, SearchResult } from '@licensewatch/shared/search-api';
import { stateName } from '@licensewatch/shared/states';
import { describeLicenseSource } from '../licensing/describe-board.ts';
import { describeCandidate } from '../licensing/describe-candidate.ts';
import type { LicenseRow } from '../licensing/fetch-license-candidates.ts';
import type { FindLicensesQuery, LicenseMatch } from '../licensing/find-licenses.ts';
import { listMatchSignals } from '../licensing/list-match-signals.ts';
import type { MatchSignal } from '../licensing/score-candidate.ts';
import type { NameSearchResult } from './search-licenses-by-name.ts';

/** The matcher's signals in the API's words (packages/shared/src/search-api.ts, MATCH_KINDS). */
const KIND_OF_SIGNAL: Record<MatchSignal, MatchKind> = {
  nickname: 'nickname',
  'first-initial': 'first-initial',
  'first-typo': 'first-name-typo',
  'goes-by-middle-name': 'goes-by-middle-name',
  'given-spacing': 'given-name-spacing',
  'middle-missing': 'middle-name-missing',
  'middle-initial': 'middle-initial',
  'extra-middle-name': 'extra-middle-name',
  'double-surname-split': 'last-name-spacing',
  'surname-spacing': 'last-name-spacing',
  'surname-particle': 'last-name-particle',
  'surname-part': 'last-name-part',
  'surname-typo': 'last-name-typo',
  'short-surname-typo': 'last-name-typo',
  'suffix-one-side': 'suffix-one-side',
};

/**
 * `licenseType`: the row's own, or for a board that does not say MD or DO the type the search asked
 * about (null when it asked none: a search by number).
 */
function presentLicense(
  row: LicenseRow,
  match: MatchKind[],
  confidence: number,
  licenseType: LicenseType | null,
): SearchResult {
  return {
    id: row.id,
    name: [row.firstName, row.middleName, row.lastName, row.suffix].filter(Boolean).join(' '),
    license_number: row.licenseNumber ?? '',
    state: stateName(row.jurisdiction),
    status: row.status,
    board_status: row.rawStatus,
    issued_date: row.issueDate,
    expiry_date: row.expiryDate,
    license_type: licenseType,
    discipline: row.discipline,
    source: describeLicenseSource(row),
    verified_at: row.lastSeenAt.toISOString(),
    match,
    confidence: Math.round(confidence * 1000) / 1000,
  };
}

function matchKinds(query: FindLicensesQuery, row: LicenseRow): MatchKind[] {
  const kinds = [...new Set(listMatchSignals(query, row).map((signal) => KIND_OF_SIGNAL[signal]))];
  return kinds.length > 0 ? kinds : ['exact'];
}

/** A license the name search is confident about. */
export function presentNameMatch(query: FindLicensesQuery, match: LicenseMatch): SearchResult {
  const licenseType = match.license.licenseType ?? query.licenseType;
  return presentLicense(
    match.license,
    matchKinds({ ...query, licenseType }, match.license),
    match.confidence,
    licenseType,
  );
}

/** A license the name search would not decide on, with why in words. */
export function presentPossibleMatch(query: FindLicensesQuery, match: LicenseMatch): PossibleMatch {
  const review = match.review ?? 'near';
  return {
    ...presentNameMatch(query, match),
    review,
    why: describeCandidate(review, match.reason),
  };
}

/** A license found by its number: exact, or the same number written differently. */
export function presentNumberMatch(row: LicenseRow, confidence: number): SearchResult {
  return presentLicense(
    row,
    [confidence === 1 ? 'license-number' : 'license-number-format'],
    confidence,
    row.licenseType,
  );
}

/** A name search as the API answers it. */
export function presentNameSearch({ query, confident, possible, unavailable }: NameSearchResult): LicenseSearchAnswer {
  return {
    status: 'success',
    data: confident.map((match) => presentNameMatch(query, match)),
    possible_matches: possible.map((match) => presentPossibleMatch(query, match)),
    unavailable_sources: unavailable.map((failure) => ({
      state: stateName(failure.state),
      board_id: failure.boardId,
      reason: 'The board could not be searched just now; this state is answered from our last copy of its records.',
    })),
  };
}
