import { apiErrorSchema } from '@licensewatch/shared/accounts';
import { BRAND } from '@licensewatch/shared/brand';
import type { Endpoint, EndpointExample } from '@licensewatch/shared/endpoint';
import { ERROR_CODES } from '@licensewatch/shared/error-codes';
import { MESSAGES } from '@licensewatch/shared/messages';
import { type ZodType, z } from 'zod';

// The API document (GET /api/openapi.json), generated from the endpoint contract of packages/shared
// with zod's own JSON Schema conversion (ADR 015): the schemas the server validates with are the
// ones the document shows. OpenAPI 3.1 takes JSON Schema 2020-12 as it is, so zod's output needs
// no rewriting, only its `$schema` line dropped.

export type DocumentedEndpoint = { name: string; endpoint: Endpoint };

type Json = Record<string, unknown>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const SUCCESS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 302: 'Redirect (Location)' };

/** The shared `{detail, code}`, with what each field is for. */
const ERROR_SCHEMA = apiErrorSchema.extend({
  detail: apiErrorSchema.shape.detail.meta({ description: 'What went wrong, in words a person can act on.' }),
  code: apiErrorSchema.shape.code.meta({
    description: `What went wrong, for programs: one of ${ERROR_CODES.join(', ')}; under /api/auth/ also better-auth's own codes (e.g. INVALID_EMAIL_OR_PASSWORD).`,
  }),
});
const ERROR_REF = { $ref: '#/components/schemas/Error' };

type ErrorResponse = { description: string; example: { detail: string; code: string }; headers?: Json };

/** Every error answer the document names: one per status, two where API-key callers hear another code. */
const ERROR_RESPONSES = {
  BadRequest: {
    description: 'Invalid input: the detail names the field. Nothing was changed.',
    example: { detail: 'Last_Name: Last_Name is required', code: 'VALIDATION_ERROR' },
  },
  Unauthenticated: {
    description: 'Not signed in, or the session has ended (UNAUTHENTICATED).',
    example: { detail: 'Not authenticated', code: 'UNAUTHENTICATED' },
  },
  InvalidApiKey: {
    description: 'The API key is missing, unknown or replaced, or its owner is deactivated (INVALID_API_KEY).',
    example: {
      detail: 'This API key is not valid. Copy your current key from the Overview page.',
      code: 'INVALID_API_KEY',
    },
  },
  PaymentRequired: {
    description: 'No report credits left (NO_REPORT_CREDITS).',
    example: { detail: MESSAGES.reports.noReportCredits, code: 'NO_REPORT_CREDITS' },
  },
  NoApiCredits: {
    description: 'No API credits left (NO_API_CREDITS): nothing was charged.',
    example: {
      detail: 'You have no API credits left. Buy more on the pricing page or wait for your plan to renew.',
      code: 'NO_API_CREDITS',
    },
  },
  Forbidden: {
    description:
      "Refused: a state-changing request from another site's page (CSRF_REJECTED), an expired plan (PLAN_EXPIRED), a plan's limit (PLAN_LIMIT), a plan change the trial does not allow (NOT_A_TRIAL_PLAN, TRIAL_ENDED).",
    example: { detail: MESSAGES.reports.planExpired, code: 'PLAN_EXPIRED' },
  },
  NotFound: {
    description: "Not found, or not yours: another user's id answers exactly like a missing one.",
    example: { detail: MESSAGES.reports.notFound, code: 'NOT_FOUND' },
  },
  MethodNotAllowed: {
    description:
      'This method is not offered at this path (METHOD_NOT_ALLOWED): the Allow header names the one that is.',
    example: { detail: 'This MCP server is stateless: send each message with POST.', code: 'METHOD_NOT_ALLOWED' },
    headers: { Allow: { description: 'The methods this path takes.', schema: { type: 'string' } } },
  },
  Conflict: {
    description: 'In conflict with the current state (ALREADY_SUBSCRIBED, NO_BILLING_ACCOUNT, EMAIL_TAKEN).',
    example: { detail: 'You are already subscribed to the Growth plan.', code: 'ALREADY_SUBSCRIBED' },
  },
  Gone: {
    description: 'What the request names no longer holds: an expired or used phone code (PHONE_CODE_EXPIRED).',
    example: { detail: 'That code has expired. Please ask for a new one.', code: 'PHONE_CODE_EXPIRED' },
  },
  UnsupportedMediaType: {
    description: 'The body is not in the encoding this endpoint takes (see its request body).',
    example: { detail: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' },
  },
  RateLimited: {
    description: "Too many requests (RATE_LIMITED; for an API key, its plan's rate): wait Retry-After seconds.",
    example: { detail: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' },
    headers: {
      'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } },
    },
  },
  BadGateway: {
    description: 'The payment provider failed (PAYMENT_PROVIDER_ERROR).',
    example: { detail: 'The payment could not be started. Please try again.', code: 'PAYMENT_PROVIDER_ERROR' },
  },
  ServiceUnavailable: {
    description:
      'Not available on this server right now (PAYMENTS_NOT_CONFIGURED, PLAN_NOT_FOR_SALE, CAPTCHA_UNAVAILABLE).',
    example: { detail: 'Payments are not configured on this server.', code: 'PAYMENTS_NOT_CONFIGURED' },
  },
} satisfies Record<string, ErrorResponse>;
type ErrorResponseName = keyof typeof ERROR_RESPONSES;

const ERROR_RESPONSE_OF_STATUS: Record<number, ErrorResponseName> = {
  400: 'BadRequest',
  401: 'Unauthenticated',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  410: 'Gone',
  415: 'UnsupportedMediaType',
  429: 'RateLimited',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
};

/** The JSON Schema of a zod schema: as it is read (`input`, requests: before transforms) or written (`output`). */
function jsonSchema(schema: ZodType, io: 'input' | 'output'): Json {
  // unrepresentable: 'throw' — a schema the document cannot show fails the test, not the reader.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'throw' });
  return rest;
}

/** `/api/v1/reports/:id` → `/api/v1/reports/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
}

/** An object schema's properties and required names, for parameters taken one by one. */
function objectFields(schema: ZodType, where: string): { properties: Record<string, Json>; required: string[] } {
  const json = jsonSchema(schema, 'input');
  if (json.type !== 'object') throw new Error(`${where} must be an object schema to become parameters`);
  return { properties: (json.properties ?? {}) as Record<string, Json>, required: (json.required ?? []) as string[] };
}

function parameters(endpoint: Endpoint, example: EndpointExample | undefined): Json[] {
  const where = `${endpoint.method} ${endpoint.path}`;
  const path = endpoint.params ? objectFields(endpoint.params, `${where} params`) : undefined;
  const inPath = pathParamNames(endpoint.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: path?.properties[name] ?? { type: 'string' },
  }));
  if (!endpoint.query) return inPath;
  const query = objectFields(endpoint.query, `${where} query`);
  // A GET's example request is its query.
  const examples = endpoint.body ? undefined : example?.request;
  const inQuery = Object.entries(query.properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required.includes(name),
    schema,
    ...(examples && name in examples ? { example: examples[name] } : {}),
  }));
  return [...inPath, ...inQuery];
}

