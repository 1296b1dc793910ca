import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { npiLookupSchema, rosterImportSchema, rosterPreviewSchema, rosterUploadSchema } from './roster-import.ts';

/**
 * Roster import (docs/data-flows.md, Roster import) into the acting workspace: an organisation's owner or admin, or a
 * personal account (a viewer is refused). The start call validates the file again; an import of
 * another workspace answers 404 like a missing one.
 */
export const ROSTER_IMPORT_ENDPOINTS = defineEndpoints({
  preview: {
    method: 'POST',
    path: '/api/v2/roster-imports/preview',
    signedIn: true,
    summary: "Check a roster file (CSV or XLSX, base64): each row's errors, duplicates, and what importing it would do",
    body: rosterUploadSchema,
    response: rosterPreviewSchema,
    errors: [403],
  },
  start: {
    method: 'POST',
    path: '/api/v2/roster-imports/',
    status: 202,
    signedIn: true,
    summary: 'Import a roster file: its valid rows create or update reports in one background job',
    body: rosterUploadSchema,
    response: rosterImportSchema,
    errors: [403],
  },
  status: {
    method: 'GET',
    path: '/api/v2/roster-imports/:id',
    signedIn: true,
    summary: "An import's progress and result",
    params: z.object({ id: z.string().min(1).max(100) }),
    response: rosterImportSchema,
  },
  npiLookup: {
    method: 'GET',
    path: '/api/v2/reports/npi/:npi',
    signedIn: true,
    summary: "A physician's name, license type and states as the NPPES registry lists them",
    params: z.object({ npi: z.string().max(20) }),
    response: npiLookupSchema,
    errors: [503],
  },
});
