import type { SearchResponse } from '@licensewatch/shared/search-api';
import type { Platform } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { ExclusionSources } from '../exclusions/exclusion-sources.ts';
import { holderOfLicense, screenPhysicianName } from '../exclusions/screen-physician-name.ts';
import type { FindByNumberQuery } from '../licensing/find-by-number.ts';
import type { LicenseSources } from '../licensing/license-sources.ts';
import { presentNameSearch } from './present-search-result.ts';
import { searchLicenseByNumber } from './search-license-by-number.ts';
import { type NameSearch, searchLicensesByName } from './search-licenses-by-name.ts';

/** What a call searches for. */
export type LicenseSearch = { name: NameSearch } | { number: FindByNumberQuery };

/** A search with no API credit left to pay for it (402): refused before it runs, and if they ran out meanwhile. */
export const noApiCredits = () =>
  new AppError(
    'NO_API_CREDITS',
    'You have no API credits left. Buy more on the pricing page or wait for your plan to renew.',
    402,
  );

/**
 * One search of the search API, answered whole with the exclusion screening of the name: what the
 * HTTP endpoints and the MCP server's search tools answer alike (billing is the caller's). The
 * caller's workspace sees its own licenses verified by hand besides the public registry's.
 */
export async function runLicenseSearch(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'> & {
    licensing?: LicenseSources | undefined;
    exclusions?: ExclusionSources | undefined;
  },
  search: LicenseSearch,
  workspaceId: string,
): Promise<SearchResponse> {
  const samConfigured = Boolean(ctx.exclusions?.sam);
  if ('number' in search) {
    const { answer, licenses } = await searchLicenseByNumber(ctx.db, { ...search.number, workspaceId });
    const exclusions = await screenPhysicianName(ctx.pool, holderOfLicense(licenses[0]), { samConfigured });
    return { ...answer, exclusions };
  }
  const found = await searchLicensesByName(ctx, { ...search.name, workspaceId });
  // The name is matched where the physician was asked about, or is licensed.
  const states = search.name.state
    ? [search.name.state]
    : [...new Set(found.confident.map((match) => match.license.jurisdiction))];
  const exclusions = await screenPhysicianName(ctx.pool, { ...search.name, states }, { samConfigured });
  return { ...presentNameSearch(found), exclusions };
}
