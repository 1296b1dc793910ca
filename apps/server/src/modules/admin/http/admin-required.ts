import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { withZod, type ZodApp } from '../../../platform/http/zod-app.ts';
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

export type AdminApp = ZodApp;

/**
 * Registers admin routes in a scope of their own behind adminRequired, answered `no-store`
 * (accounts, money, settings: nothing for a shared cache). Every admin route file goes through here.
 */
export function registerAdminScope(
  fastify: FastifyInstance,
  readSession: SessionReader,
  routes: (app: AdminApp) => void,
): void {
  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.addHook('onRequest', adminRequired(readSession));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    routes(app);
  });
}
