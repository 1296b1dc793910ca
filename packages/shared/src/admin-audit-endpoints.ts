import { adminAuditQuerySchema, adminAuditResponseSchema } from './admin.ts';
import { defineEndpoints } from './endpoint.ts';

/** The audit log of administrator actions (docs/decisions/018): administrators only. */
export const ADMIN_AUDIT_ENDPOINTS = defineEndpoints({
  audit: {
    method: 'GET',
    path: '/api/v2/admin/audit',
    signedIn: true,
    summary: 'Every administrator action, newest first, filtered and a page at a time (administrators only)',
    query: adminAuditQuerySchema,
    response: adminAuditResponseSchema,
    errors: [403],
  },
});
