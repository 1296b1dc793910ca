import { ALERTS_ENDPOINTS } from '@licensewatch/shared/alerts-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db/client.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import type { AlertLinkSecrets } from '../alert-link-secrets.ts';
import { unsubscribeFromAlerts } from '../unsubscribe-from-alerts.ts';

/**
 * POST /api/v2/alerts/unsubscribe?token= (public). The signed token is the authority, never a
 * cookie, so there is no Origin rule (docs/security.md, Cross-site requests): mail providers post
 * from their own servers. In its own scope because RFC 8058 has them send a form body
 * (`List-Unsubscribe=One-Click`); our page posts an empty one. Either way the body says nothing
 * the token does not, so it is read and ignored.
 */
export function registerAlertsRoutes(fastify: FastifyInstance, ctx: { db: Db; alertLinkSecrets: AlertLinkSecrets }) {
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const app = withZod(scope);
    app.post(
      ALERTS_ENDPOINTS.unsubscribe.path,
      { schema: endpointSchema(ALERTS_ENDPOINTS.unsubscribe), config: { originCheck: false } },
      async (request, reply) => {
        const { email } = await unsubscribeFromAlerts(ctx, request.query.token);
        // A link in someone's mailbox: nothing about it belongs in a cache.
        reply.header('cache-control', 'no-store');
        return { email, unsubscribed: true as const };
      },
    );
  });
}
