import type { AdminUsersQuery } from '@licensewatch/shared/admin';

/** Spec §9 "Admin query stale time": 5 minutes, 1 retry. */
export const ADMIN_QUERY_OPTIONS = { staleTime: 5 * 60 * 1000, retry: 1 } as const;

/** Every users-screen query sits under one key, so a change invalidates the list and the details at once. */
export const ADMIN_USERS_KEY = ['admin', 'users'] as const;
export const adminUsersListKey = (query: Partial<AdminUsersQuery>) => [...ADMIN_USERS_KEY, 'list', query] as const;
export const adminUserKey = (id: string) => [...ADMIN_USERS_KEY, 'detail', id] as const;
