import { defineEndpoints } from './endpoint.ts';
import { expiryWindowsResponseSchema, expiryWindowsSchema } from './expiry-windows.ts';

/**
 * The expiry windows of the workspace the session works in (docs/product-rules.md, Expiry
 * windows): any member reads them; in an organisation only its owner and admins change them, in
 * one's own workspace its user does.
 */
export const EXPIRY_WINDOWS_ENDPOINTS = defineEndpoints({
  get: {
    method: 'GET',
    path: '/api/v2/workspace/expiry-windows',
    signedIn: true,
    summary: "The workspace's expiry windows: when a license counts as expiring, and the days notices go out",
    response: expiryWindowsResponseSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/v2/workspace/expiry-windows',
    signedIn: true,
    summary:
      "Change the workspace's expiry windows (an organisation's owner or admin); counters, filters, emails, SMS and webhooks follow at once",
    body: expiryWindowsSchema,
    response: expiryWindowsResponseSchema,
    errors: [403],
  },
});
