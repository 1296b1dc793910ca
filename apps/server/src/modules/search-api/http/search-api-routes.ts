import type { Endpoint } from '@licensewatch/shared/endpoint';
import { SEARCH_CSV_COLUMNS, type SearchResponse } from '@licensewatch/shared/search-api';
import { SEARCH_API_ENDPOINTS } from '@licensewatch/shared/search-api-endpoints';
import { type StateCode, toStateCode } from '@licensewatch/shared/states';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { toCsv } from '../../../platform/csv.ts';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import type { ApiKeySecrets } from '../../accounts/api-key-crypto.ts';
import { parsePersonName } from '../../licensing/matching/parse-person-name.ts';
import type { LicenseSources } from '../../licensing/registry/license-sources.ts';
import { type ApiCaller, authenticateApiCaller } from '../authenticate-api-caller.ts';
import { billApiCall } from '../bill-api-call.ts';
import { presentNameSearch } from '../present-search-result.ts';
import { recordApiCall } from '../record-api-call.ts';
import { searchLicenseByNumber } from '../search-license-by-number.ts';
import { type NameSearch, searchLicensesByName } from '../search-licenses-by-name.ts';

type Ctx = Pick<Platform, 'db' | 'pool' | 'log'> & { apiKeySecrets: ApiKeySecrets; licensing?: LicenseSources };

declare module 'fastify' {
  interface FastifyRequest {
    /** The search API caller, once their key is known; the call is recorded in their usage. */
    apiCaller?: ApiCaller;
    /** Set when the call was billed (its usage row written with the credit). */
    apiCallBilled?: boolean;
  }
}

const CREDITS_HEADER = 'x-credits-remaining';
/** What a usage row keeps of the query: the search fields, each cut short. */
const QUERY_VALUE_MAX = 120;

const noCredits = () =>
  new AppError(
    'NO_API_CREDITS',
    'You have no API credits left. Buy more on the pricing page or wait for your plan to renew.',
    402,
  );

/** The key from `Authorization: Bearer`, else the body's credential_key. */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = header ? /^Bearer\s+(.+)$/i.exec(header.trim())?.[1] : undefined;
  if (bearer) return bearer.trim();
  const body = request.body as Record<string, unknown> | undefined;
  const fromBody = body && typeof body === 'object' ? body.credential_key : undefined;
  if (typeof fromBody === 'string' && fromBody.trim()) return fromBody.trim();
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query === 'object' && 'credential_key' in query) {
    throw new AppError(
      'INVALID_API_KEY',
      'Send the API key in the "Authorization: Bearer <key>" header: a key in a URL ends up in logs.',
      401,
    );
  }
  return undefined;
}

/** The search fields of the request, for the usage row: never the key. */
function recordedQuery(request: FastifyRequest): Record<string, string> {
  const source = (request.method === 'GET' ? request.query : request.body) as Record<string, unknown> | undefined;
  const query: Record<string, string> = {};
  if (!source || typeof source !== 'object') return query;
  for (const [name, value] of Object.entries(source)) {
    if (name === 'credential_key' || typeof value !== 'string') continue;
    query[name.slice(0, 40)] = value.slice(0, QUERY_VALUE_MAX);
  }
  return query;
}

function wantsCsv(request: FastifyRequest, format: string | undefined): boolean {
  return format === 'csv' || (format === undefined && /\btext\/csv\b/i.test(request.headers.accept ?? ''));
}

function responseCsv(response: SearchResponse): string {
  const row = (r: SearchResponse['data'][number], review: string) => [
    r.id,
    r.name,
    r.license_number,
    r.state,
    r.status,
    r.board_status,
    r.issued_date,
    r.expiry_date,
    r.license_type,
    r.discipline,
    r.source.name,
    r.verified_at,
    r.match.join(' '),
    r.confidence,
    review,
  ];
  return toCsv(SEARCH_CSV_COLUMNS, [
    ...response.data.map((r) => row(r, '')),
    ...response.possible_matches.map((r) => row(r, r.review)),
  ]);
}

/**
 * The paid license-search API (docs/product-rules.md, Search API). Each call: the key is checked
 * and counted against its plan's per-minute limit in one round trip (before the body is
 * validated, so a stranger learns nothing about the API's rules), a caller without credits is
 * refused before searching, the search runs, and a 200 takes its credit with its usage row in
 * one statement. Errors cost nothing; every call of a known key is recorded. The key, not the
 * session, authenticates these calls, so the origin check does not apply (docs/security.md).
 */
