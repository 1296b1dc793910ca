import { defineEndpoints } from './endpoint.ts';
import {
  createReportRequestSchema,
  decideCandidateResponseSchema,
  deleteReportResponseSchema,
  hideLicenseResponseSchema,
  licenseHistorySchema,
  reportCandidatesResponseSchema,
  reportIdParamsSchema,
  reportLicenseParamsSchema,
  reportLicensesResponseSchema,
  reportListResponseSchema,
  reportSchema,
  reportStatesResponseSchema,
  restoreLicenseResponseSchema,
  updateStatusResponseSchema,
  verificationIdParamsSchema,
  verificationSchema,
} from './reports.ts';

/** The report endpoints: all for the signed-in user's own reports, except the public `verification`. */
export const REPORTS_ENDPOINTS = defineEndpoints({
  list: { method: 'GET', path: '/api/v1/reports/', response: reportListResponseSchema },
  create: {
    method: 'POST',
    path: '/api/v2/reports/',
    body: createReportRequestSchema,
    response: reportSchema,
    status: 201,
  },
  get: { method: 'GET', path: '/api/v1/reports/:id', params: reportIdParamsSchema, response: reportSchema },
  delete: {
    method: 'DELETE',
    path: '/api/v2/reports/:id',
    params: reportIdParamsSchema,
    response: deleteReportResponseSchema,
  },
  licenses: {
    method: 'GET',
    path: '/api/v2/reports/:id/licenses',
    params: reportIdParamsSchema,
    response: reportLicensesResponseSchema,
  },
  /** `:licenseId` is the report-license id of one row of `licenses`. */
  licenseHistory: {
    method: 'GET',
    path: '/api/v2/reports/:id/licenses/:licenseId/history',
    params: reportLicenseParamsSchema,
    response: licenseHistorySchema,
  },
  /**
   * A verification PDF (a file, not JSON) of the report's tracked licenses, or of one of them.
   * POST: each call issues and stores a new verification; its id is in `x-verification-id`.
   */
  verifyReport: { method: 'POST', path: '/api/v2/reports/:id/verifications', params: reportIdParamsSchema },
  verifyLicense: {
    method: 'POST',
    path: '/api/v2/reports/:id/licenses/:licenseId/verifications',
    params: reportLicenseParamsSchema,
  },
  /** Public: what an issued verification document said, for whoever holds its id. */
  verification: {
    method: 'GET',
    path: '/api/v2/verifications/:id',
    params: verificationIdParamsSchema,
    response: verificationSchema,
  },
  /** `:id` is the report-license id of one row of `licenses`. */
  hideLicense: {
    method: 'PATCH',
    path: '/api/v2/reports/licenses/:id',
    params: reportIdParamsSchema,
    response: hideLicenseResponseSchema,
  },
  /** Every state the report asked for and what became of it. */
  states: {
    method: 'GET',
    path: '/api/v2/reports/:id/states',
    params: reportIdParamsSchema,
    response: reportStatesResponseSchema,
  },
  /** The licenses the user hid from the report, with the same fields as `licenses`. */
  hiddenLicenses: {
    method: 'GET',
    path: '/api/v2/reports/:id/licenses/hidden',
    params: reportIdParamsSchema,
    response: reportLicensesResponseSchema,
  },
  /** `:id` is the report-license id of one row of `hiddenLicenses`; it is tracked again. */
  restoreLicense: {
    method: 'PATCH',
    path: '/api/v2/reports/licenses/:id/restore',
    params: reportIdParamsSchema,
    response: restoreLicenseResponseSchema,
  },
  /** Possible matches the user has not decided on yet, best first. */
  candidates: {
    method: 'GET',
    path: '/api/v2/reports/:id/candidates',
    params: reportIdParamsSchema,
    response: reportCandidatesResponseSchema,
  },
  /** `:id` is a candidate id of `candidates`: its license is tracked from now on. */
  confirmCandidate: {
    method: 'PATCH',
    path: '/api/v2/reports/candidates/:id/confirm',
    params: reportIdParamsSchema,
    response: decideCandidateResponseSchema,
  },
  /** `:id` is a candidate id of `candidates`: never offered again for this report. */
  rejectCandidate: {
    method: 'PATCH',
    path: '/api/v2/reports/candidates/:id/reject',
    params: reportIdParamsSchema,
    response: decideCandidateResponseSchema,
  },
  /** Downloads (a file, not JSON): plain links, the session cookie authenticates them. */
  exportCsv: { method: 'GET', path: '/api/v2/reports/:id/export.csv', params: reportIdParamsSchema },
  exportXlsx: { method: 'GET', path: '/api/v2/reports/:id/export.xlsx', params: reportIdParamsSchema },
  /** The progress of a report's update; under /states/, where API clients know it. */
  updateStatus: {
    method: 'GET',
    path: '/api/v2/states/update-status/:id',
    params: reportIdParamsSchema,
    response: updateStatusResponseSchema,
  },
});
