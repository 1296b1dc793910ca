import type { HttpClient } from '../../licensing/http-client.ts';
import { SourceError, type SourceFailure } from '../../licensing/types.ts';
import { type SamExclusionRecord, samAnswerSchema, samRecord } from './sam-records.ts';

export type { SamExclusionRecord } from './sam-records.ts';

export type SamSearch = { firstName: string; lastName: string; npi?: string | null };
/**
 * `baseUrl` is the origin (https://api.sam.gov in production, `${SIM_URL}/sam` against the simulator).
 * `spend` is called before every request and throws when the day's request budget is spent
 * (spend-sam-request.ts), so a search stops before the request that would exceed it.
 */
export type SamConfig = { baseUrl: string; apiKey: string; spend?: () => Promise<unknown> };

export const SAM_EXCLUSIONS_PATH = '/entity-information/v4/exclusions';
/** SAM's documented maximum `size`. */
export const SAM_PAGE_SIZE = 10;
/**
 * Pages read per query. A physician's first and last name rarely match more than a few SAM
 * individuals; the cap keeps one very common name from spending a key's daily quota (10 requests
 * for a key without a role, 1,000 with one). Each page is one request of the day's budget.
 */
export const SAM_MAX_PAGES = 10;

// Characters SAM refuses in a parameter value (& | { } ^ \) or reads as operators (~ OR, ! NOT,
// [ ] lists, * wildcard, " quoting, / which must then be quoted).
const OPERATOR_CHARACTERS = /[&|{}^\\~![\]*"/]/g;

// v4 declares application/hal+json answers; anything else is accepted after it.
export const SAM_ACCEPT = 'application/hal+json, application/json;q=0.9, */*;q=0.8';

/**
 * Individuals matching the name (and, separately, the NPI when given), deduplicated by samId; all pages
 * up to SAM_MAX_PAGES per query: one request per page, plus one for the NPI. SAM returns only records whose exclusion is in force (recordStatus
 * Active), so a reinstated person is absent rather than listed with a termination date.
 * Throws SourceError: 'unsupported' when the key is refused, 'rate-limited', 'unavailable', 'parse-failure'.
 */
export async function searchSamExclusions(
  http: HttpClient,
  config: SamConfig,
  search: SamSearch,
): Promise<SamExclusionRecord[]> {
  const name = [search.firstName, search.lastName].map(searchTerm).filter(Boolean).join(' ');
  if (!searchTerm(search.lastName))
    throw new SourceError({ kind: 'unsupported', message: 'a SAM.gov exclusion search needs a last name' });
  const npi = search.npi?.trim();

  const queries: Record<string, string>[] = [{ exclusionName: name }];
  // A malformed NPI would match nothing; the name search still covers the person.
  if (npi && /^\d{10}$/.test(npi)) queries.push({ npi });

  const found = new Map<string, SamExclusionRecord>();
  for (const query of queries) {
    for (const record of await searchAllPages(http, config, query)) {
      if (!found.has(record.samId)) found.set(record.samId, record);
    }
  }
  return [...found.values()];
}

function searchTerm(value: string): string {
  return value.replace(OPERATOR_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
}

async function searchAllPages(
  http: HttpClient,
  config: SamConfig,
  query: Record<string, string>,
): Promise<SamExclusionRecord[]> {
  const records: SamExclusionRecord[] = [];
  for (let page = 0; page < SAM_MAX_PAGES; page++) {
    const url = exclusionsUrl(config.baseUrl);
    url.searchParams.set('api_key', config.apiKey);
    url.searchParams.set('classification', 'Individual');
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    url.searchParams.set('page', String(page));
    url.searchParams.set('size', String(SAM_PAGE_SIZE));

    await config.spend?.();
    const answer = await http.json(url.toString(), { headers: { accept: SAM_ACCEPT } });
    if (!answer.ok) throw new SourceError(samFailure(answer.error, config.apiKey));
    const parsed = samAnswerSchema.safeParse(answer.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? ` (${issue.path.join('.')}: ${issue.message})` : '';
      throw new SourceError({ kind: 'parse-failure', message: `SAM.gov answered an unexpected JSON shape${where}` });
    }
    const entities = parsed.data.excludedEntity ?? [];
    records.push(...entities.map(samRecord));
    if (entities.length === 0 || (page + 1) * SAM_PAGE_SIZE >= parsed.data.totalRecords) break;
  }
  return records;
}

/** The simulator sits under a path prefix (`/sam`), so the API path is appended to the base's path. */
export function samApiUrl(baseUrl: string, path: string): URL {
  const base = new URL(baseUrl);
  return new URL(`${base.pathname.replace(/\/+$/, '')}${path}`, base);
}

function exclusionsUrl(baseUrl: string): URL {
  return samApiUrl(baseUrl, SAM_EXCLUSIONS_PATH);
}

/** A failed SAM.gov request as our kinds: a refused key is 'unsupported'; the key never in the message. */
export function samFailure(failure: SourceFailure, apiKey: string): SourceFailure {
  const { status } = failure;
  if (status === 401 || status === 403)
    return { kind: 'unsupported', status, message: `SAM.gov refused the API key (HTTP ${status})` };
  // A query SAM cannot read is ours to fix, like NPPES's Errors answer.
  if (status === 400)
    return { kind: 'parse-failure', status, message: 'SAM.gov refused the exclusion query (HTTP 400)' };
  const message = `SAM.gov exclusions: ${redact(failure.message, apiKey)}`;
  return status === undefined ? { kind: failure.kind, message } : { kind: failure.kind, message, status };
}

/**
 * The key travels in the query string, so any text that might quote a URL is scrubbed of it. The bare
 * key is scrubbed only when long enough to be a real one (SAM's are 40 characters): a short test key
 * such as 'rate-limited' would otherwise blank out ordinary words of the message.
 */
function redact(text: string, apiKey: string): string {
  const scrubbed = text.replace(/api_key=[^&\s]*/gi, 'api_key=[redacted]');
  if (apiKey.length < 16) return scrubbed;
  return [apiKey, encodeURIComponent(apiKey)].reduce((out, secret) => out.split(secret).join('[redacted]'), scrubbed);
}
