import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import {
  rosterExportQuerySchema,
  rosterHideResponseSchema,
  rosterQuerySchema,
  rosterRefreshResponseSchema,
  rosterResponseSchema,
  rosterSelectionSchema,
  savedRosterViewInputSchema,
  savedRosterViewParamsSchema,
  savedRosterViewSchema,
  savedRosterViewsResponseSchema,
} from './roster.ts';

/**
 * The roster view of the workspace the session works in (ADR 019): any member may read it, a
 * viewer too; a personal workspace has one as well (its own reports).
 */
export const ROSTER_ENDPOINTS = defineEndpoints({
  list: {
    method: 'GET',
    path: '/api/v2/org/licenses',
    signedIn: true,
    keyScope: 'reports:read',
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
    keyScope: 'reports:read',
    summary:
      'The filtered roster as a CSV (format=csv) or Excel (format=xlsx) file, every page; with ids, only those rows',
    query: rosterExportQuerySchema,
    responseType: 'text/csv',
  },
  /**
   * Bulk actions on selected rows: members who may change the workspace's reports (a viewer gets
   * 403 VIEWER_READ_ONLY), on a plan that has not expired, like the one-license calls they repeat.
   */
  hide: {
    method: 'POST',
    path: '/api/v2/org/licenses/hide',
    signedIn: true,
    summary: 'Stop tracking the selected licenses (hide each, as on its report page; restorable there)',
    body: rosterSelectionSchema,
    response: rosterHideResponseSchema,
    errors: [403],
  },
  refresh: {
    method: 'POST',
    path: '/api/v2/org/licenses/refresh',
    signedIn: true,
    summary: "Check the boards again now for the selected licenses' reports, each report once",
    body: rosterSelectionSchema,
    response: rosterRefreshResponseSchema,
    errors: [403],
  },
  views: {
    method: 'GET',
    path: '/api/v2/org/licenses/views',
    signedIn: true,
    summary: 'Your saved roster views in this workspace, by name',
    response: savedRosterViewsResponseSchema,
  },
  saveView: {
    method: 'POST',
    path: '/api/v2/org/licenses/views',
    signedIn: true,
    summary: "Save the roster's filters and sort under a name (the same name replaces); at most 20",
    body: savedRosterViewInputSchema,
    response: savedRosterViewSchema,
    errors: [409],
  },
  deleteView: {
    method: 'DELETE',
    path: '/api/v2/org/licenses/views/:id',
    signedIn: true,
    summary: 'Delete one of your saved roster views',
    params: savedRosterViewParamsSchema,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
    errors: [404],
  },
});
