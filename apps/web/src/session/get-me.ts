import type { Me, SessionResponse } from '@licensewatch/shared/accounts';
import { ACCOUNTS_ROUTES } from '@licensewatch/shared/accounts-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, unparsed } from '../lib/api';

export const ME_QUERY_KEY = ['me'] as const;

/**
 * Who is signed in, or null: the session call answers signed out as `{ user: null }`, not 401, so
 * a visitor's browser logs no failed request and guards branch on null without error UI.
 */
export async function getMe(): Promise<Me | null> {
  // Typed by the shared schema, which the server enforces on this response; parsing it again
  // here would put zod on every first paint (docs/budgets.md, Web app).
  const { user } = await callEndpoint(ACCOUNTS_ROUTES.session, { schema: unparsed<SessionResponse>() });
  return user;
}

export const meQueryOptions = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: getMe,
  retry: false,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

export function isAdmin(me: Me | null | undefined): boolean {
  return me?.user_metadata.role === 'admin';
}
