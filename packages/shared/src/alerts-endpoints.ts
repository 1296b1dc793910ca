import { ALERTS_ROUTES } from './alerts-routes.ts';
import { defineEndpoints } from './endpoint.ts';
import { unsubscribeQuerySchema, unsubscribeResponseSchema } from './profile.ts';

/**
 * The alerts' public endpoints: the one-click unsubscribe of the Monday reminder and the
 * status-change emails (docs/product-rules.md, Alerts).
 */
export const ALERTS_ENDPOINTS = defineEndpoints({
  unsubscribe: {
    ...ALERTS_ROUTES.unsubscribe,
    summary:
      "One-click unsubscribe (RFC 8058) from the alert email the signed token names; no sign-in. Mail providers POST 'List-Unsubscribe=One-Click'",
    query: unsubscribeQuerySchema,
    response: unsubscribeResponseSchema,
  },
});
