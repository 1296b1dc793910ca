import { LICENSE_STATUSES, LICENSE_TYPES } from '@licensewatch/shared/licenses';
import { STATE_CODES } from '@licensewatch/shared/states';
import { z } from 'zod';

// Board and source configuration (docs/license-engine.md). Objects are strict so a typo in an operator's
// override file ("searchURL") fails at start-up instead of silently falling back to a default.

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const nonEmpty = z.string().trim().min(1, 'must not be empty');
const licenseType = z.enum(LICENSE_TYPES);

/**
 * Board text (matched case-insensitively, trimmed, inner spaces collapsed) → normalised status, laid over
 * the shared table (`status-wording.ts`): only a board's own words, or a word it uses differently, go here.
 */
export const statusVocabularySchema = z.record(z.string(), z.enum(LICENSE_STATUSES)).default({});

/**
 * Keeps only the rows whose `column` holds one value (`equals`) or one of several (`in`), so one
 * national file or dataset feeds many boards. Compared trimmed and case-insensitively; a Socrata source
 * also sends it as `$where` (as written: real Socrata compares case-sensitively).
 */
export const rowFilterSchema = z
  .strictObject({
    column: nonEmpty,
    equals: nonEmpty.optional(),
    in: z.array(nonEmpty).min(1, 'must list at least one value').optional(),
  })
  .superRefine((f, ctx) => {
    if ((f.equals === undefined) === (f.in === undefined))
      ctx.addIssue({ code: 'custom', path: ['equals'], message: 'give exactly one of equals or in' });
  });

/** Board text → MD/DO, matched like statuses. */
const licenseTypeMapSchema = z.record(z.string(), licenseType);

/**
 * How a source writes dates. `iso`: YYYY-MM-DD, optionally followed by a time (Socrata floating
 * timestamps). `mm/dd/yyyy`: one- or two-digit month and day, optionally followed by a time.
 */
export const dateFormatSchema = z.enum(['iso', 'mm/dd/yyyy', 'yyyymmdd']);

/** What to do with a row whose license type the map does not know: multi-profession datasets need 'skip'. */
const unknownLicenseTypeSchema = z.enum(['skip', 'error']);

// Politeness and resilience knobs shared by every kind; the HTTP client reads these.
const commonOptions = {
  timeoutMs: z.number().int().min(100).max(600_000).default(20_000),
  retries: z.number().int().min(0).max(10).default(2),
  backoffMs: z.number().int().min(0).max(60_000).default(500),
  concurrency: z.number().int().min(1).max(16).default(2),
  userAgent: nonEmpty.optional(),
  /** True only once someone has run this configuration against the live board. */
  verified: z.boolean().default(false),
  /** Free text for operators: where the URL came from, what still needs checking. */
  notes: z.string().optional(),
};

const optionalField = nonEmpty.optional();

export const socrataSourceSchema = z.strictObject({
  kind: z.literal('socrata'),
  /** Site root, e.g. https://data.wa.gov; the resource URL is `${baseUrl}/resource/${datasetId}.json`. */
  baseUrl: httpUrl,
  datasetId: z.string().regex(/^[a-z0-9]{4}-[a-z0-9]{4}$/, "must look like a Socrata id ('qxh8-f4bd')"),
  fieldMap: z.strictObject({
    licenseNumber: nonEmpty,
    lastName: nonEmpty,
    firstName: nonEmpty,
    middleName: optionalField,
    suffix: optionalField,
    licenseType: nonEmpty,
    status: nonEmpty,
    issueDate: optionalField,
    expiryDate: optionalField,
    discipline: optionalField,
  }),
  /** Credential-type text → MD/DO. */
  licenseTypes: licenseTypeMapSchema,
  unknownLicenseType: unknownLicenseTypeSchema.default('skip'),
  statuses: statusVocabularySchema,
  dateFormat: dateFormatSchema.default('iso'),
  pageSize: z.number().int().min(1).max(50_000).default(1000),
  /** Rows of other boards in a shared dataset (e.g. `{column: 'state', equals: 'TX'}`); pushed into `$where`. */
  filter: rowFilterSchema.optional(),
  /** SoQL `$where` clause per license type, so a multi-profession dataset is read one profession at a time. */
  where: z.strictObject({ MD: optionalField, DO: optionalField }).optional(),
  /** Socrata pages are only stable under an explicit order. */
  order: nonEmpty.default(':id'),
  /** Real Socrata compares text case-sensitively and these datasets publish upper-case names. */
  searchCase: z.enum(['upper', 'as-given']).default('upper'),
  ...commonOptions,
});

