import { z } from 'zod';

/**
 * A board's list an operator loads by hand (docs/sources.md, Lists an operator loads): a list a board
 * sells (Mississippi, Nebraska), a paid national extract, or a file only a person may download. Read
 * like any bulk file the product downloads — same row reading, same validation — with the columns the
 * operator maps.
 */

/** The file: text, at most 20 MB (a state's physicians fit in a few). */
export const BOARD_LIST_MAX_BYTES = 20 * 1024 * 1024;

/** Our fields, in the order the form asks for them; a header of the file maps to each. */
export const BOARD_LIST_FIELDS = [
  'license_number',
  'last_name',
  'first_name',
  'middle_name',
  'suffix',
  'name',
  'status',
  'issue_date',
  'expiry_date',
  'discipline',
] as const;
export type BoardListField = (typeof BOARD_LIST_FIELDS)[number];

export const BOARD_LIST_FIELD_LABELS: Record<BoardListField, string> = {
  license_number: 'License number',
  last_name: 'Last name',
  first_name: 'First name',
  middle_name: 'Middle name',
  suffix: 'Suffix',
  name: 'Whole name (one column)',
  status: 'Status',
  issue_date: 'Issue date',
  expiry_date: 'Expiry date',
  discipline: 'Discipline',
};

/** Header words that suggest a column for a field (compared without case, spaces or punctuation). */
export const BOARD_LIST_FIELD_HINTS: Record<BoardListField, readonly string[]> = {
  license_number: ['licensenumber', 'licenseno', 'license', 'licno', 'licnumber', 'number', 'credentialnumber'],
  last_name: ['lastname', 'surname', 'last', 'lname'],
  first_name: ['firstname', 'first', 'fname', 'givenname'],
  middle_name: ['middlename', 'middle', 'middleinitial', 'mi'],
  suffix: ['suffix', 'namesuffix'],
  name: ['name', 'fullname', 'licenseename', 'licenseholder'],
  status: ['status', 'licensestatus', 'licstatus'],
  issue_date: ['issuedate', 'originalissuedate', 'issued', 'dateissued', 'licenseissuedate'],
  expiry_date: ['expirationdate', 'expiration', 'expirydate', 'expires', 'expiredate', 'licenseexpirationdate'],
  discipline: ['discipline', 'disciplinaryaction', 'boardaction', 'publicactions', 'action'],
};

export const BOARD_LIST_DELIMITERS = { comma: ',', tab: '\t', pipe: '|' } as const;
export type BoardListDelimiter = keyof typeof BOARD_LIST_DELIMITERS;
export const BOARD_LIST_DELIMITER_LABELS: Record<BoardListDelimiter, string> = {
  comma: 'Comma (CSV)',
  tab: 'Tab',
  pipe: 'Pipe ( | )',
};

export const BOARD_LIST_DATE_FORMATS = ['mm/dd/yyyy', 'iso', 'yyyymmdd'] as const;
export const BOARD_LIST_DATE_FORMAT_LABELS: Record<(typeof BOARD_LIST_DATE_FORMATS)[number], string> = {
  'mm/dd/yyyy': 'MM/DD/YYYY',
  iso: 'YYYY-MM-DD',
  yyyymmdd: 'YYYYMMDD',
};

/** How the file is read: as its board publishes it, or with columns an operator maps. */
export const BOARD_LIST_LAYOUTS = ['mapped', 'published'] as const;

/** MD, DO, or a list of physicians that does not say which (a composite board's). */
export const BOARD_LIST_LICENSE_TYPES = ['MD', 'DO', 'either'] as const;

const header = z.string().trim().min(1).max(200);

