import type { Route } from './endpoint.ts';

/**
 * The alerts endpoints that zod-free code calls: the public unsubscribe page, which should not load
 * the profile schemas (and the phone-number library) to post one button. Their schemas: alerts-endpoints.ts.
 */
export const ALERTS_ROUTES = {
  unsubscribe: { method: 'POST', path: '/api/v2/alerts/unsubscribe' },
} as const satisfies Record<string, Route>;
