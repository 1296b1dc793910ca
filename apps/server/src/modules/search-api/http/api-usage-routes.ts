import { SEARCH_API_ENDPOINTS } from '@licensewatch/shared/search-api-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import { actingWorkspace } from '../../accounts/http/acting-workspace.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signInRequired } from '../../accounts/http/signed-in-user.ts';
import { getApiUsage } from '../get-api-usage.ts';

/**
 * The acting workspace's usage of the search API (docs/product-rules.md, API usage), read with the
 * session, never with the key: the calls of the keys that bill it (ADR 022). No plan check: an expired plan
 * still shows what was used. Uncached, as the credentials record: it changes with every call.
 */
export function registerApiUsageRoutes(
  fastify: FastifyInstance,
  ctx: Pick<Platform, 'db'> & { readSession: SessionReader },
) {
  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.addHook('onRequest', signInRequired(ctx.readSession));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(SEARCH_API_ENDPOINTS.usage.path, { schema: endpointSchema(SEARCH_API_ENDPOINTS.usage) }, async (request) =>
      getApiUsage(ctx.db, actingWorkspace(request).workspaceId),
    );
  });
}
