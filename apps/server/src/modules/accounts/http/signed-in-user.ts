import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import type { SessionReader, SessionUser } from './read-session.ts';

const users = new WeakMap<FastifyRequest, SessionUser>();

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

/** The user the route's signInRequired hook found. */
export function signedInUser(request: FastifyRequest): SessionUser {
  const user = users.get(request);
  if (!user) throw AppError.unauthenticated();
  return user;
}