export const delimitedFileSourceSchema = z
  .strictObject({
    kind: z.literal('delimited-file'),
    url: httpUrl,
    delimiter: z.string().length(1, 'must be one character'),
    /** `false` for files that never quote (a stray `"` in a name must not swallow the rest of the file). */
    quote: z.union([z.string().length(1), z.literal(false)]).default('"'),
    encoding: z.enum(['utf-8', 'latin1']).default('utf-8'),
    /** Only for files whose quoted fields contain line breaks; otherwise an unclosed quote is one bad row. */
    multilineFields: z.boolean().default(false),
    /** Present when the download is a ZIP; `entry` picks the file inside (default: the first file). */
    zip: z.strictObject({ entry: optionalField }).optional(),
    /** Our field → the header text of its column (matched case-insensitively). */
    columns: z.strictObject({
      licenseNumber: nonEmpty,
      lastName: nonEmpty,
      firstName: nonEmpty,
      middleName: optionalField,
      suffix: optionalField,
      licenseType: optionalField,
      status: nonEmpty,
      issueDate: optionalField,
      expiryDate: optionalField,
      discipline: optionalField,
    }),
    /** License-type column value → MD/DO. */
    licenseTypes: licenseTypeMapSchema.default({}),
    /** Rows of other boards in a shared file: `column` is a header, like those in `columns`. */
    filter: rowFilterSchema.optional(),
    /** For files that hold a single profession and have no type column. */
    fixedLicenseType: licenseType.optional(),
    unknownLicenseType: unknownLicenseTypeSchema.default('error'),
    statuses: statusVocabularySchema,
    dateFormat: dateFormatSchema,
    ...commonOptions,
    // A roster download is one long response; the timeout is an idle limit between chunks.
    timeoutMs: z.number().int().min(100).max(600_000).default(60_000),
    concurrency: z.number().int().min(1).max(4).default(1),
  })
  .superRefine((s, ctx) => {
    if (!s.fixedLicenseType && !s.columns.licenseType)
      ctx.addIssue({
        code: 'custom',
        path: ['columns', 'licenseType'],
        message: 'is required without fixedLicenseType',
      });
    if (s.columns.licenseType && Object.keys(s.licenseTypes).length === 0 && !s.fixedLicenseType)
      ctx.addIssue({ code: 'custom', path: ['licenseTypes'], message: 'must map at least one license-type value' });
  });

export const htmlLookupSourceSchema = z
  .strictObject({
    kind: z.literal('html-lookup'),
    searchUrl: httpUrl,
    method: z.enum(['GET', 'POST']).default('GET'),
    /** Names of the form's query parameters; absent ones are not sent. */
    params: z
      .strictObject({
        lastName: nonEmpty.default('last_name'),
        firstName: optionalField,
        licenseNumber: optionalField,
        licenseType: optionalField,
        page: optionalField,
      })
      .prefault({}),
    /** Our type → the form's value for it (default: 'MD' / 'DO'). */
    licenseTypeValues: z.strictObject({ MD: optionalField, DO: optionalField }).optional(),
    /** Fixed form fields some boards require (hidden inputs, a profession code). */
    extraParams: z.record(z.string(), z.string()).default({}),
    selectors: z.strictObject({
      row: nonEmpty,
      licenseNumber: optionalField,
      /** One cell holding the whole name: 'Last, First Middle Suffix' or 'First Middle Last Suffix'. */
      name: optionalField,
      lastName: optionalField,
      firstName: optionalField,
      middleName: optionalField,
      suffix: optionalField,
      licenseType: optionalField,
      status: nonEmpty,
      issueDate: optionalField,
      expiryDate: optionalField,
      discipline: optionalField,
      nextPage: optionalField,
      noResults: optionalField,
    }),
    licenseTypes: licenseTypeMapSchema.default({}),
    fixedLicenseType: licenseType.optional(),
    unknownLicenseType: unknownLicenseTypeSchema.default('skip'),
    statuses: statusVocabularySchema,
    dateFormat: dateFormatSchema.default('mm/dd/yyyy'),
    pageSize: z.number().int().min(1).max(1000).default(20),
    maxPages: z.number().int().min(1).max(50).default(5),
    ...commonOptions,
    // Look-up pages are someone's public web form: stay at one or two requests at a time.
    concurrency: z.number().int().min(1).max(2, 'must be 1 or 2 for an HTML look-up').default(1),
  })
  .superRefine((s, ctx) => {
    if (!s.selectors.name && !(s.selectors.lastName && s.selectors.firstName))
      ctx.addIssue({
        code: 'custom',
        path: ['selectors', 'name'],
        message: 'is required unless both lastName and firstName selectors are given',
      });
    if (!s.fixedLicenseType && !s.selectors.licenseType)
      ctx.addIssue({
        code: 'custom',
        path: ['selectors', 'licenseType'],
        message: 'is required without fixedLicenseType',
      });
    if (s.method === 'POST' && s.selectors.nextPage && !s.params.page)
      ctx.addIssue({ code: 'custom', path: ['params', 'page'], message: 'is required to page through a POST form' });
  });

