/** Every admin query lives under this key, so an admin action can invalidate what it changed. */
export const ADMIN_QUERY_KEY = ['admin'] as const;

/** Spec §9 "Admin query stale time": 5 minutes, 1 retry. */
export const ADMIN_QUERY_OPTIONS = { staleTime: 5 * 60_000, retry: 1 } as const;
