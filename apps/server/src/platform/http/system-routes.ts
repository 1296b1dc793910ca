import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Platform } from '../deps.ts';
import { AppError } from '../errors.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Whichever of these a proxy adds, the request passed through it (RFC 7239 and the de-facto ones). */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded', 'via'] as const;

/**
 * /metrics is for the operator's scraper (docs/data-flows.md, Metrics): the bearer METRICS_TOKEN, or a request
 * made on this machine. Loopback is the socket's own address, never a forwarded one, and a request
 * that says a proxy forwarded it, in any of the headers proxies write, is not local whatever
 * socket it came on: a proxy on this machine connects from loopback too.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const local =
    LOOPBACK.has(request.socket.remoteAddress ?? '') &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
  if (local) return true;
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!token || !given) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}

export function registerSystemRoutes(app: FastifyInstance, { db, env }: Pick<Platform, 'db' | 'env'>) {
  const registry = new Registry();
  // The event-loop lag histogram samples on a timer: prom-client's 10 ms default woke an idle
  // server 100 times a second, about 1.5 % of a core at rest (docs/budgets.md, At rest; ADR 048).
  // Every 100 ms still sees any stall of 100 ms or more, and a shorter one in proportion to its length.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  // The access log (one line a request, Fastify's own two are off in app.ts) and the histogram.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    request.log.info(
      { method: request.method, url: request.url, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  // A database that answers but refuses writes (a failover's old primary, a disk-full guard) is not
  // healthy either: every save would fail, so the load balancer should look elsewhere.
  app.get('/healthz', async (_request, reply) => {
    try {
      const { rows } = await db.execute<{ read_only: string }>(
        sql`select current_setting('transaction_read_only') as read_only`,
      );
      if (rows[0]?.read_only === 'on') return reply.status(503).send({ status: 'read-only' });
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, env.METRICS_TOKEN)) {
      throw new AppError(
        'UNAUTHENTICATED',
        'Metrics need the bearer token (METRICS_TOKEN) or a request from this machine',
        401,
        { 'www-authenticate': 'Bearer' },
      );
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
