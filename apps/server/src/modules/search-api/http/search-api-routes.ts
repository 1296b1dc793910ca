import type { LicenseType } from '@licensewatch/shared/licenses';
import { SEARCH_CSV_COLUMNS, type SearchResponse, searchCsvRows } from '@licensewatch/shared/search-api';
import { SEARCH_API_ENDPOINTS } from '@licensewatch/shared/search-api-endpoints';
import { type StateCode, toStateCode } from '@licensewatch/shared/states';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodType, z } from 'zod';
import { toCsv } from '../../../platform/csv.ts';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import type { ApiKeySecrets } from '../../accounts/api-key-crypto.ts';
import { type ApiCaller, authenticateApiCaller, requireApiKeyScope } from '../../accounts/authenticate-api-caller.ts';
import { bearerKey } from '../../accounts/http/signed-in-user.ts';
import type { ExclusionSources } from '../../exclusions/exclusion-sources.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { parsePersonName } from '../../licensing/parse-person-name.ts';
import { billApiCall } from '../../plans/bill-api-call.ts';
import { recordApiCall } from '../../plans/record-api-call.ts';
import { type LicenseSearch, noApiCredits, runLicenseSearch } from '../run-license-search.ts';

type Ctx = Pick<Platform, 'db' | 'pool' | 'log'> & {
  apiKeySecrets: ApiKeySecrets;
  licensing?: LicenseSources;
  exclusions?: ExclusionSources | undefined;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The search API caller, once their key is known; the call is recorded in their usage. */
    apiCaller?: ApiCaller;
    /** Set when the call was billed (its usage row written with the credit). */
    apiCallBilled?: boolean;
  }
}

const E = SEARCH_API_ENDPOINTS;
type SearchEndpoint = (typeof E)[Exclude<keyof typeof E, 'usage'>];
/** An endpoint's validated input: its body, or its query for the GETs. */
type Input<T extends SearchEndpoint> = T extends { body: ZodType }
  ? z.output<T['body']>
  : T extends { query: ZodType }
    ? z.output<T['query']>
    : never;

// Validated by the schemas: a State is one of the 51 by now.
const stateCode = (value: string) => toStateCode(value) as StateCode;
const formName = (b: {
  First_Name: string;
  Middle_Name?: string | undefined;
  Last_Name: string;
  License_Type: LicenseType;
  NPI?: string | undefined;
}) => ({
  firstName: b.First_Name,
  middleName: b.Middle_Name,
  lastName: b.Last_Name,
  licenseType: b.License_Type,
  npi: b.NPI,
});

const CREDITS_HEADER = 'x-credits-remaining';
/** What a usage row keeps of the query: the search fields, each cut short. */
const QUERY_VALUE_MAX = 120;

/** The key from `Authorization: Bearer`, else the body's credential_key. */
function presentedKey(request: FastifyRequest): string | undefined {
  const bearer = bearerKey(request);
  if (bearer) return bearer;
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
    requireApiKeyScope(caller, 'search');
    if (caller.credits <= 0) throw noApiCredits();
  };
  const recordUnbilled = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = request.apiCaller;
    if (!caller || request.apiCallBilled) return;
    try {
      await recordApiCall(ctx.db, {
        userId: caller.userId,
        workspaceId: caller.workspaceId,
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
      workspaceId: caller.workspaceId,
      keyId: caller.keyId,
      endpoint: request.routeOptions.url ?? request.url,
      latencyMs: Math.round(reply.elapsedTime),
      resultCount: response.data.length,
      query: recordedQuery(request),
    });
    if (balance === null) {
      reply.header(CREDITS_HEADER, '0');
      throw noApiCredits();
    }
    request.apiCallBilled = true;
    reply.header(CREDITS_HEADER, String(balance));
    if (wantsCsv(request, format)) {
      return reply
        .type('text/csv; charset=utf-8')
        .serializer((payload: string) => payload)
        .send(toCsv(SEARCH_CSV_COLUMNS, searchCsvRows(response)));
    }
    return response;
  };

  /** One endpoint: its schema, the key check and usage recording, and what it searches for. */
  const route = <E extends SearchEndpoint>(
    app: FastifyInstance,
    endpoint: E,
    toSearch: (input: Input<E>) => LicenseSearch,
  ) =>
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      // Typed by Input<E> below: the zod provider cannot type a handler generic in its endpoint.
      schema: endpointSchema(endpoint) as FastifySchema,
      config: { originCheck: false },
      preValidation: authenticate,
      onResponse: recordUnbilled,
      handler: async (request, reply) => {
        const input = (endpoint.method === 'GET' ? request.query : request.body) as Input<E>;
        const { workspaceId } = request.apiCaller as ApiCaller;
        return answer(request, reply, input.format, () => runLicenseSearch(ctx, toSearch(input), workspaceId));
      },
    });

  // The documented endpoints (docs/product-rules.md, Search API) take form-encoded bodies only: a JSON body here is a 415.
  fastify.register(async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    route(app, E.searchLicense, (b) => ({ name: formName(b) }));
    route(app, E.searchLicenseByState, (b) => ({ name: { ...formName(b), state: stateCode(b.State) } }));
    route(app, E.searchLicenseByNumber, (b) => ({
      number: { licenseNumber: b.License_Number, state: stateCode(b.State) },
    }));
  });

  // The beta endpoint (JSON) and the static-docs GETs.
  fastify.register(async (app) => {
    route(app, E.betaSearchLicenseByState, (b) => ({
      name: {
        firstName: b.first_name,
        middleName: b.middle_name,
        lastName: b.last_name,
        licenseType: b.license_type,
        state: stateCode(b.state_name),
      },
    }));
    route(app, E.getSearchLicense, (q) => ({
      name: {
        ...parsePersonName(q.name),
        licenseType: q.license_type,
        state: q.state ? stateCode(q.state) : undefined,
      },
    }));
    route(app, E.getSearchLicenseByState, (q) => ({
      name: { ...parsePersonName(q.name), licenseType: q.license_type, state: stateCode(q.state) },
    }));
    route(app, E.getSearchLicenseByNumber, (q) => ({
      number: { licenseNumber: q.license_number, state: stateCode(q.state) },
    }));
  });
}
