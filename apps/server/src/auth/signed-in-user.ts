import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.ts';
import type { Auth } from './auth.ts';
import { requireUser, type SessionUser } from './session.ts';

const users = new WeakMap<FastifyRequest, SessionUser>();

/**
 * An onRequest hook: the session is checked before the body is validated, so a signed-out
 * caller hears 401 whatever it sent, and never learns which fields the route expects.
 */
export function signInRequired(auth: Auth): onRequestAsyncHookHandler {
  return async (request) => {
    users.set(request, await requireUser(auth, request));
  };
}

/** The user the route's signInRequired hook found. */
export function signedInUser(request: FastifyRequest): SessionUser {
  const user = users.get(request);
  if (!user) throw AppError.unauthenticated();
  return user;
}
