import type { BrowserSiteRequest } from './browser-site.ts';
import { salesforceRequest } from './salesforce-lookup.ts';
import { spaRequest } from './spa-lookups.ts';
import { thentiaRequest } from './thentia-portal.ts';

/**
 * The single-page board a path under /sites names (its page, or the simulator's endpoint its script
 * calls), by platform; undefined for any other path.
 */
export function browserSiteRequest(parts: readonly string[], query: URLSearchParams): BrowserSiteRequest | undefined {
  return thentiaRequest(parts, query) ?? salesforceRequest(parts, query) ?? spaRequest(parts, query);
}
