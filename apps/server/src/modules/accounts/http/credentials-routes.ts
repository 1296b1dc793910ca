import { credentialsResponseSchema } from '@licensewatch/shared/credentials';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { getCredentials } from '../get-credentials.ts';
import { regenerateApiKey } from '../regenerate-api-key.ts';
import { signedInUser, signInRequired } from './signed-in-user.ts';

/**
 * Spec §7 credentials calls: the signed-in user's own record and API key. No plan check on
 * purpose: an expired plan still needs its record (dashboard, renewal). The answer holds the key
 * in clear, so no cache may keep it.
 */
export function registerCredentialsRoutes(fastify: FastifyInstance, ctx: AppContext) {
  fastify.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', signInRequired(ctx.readSession));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get('/api/v1/credentials/', { schema: { response: { 200: credentialsResponseSchema } } }, async (request) =>
      getCredentials(ctx, signedInUser(request).id),
    );

    // Empty body (spec §7). The answer carries the key this regeneration stored, not one read back
    // later (a concurrent regeneration may have replaced it by then).
    app.patch('/api/v1/credentials/', { schema: { response: { 200: credentialsResponseSchema } } }, async (request) => {
      const { id } = signedInUser(request);
      const key = await regenerateApiKey(ctx, id);
      return getCredentials(ctx, id, key);
    });
  });
}