function requestBody(endpoint: Endpoint, example: EndpointExample | undefined): Json | undefined {
  if (!endpoint.body) return undefined;
  const mediaType = endpoint.bodyEncoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return {
    // A body the schema takes when absent (`.nullish()`) is optional.
    required: !endpoint.body.safeParse(undefined).success,
    content: {
      [mediaType]: {
        schema: jsonSchema(endpoint.body, 'input'),
        ...(example?.request ? { example: example.request } : {}),
      },
    },
  };
}

function successResponse(endpoint: Endpoint, example: EndpointExample | undefined): Json {
  const status = endpoint.status ?? 200;
  const content: Record<string, Json> = {};
  if (endpoint.response) content['application/json'] = { schema: jsonSchema(endpoint.response, 'output') };
  else if (endpoint.responseType) {
    content[endpoint.responseType] = endpoint.responseType.startsWith('text/') ? { schema: { type: 'string' } } : {};
  }
  // An example in a media type the schema does not name is another form of the same answer (CSV).
  for (const [mediaType, value] of Object.entries(example?.responses ?? {})) {
    content[mediaType] = { ...(content[mediaType] ?? { schema: { type: 'string' } }), example: value };
  }
  const headers: Json = {};
  if (endpoint.apiKey) {
    headers['X-Credits-Remaining'] = {
      description: 'API credits left after this call (it cost one).',
      schema: { type: 'integer', minimum: 0 },
    };
  }
  if (status === 302) headers.Location = { description: 'Where the browser goes next.', schema: { type: 'string' } };
  return {
    description: SUCCESS[status] ?? 'Success',
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(Object.keys(content).length ? { content } : {}),
  };
}

