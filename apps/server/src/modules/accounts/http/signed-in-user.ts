import { listEndpoints } from '@licensewatch/shared/api-contract';
import { API_KEY_MESSAGES, type ApiKeyScope } from '@licensewatch/shared/api-keys';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ApiKeySecrets } from '../api-key-crypto.ts';
import { type ApiCaller, authenticateApiCaller, requireApiKeyScope } from '../authenticate-api-caller.ts';
import type { SessionReader, SessionUser } from './read-session.ts';

const users = new WeakMap<FastifyRequest, SessionUser>();
const keyCallers = new WeakMap<FastifyRequest, ApiCaller>();

/**
 * An onRequest hook: the session is checked before the body is validated, so a signed-out
 * caller hears 401 whatever it sent, and never learns which fields the route expects.
 */
export function signInRequired(readSession: SessionReader): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const user = await readSession(request, reply);
    if (!user) throw AppError.unauthenticated();
    users.set(request, user);
  };
}

/** Each contract endpoint's key scope, by `METHOD path` as Fastify names the route. */
const keyScopes = new Map<string, ApiKeyScope | undefined>(
  listEndpoints().map(({ endpoint: e }) => [`${e.method} ${e.path}`, e.keyScope]),
);

/** The key of `Authorization: Bearer <key>`, or undefined when the request has no such header. */
export function bearerKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? /^Bearer\s+(.+)$/i.exec(header.trim())?.[1]?.trim() : undefined;
}

/**
 * signInRequired, where the route's contract also lets an API key in (`keyScope`,
 * docs/product-rules.md, API key scopes): a request with `Authorization: Bearer` is its key's
 * owner acting on the key's workspace, counted in the key's per-minute limit; a key without the
 * scope is refused naming it. A key on a route whose contract names no scope is refused, so a
 * route never takes a key by accident. Without the header, the session decides as before.
 */
export function signInOrKeyRequired(ctx: {
  readSession: SessionReader;
  db: Db;
  apiKeySecrets: ApiKeySecrets;
}): onRequestAsyncHookHandler {
  const bySession = signInRequired(ctx.readSession);
  return async function (request, reply) {
    const key = bearerKey(request);
    if (key === undefined) return bySession.call(this, request, reply);
    const scope = keyScopes.get(`${request.method} ${request.routeOptions.url}`);
    if (!scope) throw new AppError('SESSION_REQUIRED', API_KEY_MESSAGES.sessionOnly, 401);
    const caller = await authenticateApiCaller(ctx, key);
    if (caller.overLimit) throw caller.overLimit;
    requireApiKeyScope(caller, scope);
    keyCallers.set(request, caller);
  };
}

/** The user the route's signInRequired hook found. */
export function signedInUser(request: FastifyRequest): SessionUser {
  const user = users.get(request);
  if (!user) throw AppError.unauthenticated();
  return user;
}

/** The API key's caller that signInOrKeyRequired let in; undefined for a session's request. */
export function apiKeyCaller(request: FastifyRequest): ApiCaller | undefined {
  return keyCallers.get(request);
}
