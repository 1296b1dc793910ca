import { type Me, meResponseSchema } from '@licensewatch/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api';

export const ME_QUERY_KEY = ['me'] as const;

/** Signed out is a normal answer (null), not an error: guards branch on it without error UI. */
export async function getMe(): Promise<Me | null> {
  try {
    return await apiRequest('/api/v2/auth/me', { schema: meResponseSchema });
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
