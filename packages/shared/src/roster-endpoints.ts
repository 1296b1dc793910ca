import { defineEndpoints } from './endpoint.ts';
import { rosterExportQuerySchema, rosterQuerySchema, rosterResponseSchema } from './roster.ts';

/**
 * The roster view of the workspace the session works in (ADR 019): any member may read it, a
 * viewer too; a personal workspace has one as well (its own reports).
 */
export const ROSTER_ENDPOINTS = defineEndpoints({
  list: {
    method: 'GET',
    path: '/api/v2/org/licenses',
    signedIn: true,
    summary:
      'Every tracked license of every report in the workspace, filtered, sorted and paged, with counts for the workspace and for the filtered set',
    query: rosterQuerySchema,
    response: rosterResponseSchema,
  },
  /** A download (a file, not JSON): a plain link, the session cookie authenticates it. */
  export: {
    method: 'GET',
    path: '/api/v2/org/licenses/export',
    signedIn: true,
    summary: 'The filtered roster as a CSV (format=csv) or Excel (format=xlsx) file, every page',
    query: rosterExportQuerySchema,
    responseType: 'text/csv',
  },
});
