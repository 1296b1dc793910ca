import {
  authProvidersResponseSchema,
  checkUserRequestSchema,
  checkUserResponseSchema,
  meResponseSchema,
  verifyResetCodeRequestSchema,
  verifyResetCodeResponseSchema,
} from '@licensewatch/shared/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RATE_LIMITS } from '../../auth/rate-limits.ts';
import { requireUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { googleEnabled } from '../../env.ts';
import { checkUserCredentials } from '../../services/check-user-credentials.ts';
import { consumeRateLimit } from '../../services/consume-rate-limit.ts';
import { verifyResetCode } from '../../services/verify-reset-code.ts';

export function registerAuthRoutes(fastify: FastifyInstance, { auth, db, env }: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v1/auth/check-user',
    { schema: { body: checkUserRequestSchema, response: { 200: checkUserResponseSchema } } },
    async (request) => {
      await consumeRateLimit(db, `check-user:ip:${request.ip}`, RATE_LIMITS.checkUserPerIp);
      return checkUserCredentials(db, request.body);
    },
  );

  app.post(
    '/api/v1/auth/verify-reset-code',
    { schema: { body: verifyResetCodeRequestSchema, response: { 200: verifyResetCodeResponseSchema } } },
    async (request) => {
      await consumeRateLimit(db, `verify-reset:ip:${request.ip}`, RATE_LIMITS.verifyResetCodePerIp);
      return verifyResetCode(db, request.body);
    },
  );

  app.get('/api/v1/auth/providers', { schema: { response: { 200: authProvidersResponseSchema } } }, async () => ({
    google: googleEnabled(env),
  }));

  app.get('/api/v2/auth/me', { schema: { response: { 200: meResponseSchema } } }, async (request) => {
    const u = await requireUser(auth, request);
    return {
      id: u.id,
      email: u.email,
      user_metadata: {
        role: u.role === 'admin' ? 'admin' : 'user',
        full_name: u.name || null,
        phone_number: u.phoneNumber ?? null,
      },
    } as const;
  });
}
