import { adminOrganisationsQuerySchema, adminOrganisationsResponseSchema } from './admin.ts';
import { defineEndpoints } from './endpoint.ts';

/**
 * The admin organisations screen (docs/product-rules.md, Organizations): an administrator's session
 * only — 401 signed out, 403 for anyone else.
 */
export const ADMIN_ORGANISATIONS_ENDPOINTS = defineEndpoints({
  organisations: {
    method: 'GET',
    path: '/api/v2/admin/organisations',
    signedIn: true,
    summary:
      'Organisations with their owner, plan, members, invitations, reports and credits, newest first, a page at a time (administrators only)',
    query: adminOrganisationsQuerySchema,
    response: adminOrganisationsResponseSchema,
    errors: [403],
  },
});
