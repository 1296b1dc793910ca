import type { FastifyInstance } from 'fastify';
import { toWebHeaders } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { guardAuthRequest } from './auth-request-guards.ts';

/** Mounts better-auth at /api/auth/*: Fastify request → Web Request → better-auth → Fastify reply. */
export function registerBetterAuthRoute(app: FastifyInstance, { auth, db, baseURL }: AppContext) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      const url = new URL(request.url, baseURL);
      const path = url.pathname.slice('/api/auth'.length);
      const headers = toWebHeaders(request.headers);
      let body: string | undefined;
      if (request.method === 'POST') {
        const forwarded = await guardAuthRequest(db, { path, ip: request.ip, body: request.body });
        const isForm = String(request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
        body = isForm
          ? new URLSearchParams(forwarded as Record<string, string>).toString()
          : JSON.stringify(forwarded ?? {});
        if (!isForm) headers.set('content-type', 'application/json');
        headers.delete('content-length');
      }
      const response = await auth.handler(new Request(url, { method: request.method, headers, body }));
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key !== 'set-cookie') reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
