import { listEndpoints } from '@licensewatch/shared/api-contract';
import { SEARCH_API_ENDPOINTS } from '@licensewatch/shared/search-api-endpoints';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ENDPOINTS } from '../src/modules/accounts/http/auth-endpoints.ts';
import { openApiPath } from '../src/platform/http/build-openapi-document.ts';
import { listRoutes } from '../src/platform/http/route-table.ts';
import { HttpClient, type JsonResponse } from './support/http-client.ts';
import { ROUTE_CASES } from './support/route-cases.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// GET /api/openapi.json, read over HTTP from the real app: a valid OpenAPI 3.1 document that has
// every route the server registers and every endpoint of the contract, each with how it is
// authenticated; the search API with its key, its form bodies, its errors and its examples.

/** Routes that are not the API: the web app's pages and files, and the built-in test payment provider (ADR 009), a stand-in for Stripe's own API. */
const NOT_THE_API = [/^\/\*?$/, /^\/test-stripe\//, /^\/test-checkout\//, /^\/test-portal\//];
const BETTER_AUTH_MOUNT = '/api/auth/*';

type Operation = {
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean; example?: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
  security?: Record<string, string[]>[];
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    responses: Record<string, { headers?: Record<string, unknown>; content: Record<string, { schema: unknown }> }>;
    securitySchemes: Record<string, Record<string, string>>;
  };
};

let server: TestServer;
let res: JsonResponse;
let doc: Document;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
  res = await new HttpClient(server.url).get('/api/openapi.json');
  doc = res.body;
});
afterAll(() => server?.close());

const operation = (method: string, path: string): Operation | undefined =>
  doc.paths[openApiPath(path)]?.[method.toLowerCase()];
const key = (method: string, path: string) => `${method} ${path}`;

describe('GET /api/openapi.json', () => {
  it('answers JSON anyone may read and caches may keep briefly', () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(doc.info).toMatchObject({ title: 'LicenseWatch API', version: expect.any(String) });
    expect(doc.servers).toEqual([{ url: '/' }]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // Every $ref points into components: zod's own $defs would not resolve inside an OpenAPI document.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1] as string);
    expect(refs.filter((ref) => !ref.startsWith('#/components/'))).toEqual([]);
  });

  it('has every route the server registers, at its method', () => {
    const registered = listRoutes(server.app)
      .filter((r) => !NOT_THE_API.some((pattern) => pattern.test(r.url)))
      .flatMap((r) =>
        r.url === BETTER_AUTH_MOUNT ? AUTH_ENDPOINTS.map((e) => ({ method: e.method, url: e.path })) : [r],
      );
    expect(registered.length).toBeGreaterThan(40);
    expect(registered.filter((r) => !operation(r.method, r.url)).map((r) => key(r.method, r.url))).toEqual([]);
  });

  it('has every endpoint of the contract, dev routes included where they are mounted', () => {
    const missing = listEndpoints()
      .filter(({ endpoint }) => !operation(endpoint.method, endpoint.path))
      .map(({ name, endpoint }) => `${name}: ${key(endpoint.method, endpoint.path)}`);
    expect(missing).toEqual([]);
    expect(operation('GET', '/api/dev/outbox')).toBeDefined();
  });

  it('gives each operation a summary and its errors as {detail, code}', () => {
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.filter((op) => !op.summary)).toEqual([]);
    for (const [name, response] of Object.entries(doc.components.responses)) {
      expect(response.content['application/json']?.schema, name).toEqual({ $ref: '#/components/schemas/Error' });
    }
  });

  /** The session, and the API key with its scope where the contract lets a key call the route. */
  const sessionSecurity = (method: string, url: string) => {
    const scope = listEndpoints().find((e) => e.endpoint.method === method && e.endpoint.path === url)?.endpoint
      .keyScope;
    return [{ session: [] }, ...(scope ? [{ apiKey: [scope] }] : [])];
  };

  it('names the session cookie on signed-in routes (and a key scope where one may call) and nothing on public ones, as the security tables do', () => {
    const cookie = doc.components.securitySchemes.session;
    expect(cookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: expect.stringContaining('session_token') });
    const wrong = ROUTE_CASES.filter((row) => row.auth === 'session' || row.auth === 'public')
      .map((row) => ({ row, op: operation(row.method, row.url) }))
      .filter(({ op }) => op !== undefined)
      .filter(({ row, op }) =>
        row.auth === 'session'
          ? JSON.stringify(op?.security) !== JSON.stringify(sessionSecurity(row.method, row.url))
          : op?.security !== undefined,
      )
      .map(({ row }) => `${key(row.method, row.url)} is ${row.auth}`);
    expect(wrong).toEqual([]);
    // A signed-in route answers 401 when signed out.
    expect(operation('GET', '/api/v2/auth/me')?.responses['401']).toEqual({
      $ref: '#/components/responses/Unauthenticated',
    });
  });
});

