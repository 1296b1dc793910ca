import { z } from 'zod';
import { LICENSE_TYPES } from './licenses.ts';
import { ROSTER_COLUMNS, ROSTER_IMPORT_LIMITS } from './roster-import-messages.ts';
import { STATE_CODES } from './states.ts';

export const ROSTER_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type RosterImportStatus = (typeof ROSTER_IMPORT_STATUSES)[number];

export const ROSTER_ROW_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type RosterRowAction = (typeof ROSTER_ROW_ACTIONS)[number];

const rosterColumnSchema = z.enum(Object.keys(ROSTER_COLUMNS) as [keyof typeof ROSTER_COLUMNS]);

/** One valid row of a roster, as the server stores it for the import job. `row`: the sheet's row number. */
export const rosterRowSchema = z.object({
  row: z.number().int(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  licenseType: z.enum(LICENSE_TYPES),
  npi: z.string().nullable(),
  states: z.array(z.enum(STATE_CODES)),
  externalId: z.string().nullable(),
  department: z.string().nullable(),
});
export type RosterRow = z.infer<typeof rosterRowSchema>;

export const rosterRowFailureSchema = z.object({ row: z.number().int(), message: z.string() });
export type RosterRowFailure = z.infer<typeof rosterRowFailureSchema>;

/**
 * An upload: the file's bytes in base64 (the API takes JSON only; docs/security.md). 2 MB of file
 * is at most about 2.8 M base64 characters.
 */
export const rosterUploadSchema = z.object({
  fileName: z.string().trim().min(1, 'The file needs a name').max(200, 'The file name must be at most 200 characters'),
  content: z
    .string()
    .max(Math.ceil((ROSTER_IMPORT_LIMITS.maxBytes * 4) / 3) + 4, 'The file is larger than 2 MB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file must be sent in base64'),
});
export type RosterUpload = z.infer<typeof rosterUploadSchema>;

export const rosterCellErrorSchema = z.object({ column: rosterColumnSchema, message: z.string() });

export const rosterPreviewRowSchema = z.object({
  row: z.number().int(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  license_type: z.string(),
  npi: z.string(),
  /** State codes; empty when the cell was empty (every state) or could not be read. */
  states: z.array(z.string()),
  all_states: z.boolean(),
  external_id: z.string(),
  department: z.string(),
  action: z.enum(ROSTER_ROW_ACTIONS),
  /** The row repeats an earlier one of the file (same id, NPI, or name and type). */
  duplicate_of: z.number().int().nullable(),
  errors: z.array(rosterCellErrorSchema),
  /** What an update would change, in words ('Department', 'States +2'). */
  changes: z.array(z.string()),
});
export type RosterPreviewRow = z.infer<typeof rosterPreviewRowSchema>;

export const rosterPreviewSchema = z.object({
  file_name: z.string(),
  /** Which of our columns each known header of the file was read as. */
  columns: z.array(z.object({ header: z.string(), column: rosterColumnSchema })),
  counts: z.object({
    total: z.number().int(),
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  rows: z.array(rosterPreviewRowSchema),
});
export type RosterPreview = z.infer<typeof rosterPreviewSchema>;

export const rosterImportSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  status: z.enum(ROSTER_IMPORT_STATUSES),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** Rows the file had that were not imported because of errors in the preview. */
  skipped: z.number().int(),
  error: z.string().nullable(),
  failures: z.array(rosterRowFailureSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type RosterImport = z.infer<typeof rosterImportSchema>;

/** GET /api/v2/reports/npi/:npi — what NPPES lists for a physician. */
export const npiLookupSchema = z.object({
  npi: z.string(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  license_type: z.enum(LICENSE_TYPES),
  /** State codes the physician lists licenses in (self-reported). */
  states: z.array(z.string()),
});
export type NpiLookup = z.infer<typeof npiLookupSchema>;
