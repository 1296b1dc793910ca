import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built SPA. Any GET that is not an API route or a file returns index.html, so
 * the client router decides (including its not-found screen). Unknown /api paths stay JSON 404s.
 */
export async function registerSpaRoute(app: FastifyInstance, notFoundJson: (url: string, method: string) => object) {
  if (!existsSync(WEB_DIST)) return;
  await app.register(fastifyStatic, {
    root: WEB_DIST,
    setHeaders: (res, path) => {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(notFoundJson(request.url, request.method));
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
