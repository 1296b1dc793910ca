import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { googleEnabled } from '../../../platform/env.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import { consumeRateLimit } from '../../../platform/security/consume-rate-limit.ts';
import { checkUserCredentials } from '../check-user-credentials.ts';
import { limitPasswordGuess, recordPasswordFailure } from '../limit-password-guess.ts';
import { listAccountSessions } from '../list-account-sessions.ts';
import { RATE_LIMITS } from '../rate-limits.ts';
import { readAppSettings } from '../read-app-settings.ts';
import { revokeAccountSession } from '../revoke-account-session.ts';
import { verifyResetCode } from '../verify-reset-code.ts';
import type { SessionReader, SessionUser } from './read-session.ts';
import { signedInUser, signInRequired } from './signed-in-user.ts';

export function registerAuthRoutes(
  fastify: FastifyInstance,
  ctx: Pick<Platform, 'db' | 'env'> & { readSession: SessionReader },
) {
  const { db, env } = ctx;
  const app = withZod(fastify);

  // It checks a password, so it is a password guess like a sign-in: the same limits, the same
  // growing delay per email, the same hashing cost whether or not the account exists.
  app.post(
    ACCOUNTS_ENDPOINTS.checkUser.path,
    { schema: endpointSchema(ACCOUNTS_ENDPOINTS.checkUser) },
    async (request) => {
      const { email } = request.body;
      await consumeRateLimit(db, `check-user:ip:${request.ip}`, RATE_LIMITS.checkUserPerIp);
      await limitPasswordGuess(db, { email, ip: request.ip });
      const answer = await checkUserCredentials(db, request.body);
      if (!answer.valid_credentials) await recordPasswordFailure(db, email);
      return answer;
    },
  );

  app.post(
    ACCOUNTS_ENDPOINTS.verifyResetCode.path,
    { schema: endpointSchema(ACCOUNTS_ENDPOINTS.verifyResetCode) },
    async (request) => {
      await consumeRateLimit(db, `verify-reset:ip:${request.ip}`, RATE_LIMITS.verifyResetCodePerIp);
      return verifyResetCode(db, request.body);
    },
  );

  app.get(ACCOUNTS_ENDPOINTS.providers.path, { schema: endpointSchema(ACCOUNTS_ENDPOINTS.providers) }, async () => ({
    google: googleEnabled(env),
  }));

  // Every page shows the name; the sign-up links follow the registration switch. Read on each
  // request (a change shows at once); a minute's staleness in a shared cache would be harmless.
  app.get(
    ACCOUNTS_ENDPOINTS.appSettings.path,
    { schema: endpointSchema(ACCOUNTS_ENDPOINTS.appSettings) },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return readAppSettings(db, env);
    },
  );

  // Every page of the app asks this first; signed out is an answer here, not an error, so a
  // visitor's browser logs nothing. The answer depends on the cookie: never cached.
  app.get(
    ACCOUNTS_ENDPOINTS.session.path,
    { schema: endpointSchema(ACCOUNTS_ENDPOINTS.session) },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await ctx.readSession(request, reply);
      return { user: user ? presentMe(user) : null };
    },
  );

  fastify.register(async (scope) => {
    scope.addHook('onRequest', signInRequired(ctx.readSession));
    const signedIn = withZod(scope);
    signedIn.get(ACCOUNTS_ENDPOINTS.me.path, { schema: endpointSchema(ACCOUNTS_ENDPOINTS.me) }, async (request) =>
      presentMe(signedInUser(request)),
    );
    signedIn.get(
      ACCOUNTS_ENDPOINTS.accountSessions.path,
      { schema: endpointSchema(ACCOUNTS_ENDPOINTS.accountSessions) },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = signedInUser(request);
        return listAccountSessions(db, user.id, user.sessionToken);
      },
    );
    signedIn.delete(
      ACCOUNTS_ENDPOINTS.revokeAccountSession.path,
      { schema: endpointSchema(ACCOUNTS_ENDPOINTS.revokeAccountSession) },
      async (request) => revokeAccountSession(db, signedInUser(request).id, request.params.id),
    );
  });
}

function presentMe(u: SessionUser) {
  return {
    id: u.id,
    email: u.email,
    user_metadata: {
      role: u.role === 'admin' ? 'admin' : 'user',
      full_name: u.name || null,
      phone_number: u.phoneNumber ?? null,
    },
    two_factor_enabled: u.twoFactorEnabled,
    second_factor: u.secondFactor,
  } as const;
}
