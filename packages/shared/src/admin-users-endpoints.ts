import {
  adminDeleteUserResponseSchema,
  adminUserDetailSchema,
  adminUserParamsSchema,
  adminUserStatusBodySchema,
  adminUserStatusResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  tempCreditsBodySchema,
  tempCreditsResponseSchema,
} from './admin.ts';
import { defineEndpoints } from './endpoint.ts';

/**
 * The admin users screen (docs/product-rules.md, Users): an administrator's session only — 401 signed out, 403 for
 * anyone else. Administrators are not listed and cannot be changed from here.
 */
export const ADMIN_USERS_ENDPOINTS = defineEndpoints({
  users: {
    method: 'GET',
    path: '/api/v2/admin/users',
    signedIn: true,
    summary: 'Accounts other than administrators, newest first, a page at a time (administrators only)',
    query: adminUsersQuerySchema,
    response: adminUsersResponseSchema,
    errors: [403],
  },
  user: {
    method: 'GET',
    path: '/api/v2/admin/users/:id',
    signedIn: true,
    summary: "An account's subscription, credits, usage and reports (administrators only)",
    params: adminUserParamsSchema,
    response: adminUserDetailSchema,
    errors: [403],
  },
  updateUser: {
    method: 'PATCH',
    path: '/api/v2/admin/users/:id',
    signedIn: true,
    summary: 'Activate or deactivate an account; deactivation ends its sessions and API access at once',
    params: adminUserParamsSchema,
    body: adminUserStatusBodySchema,
    response: adminUserStatusResponseSchema,
    errors: [403],
  },
  deleteUser: {
    method: 'DELETE',
    path: '/api/v2/admin/users/:id',
    signedIn: true,
    summary: 'Delete an account and all its data; its subscription is cancelled at period end',
    params: adminUserParamsSchema,
    response: adminDeleteUserResponseSchema,
    errors: [403, 502],
  },
  addTempCredits: {
    method: 'POST',
    path: '/api/v2/admin/users/:id/temp-credits',
    signedIn: true,
    summary: 'Add temporary report credits',
    params: adminUserParamsSchema,
    body: tempCreditsBodySchema,
    response: tempCreditsResponseSchema,
    errors: [403],
  },
  reduceTempCredits: {
    method: 'POST',
    path: '/api/v2/admin/users/:id/temp-credits/reduce',
    signedIn: true,
    summary: 'Reduce temporary report credits; never below zero (409 names the current balance and the reduction)',
    params: adminUserParamsSchema,
    body: tempCreditsBodySchema,
    response: tempCreditsResponseSchema,
    errors: [403, 409],
  },
});
