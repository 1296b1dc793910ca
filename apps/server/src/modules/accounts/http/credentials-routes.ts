import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import { listCreditHistory } from '../../plans/list-credit-history.ts';
import type { ApiKeySecrets } from '../api-key-crypto.ts';
import { getCredentials } from '../get-credentials.ts';
import { regenerateApiKey } from '../regenerate-api-key.ts';
import { setApiKeyScopes } from '../set-api-key-scopes.ts';
import { actingWorkspace } from './acting-workspace.ts';
import type { SessionReader } from './read-session.ts';
import { signInRequired } from './signed-in-user.ts';

/**
 * The credentials calls (docs/product-rules.md, API key and credentials): the signed-in user's own
 * record, API key, its scopes and credit history. No plan check on purpose: an expired plan still needs its record (dashboard,
 * renewal). The answer holds the key in clear, so no cache may keep it.
 */
export function registerCredentialsRoutes(
  fastify: FastifyInstance,
  ctx: Pick<Platform, 'db'> & { readSession: SessionReader; apiKeySecrets: ApiKeySecrets },
) {
  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.addHook('onRequest', signInRequired(ctx.readSession));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      ACCOUNTS_ENDPOINTS.credentials.path,
      { schema: endpointSchema(ACCOUNTS_ENDPOINTS.credentials) },
      async (request) => getCredentials(ctx, actingWorkspace(request)),
    );

    app.put(
      ACCOUNTS_ENDPOINTS.setApiKeyScopes.path,
      { schema: endpointSchema(ACCOUNTS_ENDPOINTS.setApiKeyScopes) },
      async (request) => {
        const acting = actingWorkspace(request);
        await setApiKeyScopes(ctx, { ...acting, role: acting.organisation?.role ?? null }, request.body.scopes);
        return getCredentials(ctx, acting);
      },
    );

    // The ledger behind the credits above, owned by plans; answered here because it is read with
    // the credentials record, under the same sign-in and no-store rules.
    app.get(
      ACCOUNTS_ENDPOINTS.creditHistory.path,
      { schema: endpointSchema(ACCOUNTS_ENDPOINTS.creditHistory) },
      async (request) => listCreditHistory(ctx.db, actingWorkspace(request).workspaceId, request.query),
    );

    // Empty body. The answer carries the key this regeneration stored, not one read back
    // later (a concurrent regeneration may have replaced it by then).
    app.patch(
      ACCOUNTS_ENDPOINTS.regenerateApiKey.path,
      { schema: endpointSchema(ACCOUNTS_ENDPOINTS.regenerateApiKey) },
      async (request) => {
        const acting = actingWorkspace(request);
        const key = await regenerateApiKey(ctx, { userId: acting.userId, workspaceId: acting.workspaceId });
        return getCredentials(ctx, acting, key);
      },
    );
  });
}
