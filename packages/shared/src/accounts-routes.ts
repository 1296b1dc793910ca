import type { Route } from './endpoint.ts';

/**
 * The accounts endpoints that zod-free code calls: the app shell asks who is signed in on every
 * first paint. Their schemas, and the other accounts endpoints: accounts-endpoints.ts.
 */
export const ACCOUNTS_ROUTES = {
  /** Who is signed in, for callers that require it: 401 when no one is. */
  me: { method: 'GET', path: '/api/v2/auth/me' },
  /** Who is signed in, if anyone: `{ user: null }` when no one is, so a signed-out page logs no error. */
  session: { method: 'GET', path: '/api/v2/auth/session' },
  credentials: { method: 'GET', path: '/api/v1/credentials/' },
  /** An empty body: the server issues a new key and answers the whole credentials record. */
  regenerateApiKey: { method: 'PATCH', path: '/api/v1/credentials/' },
  /** The whole set of scopes of the acting workspace's key; answers the whole credentials record. */
  setApiKeyScopes: { method: 'PUT', path: '/api/v2/credentials/scopes' },
  /** The credit ledger behind the credentials record, newest first (`?cursor&limit`). */
  creditHistory: { method: 'GET', path: '/api/v2/credentials/history' },
  /** Public: what every page shows the operator's settings for (the name, whether Sign Up is offered). */
  appSettings: { method: 'GET', path: '/api/v2/app-settings' },
  /** better-auth's. */
  signOut: { method: 'POST', path: '/api/auth/sign-out' },
} as const satisfies Record<string, Route>;
