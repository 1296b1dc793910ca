import { adminBillingQuerySchema, adminBillingSchema, adminDashboardSchema } from './admin-insights.ts';
import { defineEndpoints } from './endpoint.ts';

/** The admin dashboard and billing overview (docs/decisions/018): administrators only. */
export const ADMIN_INSIGHTS_ENDPOINTS = defineEndpoints({
  dashboard: {
    method: 'GET',
    path: '/api/v2/admin/dashboard',
    signedIn: true,
    summary: 'Users, plans and MRR, usage, alerts and board health at a glance (administrators only)',
    response: adminDashboardSchema,
    errors: [403],
  },
  billing: {
    method: 'GET',
    path: '/api/v2/admin/billing',
    signedIn: true,
    summary:
      'Subscriptions a page at a time, failed payments, checkouts, refunds and credit grants, from our own records (administrators only)',
    query: adminBillingQuerySchema,
    response: adminBillingSchema,
    errors: [403],
  },
});
