import { defineEndpoints } from './endpoint.ts';
import {
  decideExclusionMatchResponseSchema,
  npiSuggestionsSchema,
  reportExclusionsSchema,
  setReportNpiResponseSchema,
  setReportNpiSchema,
} from './exclusions.ts';
import { reportIdParamsSchema } from './reports.ts';

/** An expired plan refuses it with 403 PLAN_EXPIRED (docs/product-rules.md, Plan expiry). */
const PLAN_EXPIRED = [403] as const;

/** A report's exclusion screening (docs/exclusions.md): its standing, the review of possible matches, its NPI. */
export const EXCLUSIONS_ENDPOINTS = defineEndpoints({
  reportExclusions: {
    method: 'GET',
    path: '/api/v2/reports/:id/exclusions',
    signedIn: true,
    summary: "The physician's standing on the LEIE and SAM exclusion lists: each source's last check and the matches",
    params: reportIdParamsSchema,
    response: reportExclusionsSchema,
    errors: PLAN_EXPIRED,
  },
  /** `:id` is a match id of `reportExclusions`: it counts as the physician's exclusion from now on. */
  confirmMatch: {
    method: 'PATCH',
    path: '/api/v2/reports/exclusion-matches/:id/confirm',
    signedIn: true,
    summary: 'Confirm a possible (name-only) exclusion match as this physician’s (409 once reviewed)',
    params: reportIdParamsSchema,
    response: decideExclusionMatchResponseSchema,
    errors: [403, 409],
  },
  /** `:id` is a match id of `reportExclusions`: never offered again for this report. */
  dismissMatch: {
    method: 'PATCH',
    path: '/api/v2/reports/exclusion-matches/:id/dismiss',
    signedIn: true,
    summary: 'Dismiss a possible exclusion match: not this physician, never offered again (409 once reviewed)',
    params: reportIdParamsSchema,
    response: decideExclusionMatchResponseSchema,
    errors: [403, 409],
  },
  /** NPPES's physicians of the report's name, license type and states: the NPI to pick for `setNpi`. */
  npiSuggestions: {
    method: 'GET',
    path: '/api/v2/reports/:id/npi-suggestions',
    signedIn: true,
    summary:
      "NPIs the NPPES registry lists for the report's physician (same name and license type, in the report's states)",
    params: reportIdParamsSchema,
    response: npiSuggestionsSchema,
    errors: [403, 503],
  },
  setNpi: {
    method: 'PATCH',
    path: '/api/v2/reports/:id/npi',
    signedIn: true,
    summary: "Set or remove the physician's NPI; the report is screened again at once",
    params: reportIdParamsSchema,
    body: setReportNpiSchema,
    response: setReportNpiResponseSchema,
    errors: PLAN_EXPIRED,
  },
});
