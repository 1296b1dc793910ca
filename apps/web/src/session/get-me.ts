import type { Me } from '@licensewatch/shared/accounts';
import { ACCOUNTS_ROUTES } from '@licensewatch/shared/accounts-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, isApiError, unparsed } from '../lib/api';

export const ME_QUERY_KEY = ['me'] as const;

/** Signed out is a normal answer (null), not an error: guards branch on it without error UI. */
export async function getMe(): Promise<Me | null> {
  try {
    // Typed by the shared schema, which the server enforces on this response; parsing it again
    // here would put zod on every first paint (docs/budgets.md, Web app).
    return await callEndpoint(ACCOUNTS_ROUTES.me, { schema: unparsed<Me>() });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
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
