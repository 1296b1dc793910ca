import type { ZodType } from 'zod';
import type { ApiKeyScope } from './api-keys.ts';

// The API's contract: each endpoint once, with its method, its path and the schemas of what goes
// in and out. The server registers its routes from it, the web calls through it, and the API
// document can be generated from it. Each domain has a table of endpoints (`<domain>-endpoints.ts`);
// the endpoints that zod-free code calls (the public pages, the app shell) take their method and
// path from a table of routes beside it (`<domain>-routes.ts`), which imports nothing at run time.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where an endpoint answers, without its schemas: what a `*-routes.ts` table holds. */
export type Route = {
  method: HttpMethod;
  /** Fastify style: `:name` stands for one path segment. */
  path: string;
  /** The success status when it is not 200. */
  status?: number;
};

export type Endpoint = Route & {
  /** How the body is encoded when it is not JSON: the search API's form endpoints. */
  bodyEncoding?: 'form';
  /** Authenticated by an API key (`Authorization: Bearer` or `credential_key`), not a session. */
  apiKey?: true;
  /** Only for a signed-in, active user (the session cookie): 401 for anyone else. */
  signedIn?: true;
  /**
   * With `signedIn`: an API key with this scope may call it too (`Authorization: Bearer`), acting
   * on the key's workspace as its owner would (docs/product-rules.md, API key scopes).
   */
  keyScope?: ApiKeyScope;
  /** A short description for the API document. */
  summary?: string;
  /**
   * The error statuses it may answer (`{detail, code}`) besides those every endpoint of its kind
   * may: 400 for bad input, 401 when it needs a session or a key, 403 for a cross-site request,
   * 404 for an id in its path that is not there or not yours, 415 for a body of another type.
   */
  errors?: readonly number[];
  /** The media type of a success answer that is not JSON (a file, a page), when it has no `response`. */
  responseType?: string;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  response?: ZodType;
};

/** Examples for the API document, checked against the endpoint's schemas by its tests. */
export type EndpointExample = {
  /** A request it takes: its body, or for a GET its query. */
  request?: Record<string, unknown>;
  /** A success answer, by media type (`application/json`, `text/csv`…). */
  responses?: Record<string, unknown>;
};

/** A table of endpoints, its literal methods, paths and schema types kept (a path's `:name`s type its params). */
export function defineEndpoints<const T extends Record<string, Endpoint>>(endpoints: T): T {
  return endpoints;
}
