import { APP_MESSAGES } from '@licensewatch/shared/app-messages';
import type { HttpMethod } from '@licensewatch/shared/endpoint';
import { endpointPath, type PathParamName, type PathParams } from '@licensewatch/shared/endpoint-path';
import type { ApiErrorCode } from '@licensewatch/shared/error-codes';
import type { ZodType, z } from 'zod';

/** Anything with a zod-like `parse`; keeps this module free of a zod import. */
export type Parser<T> = { parse: (data: unknown) => T };

/**
 * A response schema, or a function that imports one. Calls made by the public pages pass the
 * function: importing a shared schema module evaluates zod, which then happens when the answer
 * arrives rather than while the prerendered page is being taken over (docs/budgets.md, Web app).
 */
export type SchemaSource<T> = Parser<T> | (() => Promise<Parser<T>>);

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
  }
}

type RequestOptions<T> = {
  method?: HttpMethod;
  body?: unknown;
  schema?: SchemaSource<T>;
  signal?: AbortSignal;
};

function readErrorBody(body: unknown): { message: string; code: string } {
  if (typeof body !== 'object' || body === null) return { message: APP_MESSAGES.general.fallback, code: '' };
  const record = body as Record<string, unknown>;
  // Our routes answer {detail, code}; better-auth answers {message, code}.
  const message =
    typeof record.detail === 'string' && record.detail
      ? record.detail
      : typeof record.message === 'string' && record.message
        ? record.message
        : APP_MESSAGES.general.fallback;
  const code = typeof record.code === 'string' ? record.code : '';
  return { message, code };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The single way the SPA talks to the server. Network failures surface as the
 * browser's TypeError on purpose: some screens word "offline" differently.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  const data = await readJson(response);
  if (!response.ok) {
    const { message, code } = readErrorBody(data);
    throw new ApiRequestError(response.status, code, message);
  }
  if (!schema) return data as T;
  const parser = typeof schema === 'function' ? await schema() : schema;
  return parser.parse(data);
}

/** An endpoint of the contract (packages/shared `*-endpoints.ts`), or only its route (`*-routes.ts`, zod-free). */
type CallableEndpoint = { method: HttpMethod; path: string; body?: ZodType; response?: Parser<unknown> };

type CallOptions<E extends CallableEndpoint, T> = {
  /** The body, typed by the endpoint's body schema when it has one. */
  body?: E extends { body: ZodType } ? z.input<E['body']> : unknown;
  /** The query string; undefined values are left out. */
  query?: Record<string, string | undefined>;
  /** Parses the answer instead of the endpoint's response schema: a lazy import of it, or `unparsed`. */
  schema?: SchemaSource<T>;
  signal?: AbortSignal;
};

/** The options, required with the path's `:name` values when it has any. */
type CallArgs<E extends CallableEndpoint, T> = [PathParamName<E['path']>] extends [never]
  ? [options?: CallOptions<E, T> & { params?: Record<string, never> }]
  : [options: CallOptions<E, T> & { params: PathParams<E['path']> }];

type AnswerOf<E> = E extends { response: Parser<infer T> } ? T : unknown;

/**
 * Calls an endpoint of the contract: its method, its path with `params` filled in, the answer
 * parsed by its response schema (or by `schema`). `callEndpoint(REPORTS_ENDPOINTS.get, { params: { id } })`.
 */
export function callEndpoint<E extends CallableEndpoint, T = AnswerOf<E>>(
  endpoint: E,
  ...[options]: CallArgs<E, T>
): Promise<T> {
  const { params, query, body, schema, signal } = options ?? {};
  const entries = Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const search = entries.length ? `?${new URLSearchParams(entries)}` : '';
  const path = endpointPath(endpoint, params as Record<string, string> | undefined) + search;
  return apiRequest<T>(path, {
    method: endpoint.method,
    body,
    schema: schema ?? (endpoint.response as Parser<T> | undefined),
    signal,
  });
}

/**
 * The answer taken as `T` without parsing it: for the app shell's calls, where the shared schema
 * would put zod on every first paint. The server serializes these answers through that schema.
 */
export function unparsed<T>(): Parser<T> {
  return { parse: (data) => data as T };
}

export function isApiError(error: unknown, status?: number): error is ApiRequestError {
  return error instanceof ApiRequestError && (status === undefined || error.status === status);
}

/** Whether the error carries one of `codes`: named from the shared unions, so a misspelt code fails the type check. */
export function hasErrorCode(error: unknown, ...codes: ApiErrorCode[]): boolean {
  return error instanceof ApiRequestError && (codes as string[]).includes(error.code);
}
