import type { FeedEvent as FeedEventAnswer } from '@licensewatch/shared/webhooks';
import { WEBHOOKS_ENDPOINTS as E } from '@licensewatch/shared/webhooks-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import type { ApiKeySecrets } from '../../accounts/api-key-crypto.ts';
import { actingWorkspace, workspaceToManage } from '../../accounts/http/acting-workspace.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signInOrKeyRequired } from '../../accounts/http/signed-in-user.ts';
import { createWebhookEndpoint } from '../endpoints/create-webhook-endpoint.ts';
import { deleteWebhookEndpoint } from '../endpoints/delete-webhook-endpoint.ts';
import { listWebhookDeliveries } from '../endpoints/list-webhook-deliveries.ts';
import { listWebhookEndpoints } from '../endpoints/list-webhook-endpoints.ts';
import { replayWebhookDelivery } from '../endpoints/replay-webhook-delivery.ts';
import { rotateWebhookSecret } from '../endpoints/rotate-webhook-secret.ts';
import { sendTestWebhook } from '../endpoints/send-test-webhook.ts';
import { updateWebhookEndpoint } from '../endpoints/update-webhook-endpoint.ts';
import { listEvents } from '../events/list-events.ts';
import type { WebhookSecrets } from '../webhook-secret-crypto.ts';

type Ctx = Pick<Platform, 'db' | 'env' | 'jobs'> & {
  readSession: SessionReader;
  apiKeySecrets: ApiKeySecrets;
  webhookSecrets: WebhookSecrets;
};

/**
 * Webhook endpoints of the acting workspace (ADR 021): its owner and admins (workspaceToManage; a
 * personal workspace's own user too), never cached — the create and rotate answers carry a secret.
 */
export function registerWebhooksRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.addHook('onRequest', signInOrKeyRequired(ctx));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    // Any member reads the feed, as they read the reports; the endpoints are the managers'.
    app.get(E.events.path, { schema: endpointSchema(E.events) }, async (request) => {
      const feed = await listEvents(db, actingWorkspace(request).workspaceId, request.query);
      return {
        events: feed.events.map(({ cursor, payload }) => ({ cursor, ...payload }) as FeedEventAnswer),
        next_cursor: feed.nextCursor,
      };
    });

    app.get(E.list.path, { schema: endpointSchema(E.list) }, async (request) => ({
      data: await listWebhookEndpoints(db, workspaceToManage(request).workspaceId),
    }));

    app.post(E.create.path, { schema: endpointSchema(E.create) }, async (request, reply) => {
      const { workspaceId } = workspaceToManage(request);
      const created = await createWebhookEndpoint(ctx, workspaceId, {
        url: request.body.url,
        description: request.body.description ?? '',
        events: request.body.events,
      });
      return reply.status(E.create.status).send(created);
    });

    app.patch(E.update.path, { schema: endpointSchema(E.update) }, async (request) =>
      updateWebhookEndpoint(ctx, workspaceToManage(request).workspaceId, request.params.id, request.body),
    );

    app.delete(E.remove.path, { schema: endpointSchema(E.remove) }, async (request) => {
      await deleteWebhookEndpoint(db, workspaceToManage(request).workspaceId, request.params.id);
      return { ok: true as const };
    });

    app.post(E.rotateSecret.path, { schema: endpointSchema(E.rotateSecret) }, async (request) =>
      rotateWebhookSecret(ctx, workspaceToManage(request).workspaceId, request.params.id),
    );

    app.post(E.sendTest.path, { schema: endpointSchema(E.sendTest) }, async (request, reply) => {
      const sent = await sendTestWebhook(ctx, workspaceToManage(request).workspaceId, request.params.id);
      return reply.status(E.sendTest.status).send(sent);
    });

    app.get(E.deliveries.path, { schema: endpointSchema(E.deliveries) }, async (request) =>
      listWebhookDeliveries(db, workspaceToManage(request).workspaceId, request.params.id, {
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
    );

    app.post(E.replay.path, { schema: endpointSchema(E.replay) }, async (request, reply) => {
      const replayed = await replayWebhookDelivery(ctx, workspaceToManage(request).workspaceId, request.params.id);
      return reply.status(E.replay.status).send(replayed);
    });
  });
}