describe('the search API in the document', () => {
  const searches = Object.values(SEARCH_API_ENDPOINTS).filter((e) => 'apiKey' in e);

  it('authenticates every search with the API key as a bearer token, credential_key noted', () => {
    expect(searches).toHaveLength(7);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiKey?.description).toContain('credential_key');
    for (const e of searches) expect(operation(e.method, e.path)?.security, e.path).toEqual([{ apiKey: [] }]);
  });

  it('takes form-encoded bodies on the /medical/ endpoints, JSON on the beta one, a query on the GETs', () => {
    const media = (e: (typeof searches)[number]) =>
      Object.keys(operation(e.method, e.path)?.requestBody?.content ?? {});
    const { searchLicense, searchLicenseByState, searchLicenseByNumber, betaSearchLicenseByState } =
      SEARCH_API_ENDPOINTS;
    for (const e of [searchLicense, searchLicenseByState, searchLicenseByNumber]) {
      expect(media(e), e.path).toEqual(['application/x-www-form-urlencoded']);
    }
    expect(media(betaSearchLicenseByState)).toEqual(['application/json']);
    const byNumber = operation('GET', SEARCH_API_ENDPOINTS.getSearchLicenseByNumber.path);
    expect(byNumber?.requestBody).toBeUndefined();
    expect(byNumber?.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ['license_number', 'query', true],
      ['state', 'query', true],
      ['format', 'query', false],
    ]);
  });

  it('answers credits left on 200, and 400, 401 INVALID_API_KEY, 402 NO_API_CREDITS, 415, 429 with Retry-After', () => {
    for (const e of searches) {
      const { responses } = operation(e.method, e.path) as Operation;
      expect(Object.keys(responses), e.path).toEqual(
        e.method === 'POST' ? ['200', '400', '401', '402', '415', '429'] : ['200', '400', '401', '402', '429'],
      );
      expect(responses['200']?.headers).toHaveProperty('X-Credits-Remaining');
      expect(responses['401']?.$ref).toBe('#/components/responses/InvalidApiKey');
      expect(responses['402']?.$ref).toBe('#/components/responses/NoApiCredits');
    }
    const { InvalidApiKey, NoApiCredits, RateLimited } = doc.components.responses;
    expect(JSON.stringify(InvalidApiKey)).toContain('INVALID_API_KEY');
    expect(JSON.stringify(NoApiCredits)).toContain('NO_API_CREDITS');
    expect(RateLimited?.headers).toHaveProperty('Retry-After');
  });

  it('shows a request and an answer with one license, as JSON and as CSV', () => {
    const op = operation('POST', SEARCH_API_ENDPOINTS.searchLicenseByState.path) as Operation;
    expect(op.requestBody?.content['application/x-www-form-urlencoded']?.example).toMatchObject({
      First_Name: 'Maya',
      Last_Name: 'Patel',
      State: 'Washington',
    });
    const answers = op.responses['200']?.content as Record<string, { example: unknown }>;
    expect(answers['application/json']?.example).toMatchObject({ data: [expect.any(Object)] });
    expect(answers['text/csv']?.example).toMatch(/^id,name,license_number,/);
    const get = operation('GET', SEARCH_API_ENDPOINTS.getSearchLicense.path) as Operation;
    expect(get.parameters?.find((p) => p.name === 'name')?.example).toBe('Maya R Patel');
  });
});
