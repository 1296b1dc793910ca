import { SYSTEM_ENDPOINTS } from '@licensewatch/shared/system-endpoints';
import type { FastifyInstance } from 'fastify';

/**
 * GET /api/openapi.json: the API document (docs/operating-interface.md, API document). Built on its
 * first request rather than at start — every server start, each test file's included, would pay
 * for it otherwise — and kept, since it changes only with the code. Public; shared caches may keep
 * it a few minutes.
 */
export function registerOpenApiRoute(app: FastifyInstance, buildDocument: () => object) {
  registerDocumentRoute(app, SYSTEM_ENDPOINTS.openApi.path, buildDocument);
}

/** GET /api/asyncapi.json: the events' document (build-asyncapi-document.ts), served as the OpenAPI one is. */
export function registerAsyncApiRoute(app: FastifyInstance, buildDocument: () => object) {
  registerDocumentRoute(app, SYSTEM_ENDPOINTS.asyncApi.path, buildDocument);
}

function registerDocumentRoute(app: FastifyInstance, path: string, buildDocument: () => object) {
  let json: string | undefined;
  app.get(path, async (_request, reply) => {
    json ??= JSON.stringify(buildDocument());
    return reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8').send(json);
  });
}