export function registerSearchApiRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await authenticateApiCaller(ctx, presentedKey(request));
    request.apiCaller = caller;
    reply.header(CREDITS_HEADER, String(caller.credits));
    if (caller.overLimit) throw caller.overLimit;
    if (caller.credits <= 0) throw noCredits();
  };
  const recordUnbilled = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = request.apiCaller;
    if (!caller || request.apiCallBilled) return;
    try {
      await recordApiCall(ctx.db, {
        userId: caller.userId,
        keyId: caller.keyId,
        endpoint: request.routeOptions.url ?? request.url,
        status: reply.statusCode,
        latencyMs: Math.round(reply.elapsedTime),
        resultCount: 0,
        query: recordedQuery(request),
      });
    } catch (error) {
      request.log.warn({ err: error }, 'could not record a search API call');
    }
  };

  /** Searches, bills and answers: JSON, or CSV when asked for. */
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    format: string | undefined,
    search: () => Promise<SearchResponse>,
  ) => {
    const caller = request.apiCaller as ApiCaller;
    const response = await search();
    const balance = await billApiCall(ctx.db, {
      userId: caller.userId,
      keyId: caller.keyId,
      endpoint: request.routeOptions.url ?? request.url,
      latencyMs: Math.round(reply.elapsedTime),
      resultCount: response.data.length,
      query: recordedQuery(request),
    });
    if (balance === null) {
      reply.header(CREDITS_HEADER, '0');
      throw noCredits();
    }
    request.apiCallBilled = true;
    reply.header(CREDITS_HEADER, String(balance));
    if (wantsCsv(request, format)) {
      return reply
        .type('text/csv; charset=utf-8')
        .serializer((payload: string) => payload)
        .send(responseCsv(response));
    }
    return response;
  };

  const runNameSearch = async (search: NameSearch) => presentNameSearch(await searchLicensesByName(ctx, search));

  const routeOptions = <E extends Endpoint>(endpoint: E) => ({
    schema: endpointSchema(endpoint),
    config: { originCheck: false as const },
    preValidation: authenticate,
    onResponse: recordUnbilled,
  });

  // The spec's endpoints take form-encoded bodies only: a JSON body here is a 415.
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const { searchLicense, searchLicenseByState, searchLicenseByNumber: byNumber } = SEARCH_API_ENDPOINTS;

    app.post(searchLicense.path, routeOptions(searchLicense), async (request, reply) => {
      const b = request.body;
      return answer(request, reply, b.format, () =>
        runNameSearch({
          firstName: b.First_Name,
          middleName: b.Middle_Name,
          lastName: b.Last_Name,
          licenseType: b.License_Type,
        }),
      );
    });
    app.post(searchLicenseByState.path, routeOptions(searchLicenseByState), async (request, reply) => {
      const b = request.body;
      return answer(request, reply, b.format, () =>
        runNameSearch({
          firstName: b.First_Name,
          middleName: b.Middle_Name,
          lastName: b.Last_Name,
          licenseType: b.License_Type,
          state: toStateCode(b.State) as StateCode,
        }),
      );
    });
    app.post(byNumber.path, routeOptions(byNumber), async (request, reply) => {
      const b = request.body;
      return answer(request, reply, b.format, () =>
        searchLicenseByNumber(ctx.db, { licenseNumber: b.License_Number, state: toStateCode(b.State) as StateCode }),
      );
    });
  });

  // The beta endpoint (JSON) and the static-docs GETs.
  fastify.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const {
      betaSearchLicenseByState: beta,
      getSearchLicense,
      getSearchLicenseByState,
      getSearchLicenseByNumber,
    } = SEARCH_API_ENDPOINTS;

    app.post(beta.path, routeOptions(beta), async (request, reply) => {
      const b = request.body;
      return answer(request, reply, b.format, () =>
        runNameSearch({
          firstName: b.first_name,
          middleName: b.middle_name,
          lastName: b.last_name,
          licenseType: b.license_type,
          state: toStateCode(b.state_name) as StateCode,
        }),
      );
    });
    app.get(getSearchLicense.path, routeOptions(getSearchLicense), async (request, reply) => {
      const q = request.query;
      return answer(request, reply, q.format, () =>
        runNameSearch({
          ...parsePersonName(q.name),
          licenseType: q.license_type,
          state: q.state ? (toStateCode(q.state) as StateCode) : undefined,
        }),
      );
    });
    app.get(getSearchLicenseByState.path, routeOptions(getSearchLicenseByState), async (request, reply) => {
      const q = request.query;
      return answer(request, reply, q.format, () =>
        runNameSearch({
          ...parsePersonName(q.name),
          licenseType: q.license_type,
          state: toStateCode(q.state) as StateCode,
        }),
      );
    });
    app.get(getSearchLicenseByNumber.path, routeOptions(getSearchLicenseByNumber), async (request, reply) => {
      const q = request.query;
      return answer(request, reply, q.format, () =>
        searchLicenseByNumber(ctx.db, { licenseNumber: q.license_number, state: toStateCode(q.state) as StateCode }),
      );
    });
  });
}