export const nppesSourceSchema = z.strictObject({
  kind: z.literal('nppes'),
  /** The API root, e.g. https://npiregistry.cms.hhs.gov/api/ */
  baseUrl: httpUrl,
  pageSize: z.number().int().min(1).max(200).default(200),
  maxSkip: z.number().int().min(0).max(1000).default(1000),
  ...commonOptions,
});

export const sourceConfigSchema = z.discriminatedUnion('kind', [
  socrataSourceSchema,
  delimitedFileSourceSchema,
  htmlLookupSourceSchema,
  nppesSourceSchema,
]);

/** What a board can use; NPPES is a national source, configured apart from the boards. */
export const boardSourceSchema = z.discriminatedUnion('kind', [
  socrataSourceSchema,
  delimitedFileSourceSchema,
  htmlLookupSourceSchema,
]);

export const boardSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z]{2}-(md|do|med)$/, "must be '<state>-<md|do|med>', e.g. 'ca-md'"),
    jurisdiction: z.enum(STATE_CODES, { error: 'must be one of the 51 jurisdiction codes (e.g. TX, DC)' }),
    /** The board's official name. */
    name: z.string().trim().min(3),
    /** The board's official site. */
    website: httpUrl,
    licenseTypes: z.array(licenseType).min(1),
    source: boardSourceSchema,
  })
  .superRefine((b, ctx) => {
    const [prefix, role] = b.id.split('-');
    if (prefix !== b.jurisdiction.toLowerCase())
      ctx.addIssue({ code: 'custom', path: ['id'], message: `must start with '${b.jurisdiction.toLowerCase()}-'` });
    const expected = role === 'md' ? ['MD'] : role === 'do' ? ['DO'] : ['DO', 'MD'];
    if ([...new Set(b.licenseTypes)].sort().join() !== expected.join())
      ctx.addIssue({
        code: 'custom',
        path: ['licenseTypes'],
        message: `must be ${expected.join(' and ')} for a '${role}' board`,
      });
  });

export type RowFilter = z.output<typeof rowFilterSchema>;
export type SocrataSourceConfig = z.output<typeof socrataSourceSchema>;
export type DelimitedFileSourceConfig = z.output<typeof delimitedFileSourceSchema>;
export type HtmlLookupSourceConfig = z.output<typeof htmlLookupSourceSchema>;
export type NppesSourceConfig = z.output<typeof nppesSourceSchema>;
export type SourceConfig = z.output<typeof sourceConfigSchema>;
export type BoardSourceConfig = z.output<typeof boardSourceSchema>;
export type SourceKind = SourceConfig['kind'];
export type BoardSourceKind = BoardSourceConfig['kind'];
export type Board = z.output<typeof boardSchema>;
/** What configuration data is written as: defaults may be left out. */
export type BoardInput = z.input<typeof boardSchema>;
export type BoardSourceInput = z.input<typeof boardSourceSchema>;
export type NppesSourceInput = z.input<typeof nppesSourceSchema>;

/** A board narrowed to one source kind, as each source module takes it. */
export type BoardWith<K extends BoardSourceKind> = Omit<Board, 'source'> & {
  source: Extract<BoardSourceConfig, { kind: K }>;
};
