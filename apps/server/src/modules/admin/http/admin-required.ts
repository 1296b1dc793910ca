import { MESSAGES } from '@licensewatch/shared/messages';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { withZod, type ZodApp } from '../../../platform/http/zod-app.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signedInUser, signInRequired } from '../../accounts/http/signed-in-user.ts';

/**
 * An onRequest hook for every `/api/v2/admin/*` route (docs/security.md, Admin area): 401 without
 * an active session, 403 for a signed-in user who is not an administrator, and 403
 * TWO_FACTOR_REQUIRED for an administrator without two-factor on, or whose session did not pass it
 * (ADR 038). The role and two-factor are read with the session on every request, so a demoted or
 * deactivated administrator, or one who turned two-factor off, is out at once.
 */
export function adminRequired(readSession: SessionReader): onRequestAsyncHookHandler {
  const signIn = signInRequired(readSession);
  return async function requireAdmin(request, reply) {
    await signIn.call(this, request, reply);
    const user = signedInUser(request);
    if (user.role !== 'admin') throw AppError.forbidden();
    if (!user.twoFactorEnabled) throw new AppError('TWO_FACTOR_REQUIRED', MESSAGES.twoFactor.adminRequired, 403);
    // Two-factor on is not enough: this session must have passed it. A Google sign-in, or a
    // session from before two-factor was turned on, never did (ADR 038).
    if (!user.secondFactor) throw new AppError('TWO_FACTOR_REQUIRED', MESSAGES.twoFactor.adminSignInAgain, 403);
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
