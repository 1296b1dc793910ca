import type { onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signedInUser, signInRequired } from '../../accounts/http/signed-in-user.ts';

/**
 * An onRequest hook for every `/api/v2/admin/*` route (docs/security.md, Admin area): 401 without
 * an active session, 403 for a signed-in user who is not an administrator. The role is read with
 * the session on every request, so a demoted or deactivated administrator is out at once.
 */
export function adminRequired(readSession: SessionReader): onRequestAsyncHookHandler {
  const signIn = signInRequired(readSession);
  return async function requireAdmin(request, reply) {
    await signIn.call(this, request, reply);
    if (signedInUser(request).role !== 'admin') throw AppError.forbidden();
  };
}
