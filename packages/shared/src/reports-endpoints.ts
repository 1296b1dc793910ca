import { actionNeededResponseSchema } from './action-needed.ts';
import { verificationLookupSchema } from './compliance.ts';
import { defineEndpoints } from './endpoint.ts';
import {
  manualEvidenceParamsSchema,
  manualVerificationsResponseSchema,
  recordManualVerificationResponseSchema,
  recordManualVerificationSchema,
} from './manual-verification.ts';
import {
  bulkCreateReportsRequestSchema,
  bulkCreateReportsResponseSchema,
  reportDetailSchema,
  reportPageQuerySchema,
  reportPageResponseSchema,
  updateReportRequestSchema,
} from './report-monitoring.ts';
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
} from './reports.ts';

/** An expired plan refuses it with 403 PLAN_EXPIRED (docs/product-rules.md, Plan expiry). */
const PLAN_EXPIRED = [403] as const;

/** The report endpoints: all for the signed-in user's own reports, except the public `verification`. */
export const REPORTS_ENDPOINTS = defineEndpoints({
  list: {
    method: 'GET',
    path: '/api/v1/reports/',
    signedIn: true,
    keyScope: 'reports:read',
    summary: "The signed-in user's reports, newest first, with their counts",
    response: reportListResponseSchema,
  },
  actionNeeded: {
    method: 'GET',
    path: '/api/v2/action-needed',
    signedIn: true,
    keyScope: 'reports:read',
    summary:
      'Every open item of the acting workspace that waits for someone to act: exclusions, license statuses, expiries, matches to review, verifications due, a failed roster import',
    response: actionNeededResponseSchema,
  },
  create: {
    method: 'POST',
    path: '/api/v2/reports/',
    signedIn: true,
    keyScope: 'reports:write',
    summary: "Create a report of a physician's licenses (spends a report credit); it updates in the background",
    body: createReportRequestSchema,
    response: reportSchema,
    status: 201,
    // NO_REPORT_CREDITS; PLAN_EXPIRED or PLAN_LIMIT (states per report, tracked licenses); EXTERNAL_ID_TAKEN.
    errors: [402, 403, 409],
  },
  /** Many reports in one call, each row answered in its place (report-monitoring.ts). */
  bulkCreate: {
    method: 'POST',
    path: '/api/v2/reports/bulk',
    signedIn: true,
    keyScope: 'reports:write',
    summary:
      'Create up to 100 reports; each row is created, found by its externalId (nothing spent), or refused with its reason',
    body: bulkCreateReportsRequestSchema,
    response: bulkCreateReportsResponseSchema,
    // PLAN_EXPIRED: the whole call; a row's own refusal (credits, limits, bad input) is in its result.
    errors: PLAN_EXPIRED,
  },
  /** The reports a page at a time, with filters: what a system polls. */
  page: {
    method: 'GET',
    path: '/api/v2/reports/',
    signedIn: true,
    keyScope: 'reports:read',
    summary: 'Reports newest first, a page at a time (cursor), filtered by standing, expiry, attention or change',
    query: reportPageQuerySchema,
    response: reportPageResponseSchema,
  },
  /** One report with its licenses, exclusion screening and open possible matches. */
  detail: {
    method: 'GET',
    path: '/api/v2/reports/:id',
    signedIn: true,
    keyScope: 'reports:read',
    summary: 'One report whole: its licenses with their sources, its exclusion screening and its open possible matches',
    params: reportIdParamsSchema,
    response: reportDetailSchema,
    errors: PLAN_EXPIRED,
  },
  update: {
    method: 'PATCH',
    path: '/api/v2/reports/:id',
    signedIn: true,
    keyScope: 'reports:write',
    summary: "Change a report's NPI, external_id or check interval, or add states to it (each added state is searched)",
    params: reportIdParamsSchema,
    body: updateReportRequestSchema,
    response: reportSchema,
    // PLAN_EXPIRED, PLAN_LIMIT (states per report); EXTERNAL_ID_TAKEN.
    errors: [403, 409],
  },
  get: {
    method: 'GET',
    path: '/api/v1/reports/:id',
    signedIn: true,
    keyScope: 'reports:read',
    summary: 'One report',
    params: reportIdParamsSchema,
    response: reportSchema,
    errors: PLAN_EXPIRED,
  },
  delete: {
    method: 'DELETE',
    path: '/api/v2/reports/:id',
    signedIn: true,
    keyScope: 'reports:write',
    summary: 'Delete a report',
    params: reportIdParamsSchema,
    response: deleteReportResponseSchema,
    errors: PLAN_EXPIRED,
  },
  licenses: {
    method: 'GET',
    path: '/api/v2/reports/:id/licenses',
    signedIn: true,
    keyScope: 'reports:read',
    summary: 'The licenses a report tracks',
    params: reportIdParamsSchema,
    response: reportLicensesResponseSchema,
    errors: PLAN_EXPIRED,
  },
  /** `:licenseId` is the report-license id of one row of `licenses`. */
  licenseHistory: {
    method: 'GET',
    path: '/api/v2/reports/:id/licenses/:licenseId/history',
    signedIn: true,
    keyScope: 'reports:read',
    summary: "A tracked license's history of changes, newest first",
    params: reportLicenseParamsSchema,
    response: licenseHistorySchema,
    errors: PLAN_EXPIRED,
  },
  /**
   * A verification PDF (a file, not JSON) of the report's tracked licenses, or of one of them.
   * POST: each call issues and stores a new verification; its id is in `x-verification-id`.
   */
  verifyReport: {
    method: 'POST',
    path: '/api/v2/reports/:id/verifications',
    signedIn: true,
    keyScope: 'reports:read',
    summary: "Issue a verification PDF of the report's tracked licenses (its id in X-Verification-Id)",
    params: reportIdParamsSchema,
    responseType: 'application/pdf',
    errors: [429],
  },
  verifyLicense: {
    method: 'POST',
    path: '/api/v2/reports/:id/licenses/:licenseId/verifications',
    signedIn: true,
    keyScope: 'reports:read',
    summary: 'Issue a verification PDF of one tracked license (its id in X-Verification-Id)',
    params: reportLicenseParamsSchema,
    responseType: 'application/pdf',
    errors: [429],
  },
  /** Public: what an issued verification document said, for whoever holds its id. */
  verification: {
    method: 'GET',
    path: '/api/v2/verifications/:id',
    summary: 'What an issued verification document or monthly compliance statement said, for whoever holds its id',
    params: verificationIdParamsSchema,
    response: verificationLookupSchema,
    errors: [429],
  },
  /** `:id` is the report-license id of one row of `licenses`. */
  hideLicense: {
    method: 'PATCH',
    path: '/api/v2/reports/licenses/:id',
    signedIn: true,
    keyScope: 'reports:write',
    summary: "Hide a license from its report (`:id` is a row of the report's licenses)",
    params: reportIdParamsSchema,
    response: hideLicenseResponseSchema,
    errors: PLAN_EXPIRED,
  },
  /** Every state the report asked for and what became of it. */
  states: {
    method: 'GET',
    path: '/api/v2/reports/:id/states',
    signedIn: true,
    keyScope: 'reports:read',
    summary: 'Every state the report asked for and what became of it',
    params: reportIdParamsSchema,
    response: reportStatesResponseSchema,
    errors: PLAN_EXPIRED,
  },
  /** The licenses the user hid from the report, with the same fields as `licenses`. */
  hiddenLicenses: {
    method: 'GET',
    path: '/api/v2/reports/:id/licenses/hidden',
    signedIn: true,
    summary: 'The licenses hidden from a report',
    params: reportIdParamsSchema,
    response: reportLicensesResponseSchema,
    errors: PLAN_EXPIRED,
  },
  /** `:id` is the report-license id of one row of `hiddenLicenses`; it is tracked again. */
  restoreLicense: {
    method: 'PATCH',
    path: '/api/v2/reports/licenses/:id/restore',
    signedIn: true,
    keyScope: 'reports:write',
    summary: 'Track a hidden license again (`:id` is a row of the hidden licenses)',
    params: reportIdParamsSchema,
    response: restoreLicenseResponseSchema,
    errors: PLAN_EXPIRED,
  },
  /** Possible matches the user has not decided on yet, best first. */
  candidates: {
    method: 'GET',
    path: '/api/v2/reports/:id/candidates',
    signedIn: true,
    keyScope: 'reports:read',
    summary: 'Possible matches not decided on yet, by state and best first',
    params: reportIdParamsSchema,
    response: reportCandidatesResponseSchema,
    errors: PLAN_EXPIRED,
  },
  /** `:id` is a candidate id of `candidates`: its license is tracked from now on. */
  confirmCandidate: {
    method: 'PATCH',
    path: '/api/v2/reports/candidates/:id/confirm',
    signedIn: true,
    keyScope: 'reports:write',
    summary: "Confirm a possible match: its license is tracked from now on (403 PLAN_LIMIT over the plan's limit)",
    params: reportIdParamsSchema,
    response: decideCandidateResponseSchema,
    errors: PLAN_EXPIRED,
  },
  /** `:id` is a candidate id of `candidates`: never offered again for this report. */
  rejectCandidate: {
    method: 'PATCH',
    path: '/api/v2/reports/candidates/:id/reject',
    signedIn: true,
    keyScope: 'reports:write',
    summary: 'Reject a possible match: never offered again for this report',
    params: reportIdParamsSchema,
    response: decideCandidateResponseSchema,
    errors: PLAN_EXPIRED,
  },
  /** `:id` is a rejected candidate: offered for review again (the page's Undo after Reject). */
  reopenCandidate: {
    method: 'PATCH',
    path: '/api/v2/reports/candidates/:id/reopen',
    signedIn: true,
    summary: 'Undo a rejection: the possible match is offered for review again',
    params: reportIdParamsSchema,
    response: decideCandidateResponseSchema,
    errors: PLAN_EXPIRED,
  },
  /** Downloads (a file, not JSON): plain links, the session cookie authenticates them. */
  exportCsv: {
    method: 'GET',
    path: '/api/v2/reports/:id/export.csv',
    signedIn: true,
    keyScope: 'reports:read',
    summary: "The report's tracked licenses as a CSV file (also on an expired plan)",
    params: reportIdParamsSchema,
    responseType: 'text/csv',
  },
  exportXlsx: {
    method: 'GET',
    path: '/api/v2/reports/:id/export.xlsx',
    signedIn: true,
    summary: "The report's tracked licenses as an Excel file (also on an expired plan)",
    params: reportIdParamsSchema,
    responseType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  /**
   * Verification by hand (docs/product-rules.md): what a person read on the look-up of a board no
   * machine may read, with its evidence (base64, at most 5 MB: the body may reach about 7 MB here
   * alone). It becomes the data of a license private to the workspace, tracked on the report.
   */
  recordManualVerification: {
    method: 'POST',
    path: '/api/v2/reports/:id/manual-verifications',
    signedIn: true,
    summary:
      "Record a license verified by hand on the look-up of a board no machine reads, with its evidence (403 PLAN_LIMIT over the plan's limit; 409 when a machine reads that board)",
    params: reportIdParamsSchema,
    body: recordManualVerificationSchema,
    response: recordManualVerificationResponseSchema,
    status: 201,
    // PLAN_EXPIRED, PLAN_LIMIT, VIEWER_READ_ONLY; BOARD_READ_BY_MACHINE.
    errors: [403, 409],
  },
  /** `:licenseId` is the report-license id of one row of `licenses`. */
  manualVerifications: {
    method: 'GET',
    path: '/api/v2/reports/:id/licenses/:licenseId/manual-verifications',
    signedIn: true,
    summary: "A license's verifications by hand, newest first",
    params: reportLicenseParamsSchema,
    response: manualVerificationsResponseSchema,
    errors: PLAN_EXPIRED,
  },
  /** The evidence file as stored (a PDF, PNG or JPEG), as an attachment; also on an expired plan. */
  manualEvidence: {
    method: 'GET',
    path: '/api/v2/reports/:id/manual-verifications/:verificationId/evidence',
    signedIn: true,
    summary: 'The evidence file of a verification by hand (PDF, PNG or JPEG), as an attachment',
    params: manualEvidenceParamsSchema,
    responseType: 'application/octet-stream',
  },
  /** The progress of a report's update; under /states/, where API clients know it. */
  updateStatus: {
    method: 'GET',
    path: '/api/v2/states/update-status/:id',
    signedIn: true,
    keyScope: 'reports:read',
    summary: "The progress of a report's update (also on an expired plan)",
    params: reportIdParamsSchema,
    response: updateStatusResponseSchema,
  },
});