/** POST /api/v2/admin/board-lists */
export const loadBoardListSchema = z
  .object({
    board_id: z.string({ error: 'Choose a board' }).min(1, 'Choose a board'),
    file_name: z.string({ error: 'Choose a file' }).trim().min(1, 'Choose a file').max(200),
    /** The file, base64: the API takes JSON only (docs/security.md). */
    content: z
      .string({ error: 'Choose a file' })
      .min(1, 'The file is empty')
      .max(Math.ceil((BOARD_LIST_MAX_BYTES * 4) / 3) + 4, 'The file is larger than 20 MB')
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file must be sent in base64'),
    /**
     * `published`: the file as the board publishes it (its CSV, ZIP or workbook), read with the board's
     * own configuration — for a board whose file the product knows but cannot download (Ohio's,
     * Missouri's, Florida's). `mapped`: any list, read with the columns mapped below.
     */
    layout: z.enum(BOARD_LIST_LAYOUTS).default('mapped'),
    delimiter: z
      .enum(Object.keys(BOARD_LIST_DELIMITERS) as [BoardListDelimiter, ...BoardListDelimiter[]], {
        error: 'Choose how the columns are separated',
      })
      .optional(),
    /** The first cell of the header line, when lines above it (a title, a date) come first. */
    header_starts_with: z.string().trim().max(200).optional(),
    /** Our field → the header of its column (a mapped list). */
    columns: z
      .object({
        license_number: header,
        last_name: header.optional(),
        first_name: header.optional(),
        middle_name: header.optional(),
        suffix: header.optional(),
        name: header.optional(),
        status: header.optional(),
        issue_date: header.optional(),
        expiry_date: header.optional(),
        discipline: header.optional(),
      })
      .optional(),
    /** A whole-name column's order. */
    name_order: z.enum(['last-first', 'first-last']).default('last-first'),
    license_type: z.enum(BOARD_LIST_LICENSE_TYPES, { error: 'Choose what the list licenses' }).optional(),
    date_format: z.enum(BOARD_LIST_DATE_FORMATS, { error: 'Choose how dates are written' }).optional(),
    /** The board's whole list: licenses it no longer holds are recorded as removed. */
    complete: z.boolean().default(false),
    /** Read and compare only: nothing is stored. */
    check_only: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.layout === 'published') return;
    if (!v.delimiter)
      ctx.addIssue({ code: 'custom', path: ['delimiter'], message: 'Choose how the columns are separated' });
    if (!v.license_type)
      ctx.addIssue({ code: 'custom', path: ['license_type'], message: 'Choose what the list licenses' });
    if (!v.date_format)
      ctx.addIssue({ code: 'custom', path: ['date_format'], message: 'Choose how dates are written' });
    const c = v.columns;
    if (!c?.license_number) {
      ctx.addIssue({ code: 'custom', path: ['columns', 'license_number'], message: 'Map the license number column' });
      return;
    }
    if (!c.name && !(c.last_name && c.first_name))
      ctx.addIssue({
        code: 'custom',
        path: ['columns', 'last_name'],
        message: 'Map the last and first name, or the whole-name column',
      });
    if (!c.status) ctx.addIssue({ code: 'custom', path: ['columns', 'status'], message: 'Map the status column' });
  });
export type LoadBoardListInput = z.input<typeof loadBoardListSchema>;

export const boardListResultSchema = z.object({
  board_id: z.string(),
  board_name: z.string(),
  check_only: z.boolean(),
  /** succeeded, warned (unknown wording), failed (too much unknown wording). */
  status: z.enum(['succeeded', 'warned', 'failed']),
  rows_read: z.number().int(),
  rows_rejected: z.number().int(),
  /** Licenses the list adds to the registry, changes there, and leaves as they were. */
  licenses_new: z.number().int(),
  licenses_changed: z.number().int(),
  licenses_unchanged: z.number().int(),
  licenses_removed: z.number().int(),
  /** The first rejected rows, with why. */
  rejected: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  /** Wording no vocabulary knows, per field, most frequent first. */
  unknown_values: z.array(z.object({ field: z.string(), value: z.string(), rows: z.number().int() })),
  error: z.string().nullable(),
});
export type BoardListResult = z.infer<typeof boardListResultSchema>;

/** How many rejected rows an answer lists. */
export const BOARD_LIST_REJECTED_SHOWN = 20;

export const BOARD_LIST_MESSAGES = {
  unknownBoard: 'No such board',
  wrongType: (board: string, types: string) => `${board} licenses ${types} only`,
  missingColumns: (missing: string) => `The file's header has no column ${missing}`,
  licenceTerms: (board: string, terms: string) =>
    `${board} grants its list ${terms}: it is loaded only once the operator states in the configuration that their use is allowed (licenceTerms.useAllowed)`,
  noPublishedLayout: (board: string) =>
    `${board} publishes no file whose layout the product knows: map the list's columns instead`,
  checked: 'List checked: nothing was stored',
  loaded: (board: string) => `List of ${board} loaded`,
} as const;

/** A header's words as the hints compare them. */
export const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The column a field most likely is, from the file's headers; none when no header suggests it. */
export function suggestColumn(field: BoardListField, headers: readonly string[]): string | undefined {
  const hints = BOARD_LIST_FIELD_HINTS[field];
  for (const hint of hints) {
    const found = headers.find((h) => headerKey(h) === hint);
    if (found) return found;
  }
  return undefined;
}
