import type { Me } from '@licensewatch/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../lib/api';

export const ME_QUERY_KEY = ['me'] as const;

/** Signed out is a normal answer (null), not an error: guards branch on it without error UI. */
export async function getMe(): Promise<Me | null> {
  try {
    // Typed by the shared schema, which the server enforces on this response; parsing it again
    // here would put zod on every first paint (home JS budget, DESIGN §7).
    return await apiRequest<Me>('/api/v2/auth/me');
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
