import { complianceMonthPageSchema, complianceMonthParamsSchema, complianceMonthQuerySchema } from './compliance.ts';
import { defineEndpoints } from './endpoint.ts';

/**
 * The acting workspace's monthly compliance record (docs/product-rules.md, Monthly compliance
 * record): its owner and admins, or a personal workspace's user; an API key with `reports:read`.
 */
export const COMPLIANCE_ENDPOINTS = defineEndpoints({
  month: {
    method: 'GET',
    path: '/api/v2/compliance/months/:month',
    signedIn: true,
    keyScope: 'reports:read',
    summary:
      "Whether each report's licenses and exclusion lists were checked in a month (YYYY-MM), and the gaps: a page of reports by last name, the summary of all",
    params: complianceMonthParamsSchema,
    query: complianceMonthQuerySchema,
    response: complianceMonthPageSchema,
    errors: [400, 403],
  },
  monthCsv: {
    method: 'GET',
    path: '/api/v2/compliance/months/:month/export.csv',
    signedIn: true,
    keyScope: 'reports:read',
    summary: "A month's compliance record as a CSV file, one line per license and list of each report",
    params: complianceMonthParamsSchema,
    responseType: 'text/csv',
    errors: [403],
  },
  /** POST: each call issues and stores a new signed statement; its id is in `x-verification-id`. */
  issueStatement: {
    method: 'POST',
    path: '/api/v2/compliance/months/:month/statements',
    signedIn: true,
    keyScope: 'reports:read',
    summary: "Issue a signed PDF of a month's compliance record, confirmed on /verify (its id in X-Verification-Id)",
    params: complianceMonthParamsSchema,
    responseType: 'application/pdf',
    errors: [403, 429],
  },
});
