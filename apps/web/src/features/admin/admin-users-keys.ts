import type { AdminUsersQuery } from '@licensewatch/shared/admin';
import { ADMIN_QUERY_KEY } from './api/admin-query';

/** Every users-screen query sits under one key, so a change invalidates the list and the details at once. */
export const ADMIN_USERS_KEY = [...ADMIN_QUERY_KEY, 'users'] as const;
export const adminUsersListKey = (query: Partial<AdminUsersQuery>) => [...ADMIN_USERS_KEY, 'list', query] as const;
export const adminUserKey = (id: string) => [...ADMIN_USERS_KEY, 'detail', id] as const;
