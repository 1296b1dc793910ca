import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundBody } from '../errors.ts';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built SPA and owns the not-found answer: a GET outside /api that is neither a route
 * nor a file returns index.html, so the client router decides (including its not-found screen);
 * everything else is a JSON 404.
 */
export async function registerSpaRoute(app: FastifyInstance, root = WEB_DIST) {
  const hasSpa = existsSync(root);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      // The build writes .br and .gz beside each text file (apps/web/build/precompress-plugin.ts).
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A missing build file (an old chunk after a deploy) must fail as a 404, not parse index.html as JS.
    const isAsset = request.url.startsWith('/assets/');
    if (!hasSpa || isApi || isAsset || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(notFoundBody(request.method, request.url));
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