/** The error statuses an endpoint may answer: those its shape implies, and those the contract names. */
function errorStatuses(endpoint: Endpoint): number[] {
  const statuses = new Set(endpoint.errors ?? []);
  if (endpoint.params || endpoint.query || endpoint.body) statuses.add(400);
  if (endpoint.signedIn || endpoint.apiKey) statuses.add(401);
  // Each call costs a credit, and each key has its plan's rate (docs/product-rules.md, Search API).
  if (endpoint.apiKey) for (const status of [402, 429]) statuses.add(status);
  // A key without the scope is refused (403), and every key call counts in its per-minute limit.
  if (endpoint.keyScope) for (const status of [403, 429]) statuses.add(status);
  // The origin rule (docs/security.md, Cross-site requests) refuses what a page of another site
  // could send: state-changing calls with the session or a body. An API key is no ambient
  // authority, and a call without either (the signed webhook) is not a browser's.
  if (STATE_CHANGING.has(endpoint.method) && !endpoint.apiKey && (endpoint.signedIn || endpoint.body)) {
    statuses.add(403);
  }
  if (pathParamNames(endpoint.path).length > 0) statuses.add(404);
  if (endpoint.body) statuses.add(415);
  return [...statuses].sort((a, b) => a - b);
}

function errorResponseName(status: number, endpoint: Endpoint): ErrorResponseName {
  // The search API's callers hear the API's own codes.
  if (endpoint.apiKey && status === 401) return 'InvalidApiKey';
  if (endpoint.apiKey && status === 402) return 'NoApiCredits';
  const name = ERROR_RESPONSE_OF_STATUS[status];
  if (!name) throw new Error(`${endpoint.method} ${endpoint.path}: no error response for status ${status}`);
  return name;
}

function operation({ name, endpoint }: DocumentedEndpoint, example: EndpointExample | undefined): Json {
  const [domain = name, key = ''] = name.split('.');
  const responses: Json = { [endpoint.status ?? 200]: successResponse(endpoint, example) };
  for (const status of errorStatuses(endpoint)) {
    responses[status] = { $ref: `#/components/responses/${errorResponseName(status, endpoint)}` };
  }
  const params = parameters(endpoint, example);
  const body = requestBody(endpoint, example);
  const security = endpoint.apiKey
    ? [{ apiKey: [] }]
    : endpoint.signedIn
      ? [{ session: [] }, ...(endpoint.keyScope ? [{ apiKey: [endpoint.keyScope] }] : [])]
      : undefined;
  return {
    operationId: `${domain}${key.charAt(0).toUpperCase()}${key.slice(1)}`,
    // Every endpoint has one (the document's test says which lack it).
    summary: endpoint.summary,
    ...(endpoint.keyScope
      ? { description: `An API key with the \`${endpoint.keyScope}\` scope may call it too.` }
      : {}),
    tags: [domain],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    ...(security ? { security } : {}),
  };
}

/**
 * The OpenAPI 3.1 document of these endpoints. `sessionCookieName` is better-auth's, as the server
 * sets it; `examples` add requests and answers to the operations they name.
 */
export function buildOpenApiDocument({
  endpoints,
  sessionCookieName,
  examples = new Map(),
}: {
  endpoints: readonly DocumentedEndpoint[];
  sessionCookieName: string;
  examples?: ReadonlyMap<Endpoint, EndpointExample>;
}): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const documented of endpoints) {
    const { method, path } = documented.endpoint;
    const item = paths[openApiPath(path)] ?? {};
    paths[openApiPath(path)] = item;
    const verb = method.toLowerCase();
    if (item[verb]) throw new Error(`${method} ${path} is in the contract twice`);
    item[verb] = operation(documented, examples.get(documented.endpoint));
  }

  const responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([name, response]: [string, ErrorResponse]) => [
      name,
      {
        description: response.description,
        ...(response.headers ? { headers: response.headers } : {}),
        content: { 'application/json': { schema: ERROR_REF, example: response.example } },
      },
    ]),
  );

  return {
    openapi: '3.1.0',
    info: {
      title: `${BRAND.name} API`,
      // The document's own version; the API's are in its paths (/api/v1, /api/v2).
      version: '1.0.0',
      description: [
        `Every public endpoint of ${BRAND.name}, generated from the same zod schemas the server validates with.`,
        'Request bodies are JSON, except the license-search endpoints marked form-encoded. Every error is JSON `{"detail": "...", "code": "MACHINE_CODE"}` with its status.',
        'The license-search API is authenticated by the API key (`Authorization: Bearer <key>`, or `credential_key` in a POST body); each answer that is 200 costs one API credit, and `X-Credits-Remaining` says what is left. The other endpoints use the session cookie that signing in sets.',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: jsonSchema(ERROR_SCHEMA, 'output') },
      responses,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            "The account's API key (shown on /overview) as `Authorization: Bearer <key>`. The POST search endpoints also take it as `credential_key` in the body; a key in a URL is refused (401), as URLs end up in logs.",
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookieName,
          description:
            'The session cookie set by signing in (POST /api/auth/sign-in/email). A state-changing request that carries it must come from our own pages (Origin or Referer), else 403 CSRF_REJECTED.',
        },
      },
    },
  };
}
