import type { FastifyRequest } from 'fastify';
import { signedInUser } from '../../accounts/http/signed-in-user.ts';
import type { AdminActor } from '../record-admin-action.ts';

/** The administrator behind a request that passed adminRequired, for the audit log. */
export function adminActor(request: FastifyRequest): AdminActor {
  const { id, email } = signedInUser(request);
  return { id, email, ip: request.ip ?? null };
}
