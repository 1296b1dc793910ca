import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { AppError, describeIssues } from '../../../platform/errors.ts';
import { type Auth, CLIENT_ADDRESS_HEADER } from '../auth.ts';
import { findAuthEndpoint } from './auth-endpoints.ts';
import { type SessionReader, toWebHeaders } from './read-session.ts';

/** better-auth's errors are {message, code}; ours {detail, code} (docs/operating-interface.md, API conventions). */
async function sendAnswer(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const bytes = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  if (response.status < 400) return reply.send(bytes);
  if (response.status >= 500) {
    reply.log.error({ status: response.status, body: bytes?.toString('utf8').slice(0, 500) }, 'better-auth failed');
    return reply.send({ detail: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  }
  let parsed: { message?: unknown; code?: unknown } = {};
  try {
    parsed = bytes ? JSON.parse(bytes.toString('utf8')) : {};
  } catch {}
  return reply.type('application/json; charset=utf-8').send({
    detail: typeof parsed.message === 'string' && parsed.message ? parsed.message : 'The request was refused.',
    code: typeof parsed.code === 'string' && parsed.code ? parsed.code : 'AUTH_ERROR',
  });
}

/**
 * Mounts better-auth at /api/auth/*: only the endpoints of AUTH_ENDPOINTS, each after its session
 * check, schema and limits; Fastify request → Web Request → better-auth → Fastify reply.
 */
export function registerBetterAuthRoute(
  app: FastifyInstance,
  ctx: Pick<Platform, 'baseURL' | 'db' | 'jobs'> & { auth: Auth; readSession: SessionReader },
) {
  const { auth, baseURL, readSession } = ctx;
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      const url = new URL(request.url, baseURL);
      const { endpoint, allowed } = findAuthEndpoint(request.method, url.pathname);
      if (!endpoint) {
        if (allowed.length === 0) throw AppError.notFound(`No route for ${request.method} ${url.pathname}`);
        reply.header('allow', allowed.join(', '));
        throw new AppError(
          'METHOD_NOT_ALLOWED',
          `${request.method} is not allowed here; use ${allowed.join(' or ')}`,
          405,
        );
      }
      const user = await readSession(request);
      // A session that is gone, expired or whose user was deactivated is no session at all.
      if (endpoint.signedIn && !user) throw AppError.unauthenticated();
      let body: Record<string, unknown> = {};
      if (endpoint.body) {
        const parsed = endpoint.body.safeParse(request.body ?? {});
        if (!parsed.success) throw AppError.validation(describeIssues(parsed.error.issues));
        body = parsed.data;
      }
      const caller = { ip: request.ip, user };
      await endpoint.limit?.(ctx, body, caller);
      if (endpoint.answer) return reply.send(await endpoint.answer(ctx, body));
      const sent = endpoint.extend ? await endpoint.extend(ctx, body) : body;

      const headers = toWebHeaders(request.headers);
      headers.delete('content-length');
      // Set, not appended: whatever a caller sent under this name is replaced.
      headers.set(CLIENT_ADDRESS_HEADER, request.ip);
      if (request.method === 'POST') headers.set('content-type', 'application/json');
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: request.method === 'POST' ? JSON.stringify(sent) : undefined,
        }),
      );
      await endpoint.answered?.(ctx, body, response.status, caller);
      return sendAnswer(reply, response);
    },
  });
}
