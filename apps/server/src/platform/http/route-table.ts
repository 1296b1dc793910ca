import type { FastifyInstance } from 'fastify';

/** bodyLimit: the route's own, where it raises the app's. */
export type RouteEntry = { method: string; url: string; bodyLimit?: number };
type Recorded = RouteEntry & { pattern: RegExp };

const tables = new WeakMap<FastifyInstance, Recorded[]>();

/** `/api/v2/reports/:id` → a pattern that matches `/api/v2/reports/abc`; `*` matches the rest. */
function toPattern(url: string): RegExp {
  const escaped = url.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}/?$`);
}

/**
 * Records every route as it is added (call before any route is registered). The table answers
 * 405 for a known path under another method, and lets tests prove that each route has a row in
 * their security tables.
 */
export function recordRoutes(app: FastifyInstance): void {
  const table: Recorded[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD twin to every GET; it is the GET's route.
      if (method !== 'HEAD') {
        table.push({ method, url: route.url, bodyLimit: route.bodyLimit, pattern: toPattern(route.url) });
      }
    }
  });
}

export function listRoutes(app: FastifyInstance): RouteEntry[] {
  return (tables.get(app) ?? []).map(({ method, url, bodyLimit }) => ({ method, url, bodyLimit }));
}

/**
 * The methods routes take at this API path, for a 405's Allow header; empty when no route has
 * the path. Only under /api/: elsewhere the static files' catch-all GET would claim every path.
 */
export function methodsAllowedAt(app: FastifyInstance, path: string): string[] {
  if (!path.startsWith('/api/')) return [];
  const methods = new Set<string>();
  for (const route of tables.get(app) ?? []) {
    if (route.url.startsWith('/api/') && route.pattern.test(path)) methods.add(route.method);
  }
  return [...methods].sort();
}
