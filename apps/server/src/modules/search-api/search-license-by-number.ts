import type { LicenseSearchAnswer } from '@licensewatch/shared/search-api';
import type { Db } from '../../platform/db/client.ts';
import type { LicenseRow } from '../licensing/fetch-license-candidates.ts';
import { type FindByNumberQuery, findByNumber } from '../licensing/find-by-number.ts';
import { presentNumberMatch } from './present-search-result.ts';

/**
 * A license by its number in one jurisdiction, from the registry: a number identifies a license,
 * so there is nothing to review — the same number written differently is marked as such.
 */
export async function searchLicenseByNumber(
  db: Db,
  query: FindByNumberQuery,
): Promise<{ answer: LicenseSearchAnswer; licenses: LicenseRow[] }> {
  const matches = await findByNumber(db, query);
  return {
    answer: {
      status: 'success',
      data: matches.map((match) => presentNumberMatch(match.license, match.confidence)),
      possible_matches: [],
      unavailable_sources: [],
    },
    licenses: matches.map((match) => match.license),
  };
}
