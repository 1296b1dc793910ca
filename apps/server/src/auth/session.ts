import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { Auth } from './auth.ts';

export function toWebHeaders(headers: FastifyRequest['headers']): Headers {
  const out = new Headers();
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return out;
}

export type SessionUser = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>['user'];

/** The signed-in, active user of this request, or a 401. Deactivated users are treated as signed out. */
export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const session = await auth.api.getSession({ headers: toWebHeaders(request.headers) });
  if (!session?.user.isActive) throw AppError.unauthenticated();
  return session.user;
}

export async function requireAdmin(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const u = await requireUser(auth, request);
  if (u.role !== 'admin') throw AppError.forbidden();
  return u;
}
