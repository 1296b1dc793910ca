import type { ApiErrorCode } from '@licensewatch/shared/error-codes';
import { MESSAGES } from '@licensewatch/shared/messages';

/** Anything with a zod-like `parse`; keeps this module free of a zod import. */
export type Parser<T> = { parse: (data: unknown) => T };

/**
 * A response schema, or a function that imports one. Calls made by the public pages pass the
 * function: importing a shared schema module evaluates zod, which then happens when the answer
 * arrives rather than while the prerendered page is being taken over (DESIGN §7 budgets).
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
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: SchemaSource<T>;
  signal?: AbortSignal;
};

function readErrorBody(body: unknown): { message: string; code: string } {
  if (typeof body !== 'object' || body === null) return { message: MESSAGES.general.fallback, code: '' };
  const record = body as Record<string, unknown>;
  // Our routes answer {detail, code}; better-auth answers {message, code}.
  const message =
    typeof record.detail === 'string' && record.detail
      ? record.detail
      : typeof record.message === 'string' && record.message
        ? record.message
        : MESSAGES.general.fallback;
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

export function isApiError(error: unknown, status?: number): error is ApiRequestError {
  return error instanceof ApiRequestError && (status === undefined || error.status === status);
}

/** Whether the error carries one of `codes`: named from the shared unions, so a misspelt code fails the type check. */
export function hasErrorCode(error: unknown, ...codes: ApiErrorCode[]): boolean {
  return error instanceof ApiRequestError && (codes as string[]).includes(error.code);
}
