import { MANUAL_REASONS } from '@licensewatch/shared/license-sources';
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

/**
 * Board text → MD/DO, matched like statuses. `either`: the board issues one physician license to MDs
 * and DOs alike and does not say which (the registry stores no type; it matches a physician of either).
 */
const licenseTypeOrEither = z.enum([...LICENSE_TYPES, 'either']);
const licenseTypeMapSchema = z.record(z.string(), licenseTypeOrEither);

/**
 * How a source writes dates. `iso`: YYYY-MM-DD, optionally followed by a time (Socrata floating
 * timestamps). `mm/dd/yyyy`: one- or two-digit month and day, optionally followed by a time.
 */
export const dateFormatSchema = z.enum(['iso', 'mm/dd/yyyy', 'yyyymmdd']);

/** One format, or several a source is known to mix (each tried in turn; they cannot be confused). */
const dateFormatsSchema = z.union([dateFormatSchema, z.array(dateFormatSchema).min(1)]);

const regexSource = z.string().refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { error: 'must be a valid regular expression' },
);

/** One column, or several read in order (statuses, discipline). */
const oneOrMoreColumns = z.union([z.string().trim().min(1), z.array(z.string().trim().min(1)).min(1)]);

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
  /**
   * The name `sources:probe` searches a look-up board for (choose-probe-name.ts): one the board surely
   * lists. Absent: a common surname of the state.
   */
  probe: z.strictObject({ lastName: nonEmpty, firstName: nonEmpty.optional() }).optional(),
};

const optionalField = nonEmpty.optional();

/**
 * How a bulk source's cells become our fields (sources/read-row-fields.ts), for the ways real lists
 * write them (docs/sources.md): placeholders, statuses spread over two columns, flags for discipline,
 * names in one column, numbers printed without their prefix.
 */
const rowReadingOptions = {
  /** Cell texts that mean "not published" in any column (Illinois writes 'None' and '/ /'). */
  blankValues: z.array(z.string()).default([]),
  /**
   * Status words a list puts in a status column when it has nothing to say there, so the next status
   * column decides ('NONE' in Texas's license_status, 'Clear' in Florida's License-Status-Description).
   */
  statusPassWords: z.array(z.string()).default([]),
  /** Discipline cell texts → what is stored: null for none ('N', 'No'), a sentence for a bare flag ('Yes'). */
  disciplineWords: z.record(z.string(), z.string().nullable()).default({}),
  /** First-name cells that also hold the middle name or initial ('ADA M'): split when no middle is given. */
  firstNameHoldsMiddle: z.boolean().default(false),
  /** A combined name column's order: 'LAST, FIRST MIDDLE' or 'FIRST MIDDLE LAST SUFFIX'. */
  nameOrder: z.enum(['last-first', 'first-last']).default('last-first'),
  /** License numbers rewritten before they are stored ('MD.MD.60441019' → 'MD60441019'). */
  licenseNumberRewrite: z.strictObject({ pattern: regexSource, replacement: z.string() }).optional(),
  /**
   * The list prints the number without its letter prefix, which another column holds (Florida's
   * Rank-Code 'ME', Colorado's licensetype 'DR'): the stored number is prefix, separator, digits.
   */
  licenseNumberPrefix: z
    .strictObject({
      column: nonEmpty,
      separator: z.string().max(3).default(''),
      /** Digits padded with zeros to this width ('35255' → '0035255'). */
      padDigits: z.number().int().min(1).max(12).optional(),
    })
    .optional(),
  /** MD or DO told by the number's form where no column says (Ohio: '34.' is DO, '35.' MD). */
  licenseTypeByNumber: z.array(z.strictObject({ pattern: regexSource, type: licenseType })).default([]),
  /** A list without a status column that holds active licenses only: every row reads this status. */
  impliedStatus: nonEmpty.optional(),
  /**
   * The board publishes its active licensees only: a license that leaves the list is no longer active
   * (it is not "removed"), and an expired one is never published, so "none found" proves nothing.
   */
  activeOnly: z.boolean().default(false),
};

/** The columns that feed our fields; a combined `name` stands for lastName + firstName. */
const fieldColumns = {
  licenseNumber: nonEmpty,
  lastName: optionalField,
  firstName: optionalField,
  middleName: optionalField,
  suffix: optionalField,
  /** One column holding the whole name, in `nameOrder`. */
  name: optionalField,
  licenseType: optionalField,
  /** Read in order: the first that says something decides; the board's own words keep them all. */
  status: oneOrMoreColumns.optional(),
  issueDate: optionalField,
  expiryDate: optionalField,
  /** Read in order; what each says is kept, joined. */
  discipline: oneOrMoreColumns.optional(),
};

/** The checks every bulk source's columns and reading share. */
function checkRowReading(
  source: { impliedStatus?: string | undefined },
  columns: {
    name?: string | undefined;
    lastName?: string | undefined;
    firstName?: string | undefined;
    status?: unknown;
  },
  path: string,
  ctx: z.RefinementCtx,
) {
  if (!columns.name && !(columns.lastName && columns.firstName))
    ctx.addIssue({
      code: 'custom',
      path: [path, 'name'],
      message: 'is required unless both lastName and firstName are given',
    });
  if (!columns.status && !source.impliedStatus)
    ctx.addIssue({ code: 'custom', path: [path, 'status'], message: 'is required without impliedStatus' });
}

const envVariable = z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'must be an environment variable name (A_Z0_9)');

/**
 * What must hold before a bulk source runs. Until it does, the board's method is `off` and says why
 * (describe-board-method.ts); a person can still verify its licenses by hand.
 */
const prerequisiteOptions = {
  /**
   * The board grants its data on terms (California DCA: "for non-commercial use only"): the source
   * stays off until the operator states in the configuration that their use is allowed.
   */
  licenceTerms: z.strictObject({ terms: nonEmpty, useAllowed: z.boolean().default(false) }).optional(),
  /**
   * The download needs an account (Florida MQA): the environment variables named here hold its user
   * name (an e-mail address) and password; `signUpUrl` is where an operator gets one. `signInUrl`: the
   * portal's page that sends a visitor who is not signed in to its Azure AD B2C sign-in, the one
   * sign-in the evidence shows (sources/sign-in-azure-b2c.ts); the files are then downloaded with the
   * session it opens.
   */
  account: z
    .strictObject({
      usernameVariable: envVariable,
      passwordVariable: envVariable,
      signUpUrl: httpUrl,
      signInUrl: httpUrl,
    })
    .optional(),
  /**
   * What the operator must give before the source can run, in words (Missouri: the address of a file
   * its portal does not publish). The source is off while this is set; an override that supplies the
   * missing value removes it (`"offUntil": null`).
   */
  offUntil: nonEmpty.optional(),
};

const socrataDatasetId = z.string().regex(/^[a-z0-9]{4}-[a-z0-9]{4}$/, "must look like a Socrata id ('qxh8-f4bd')");

export const socrataSourceSchema = z
  .strictObject({
    kind: z.literal('socrata'),
    /** Site root, e.g. https://data.wa.gov; the resource URL is `${baseUrl}/resource/${datasetId}.json`. */
    baseUrl: httpUrl,
    datasetId: socrataDatasetId,
    /** Our field → the dataset's field (column) name. */
    fieldMap: z.strictObject(fieldColumns),
    /** Credential-type text → MD/DO (or `either`). */
    licenseTypes: licenseTypeMapSchema.default({}),
    /** For a dataset whose rows are all of one kind and say nothing more (rare for Socrata). */
    fixedLicenseType: licenseTypeOrEither.optional(),
    unknownLicenseType: unknownLicenseTypeSchema.default('skip'),
    statuses: statusVocabularySchema,
    dateFormat: dateFormatsSchema.default('iso'),
    pageSize: z.number().int().min(1).max(50_000).default(1000),
    /** Rows of other boards in a shared dataset (e.g. `{column: 'state', equals: 'TX'}`); pushed into `$where`. */
    filter: rowFilterSchema.optional(),
    /** SoQL `$where` clause per license type, so a multi-profession dataset is read one profession at a time. */
    where: z.strictObject({ MD: optionalField, DO: optionalField }).optional(),
    /** Socrata pages are only stable under an explicit order. */
    order: nonEmpty.default(':id'),
    /**
     * The dataset repeats a licence's row once per disciplinary case (Colorado): read in licence-number
     * order (`order`), a licence's rows become one record, its cases' discipline joined.
     */
    rowPerCase: z.boolean().default(false),
    /**
     * The board's disciplinary actions, published as a dataset of their own on the same portal
     * (Delaware's dz6p-akeq): each action joined to its licence by number, its date and text become the
     * licence's discipline, in place of the bare flag the licence row may carry.
     */
    disciplineDataset: z
      .strictObject({
        datasetId: socrataDatasetId,
        /** The column holding the licence number the action concerns. */
        licenseNumber: nonEmpty,
        /** When the action took effect (a floating timestamp or a date in `dateFormat`). */
        date: optionalField,
        /** What the board did. */
        text: nonEmpty,
      })
      .optional(),
    /**
     * How a name search compares: real Socrata compares text case-sensitively. `upper`: the dataset
     * publishes upper-case names; `insensitive`: it mixes case, so `upper(field)` is compared (Colorado,
     * Washington); `as-given`: sent as typed.
     */
    searchCase: z.enum(['upper', 'insensitive', 'as-given']).default('upper'),
    ...rowReadingOptions,
    ...commonOptions,
    ...prerequisiteOptions,
  })
  .superRefine((s, ctx) => {
    checkRowReading(s, s.fieldMap, 'fieldMap', ctx);
    if (!s.fixedLicenseType && !s.fieldMap.licenseType)
      ctx.addIssue({
        code: 'custom',
        path: ['fieldMap', 'licenseType'],
        message: 'is required without fixedLicenseType',
      });
  });

export const delimitedFileSourceSchema = z
  .strictObject({
    kind: z.literal('delimited-file'),
    url: httpUrl,
    /**
     * Further files of the same layout that, with `url`, make the board's one list (Missouri: its MDs
     * in MED.ZIP, its DOs in OPS.ZIP). They are read in turn as one bulk file, so an ingest sees the whole
     * list (an active-only list's removals stay right), and each must hold rows of the board's.
     * `zipEntry` names a ZIP's file as `zip.entry` does for `url` (default: the first file).
     */
    moreFiles: z.array(z.strictObject({ url: httpUrl, zipEntry: optionalField })).optional(),
    /**
     * Present when `url` (and each of `moreFiles`) is a page whose form, posted back, answers with the
     * file (ASP.NET WebForms: Alabama's roster.aspx). The page is read first and its form sent back as a
     * browser sends it — hidden state (__VIEWSTATE, __EVENTVALIDATION…), every field's value, the
     * page's cookies — pressing the submit button named `submit` (by name, else id), or else the form's
     * first (sources/read-post-back-form.ts). A page answered instead of a file fails the read.
     */
    postBack: z.strictObject({ submit: optionalField }).optional(),
    /**
     * `url` is a page that links the file by its text (West Virginia's Rosters.asp page: "Roster of
     * Medical Doctors"): the page is read and the first link whose text holds `text` (case and spacing
     * aside) is followed, each time, so a file the board renames each month is still found
     * (sources/find-linked-file.ts). A page without such a link fails the read, naming its links.
     */
    link: z.strictObject({ text: nonEmpty }).optional(),
    /**
     * The board's list is in a public Box folder (California DCA's licensee lists): `url` is the page
     * that embeds it. A read token comes from the publisher's `tokenUrl`; the board's sub-folder of
     * `rootFolderId` is the one whose name starts `folderPrefix`, and its files whose names hold
     * `fileMarker` are read in name order as one list (sources/list-box-folder-files.ts).
     */
    boxFolder: z
      .strictObject({
        tokenUrl: httpUrl,
        apiUrl: httpUrl.default('https://api.box.com/2.0'),
        rootFolderId: z.string().regex(/^\d+$/, 'must be a Box folder id (digits)'),
        folderPrefix: nonEmpty,
        fileMarker: nonEmpty.default('_Data'),
      })
      .optional(),
    /** The field separator of a text file; not used (and not needed) when the download is a `workbook`. */
    delimiter: z.string().length(1, 'must be one character').optional(),
    /** `false` for files that never quote (a stray `"` in a name must not swallow the rest of the file). */
    quote: z.union([z.string().length(1), z.literal(false)]).default('"'),
    encoding: z.enum(['utf-8', 'latin1']).default('utf-8'),
    /** Only for files whose quoted fields contain line breaks; otherwise an unclosed quote is one bad row. */
    multilineFields: z.boolean().default(false),
    /**
     * The header is the first line whose first cell is this ('License #'): lines before it (a title, a
     * date) are skipped. Absent: the header is the first line.
     */
    headerStartsWith: nonEmpty.optional(),
    /** Present when the download is a ZIP; `entry` picks the file inside (default: the first file). */
    zip: z.strictObject({ entry: optionalField }).optional(),
    /**
     * Present when the download is an Excel workbook (.xlsx; West Virginia's bulk file): the rows are those
     * of the sheet named `sheet` (matched like headers), read as text with the same header, columns and
     * row reading as a delimited file; a date cell is written in the first `dateFormat`, so it reads as
     * a text date would. `delimiter`, `quote`, `encoding` and `multilineFields` are then not used. A
     * workbook is read whole, up to 32 MB unpacked (sources/read-workbook-sheet.ts).
     */
    workbook: z.strictObject({ sheet: nonEmpty }).optional(),
    /** Our field → the header text of its column (matched case-insensitively). */
    columns: z.strictObject(fieldColumns),
    /** License-type column value → MD/DO (or `either`). */
    licenseTypes: licenseTypeMapSchema.default({}),
    /** Rows of other boards in a shared file: `column` is a header, like those in `columns`. */
    filter: rowFilterSchema.optional(),
    /** For files that hold a single profession and have no type column (`either`: physicians, MD or DO unsaid). */
    fixedLicenseType: licenseTypeOrEither.optional(),
    unknownLicenseType: unknownLicenseTypeSchema.default('error'),
    statuses: statusVocabularySchema,
    dateFormat: dateFormatsSchema,
    ...rowReadingOptions,
    ...commonOptions,
    ...prerequisiteOptions,
    // A bulk-file download is one long response; the timeout is an idle limit between chunks.
    timeoutMs: z.number().int().min(100).max(600_000).default(60_000),
    concurrency: z.number().int().min(1).max(4).default(1),
  })
  .superRefine((s, ctx) => {
    checkRowReading(s, s.columns, 'columns', ctx);
    if (s.delimiter === undefined && !s.workbook)
      ctx.addIssue({ code: 'custom', path: ['delimiter'], message: 'is required unless the download is a workbook' });
    if (s.boxFolder && (s.postBack || s.moreFiles || s.link))
      ctx.addIssue({
        code: 'custom',
        path: ['boxFolder'],
        message: 'lists the files itself: no postBack, moreFiles or link',
      });
    if (s.link && (s.postBack || s.moreFiles))
      ctx.addIssue({
        code: 'custom',
        path: ['link'],
        message: 'follows one link to one file: no postBack or moreFiles',
      });
    s.moreFiles?.forEach((file, i) => {
      if (file.zipEntry !== undefined && !s.zip)
        ctx.addIssue({ code: 'custom', path: ['moreFiles', i, 'zipEntry'], message: 'is for a ZIP download (zip)' });
    });
    // Ohio's list names no type: its numbers say MD or DO, and rows numbered otherwise are skipped.
    if (!s.fixedLicenseType && !s.columns.licenseType && s.licenseTypeByNumber.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['columns', 'licenseType'],
        message: 'is required without fixedLicenseType or licenseTypeByNumber',
      });
    if (s.columns.licenseType && Object.keys(s.licenseTypes).length === 0 && !s.fixedLicenseType)
      ctx.addIssue({ code: 'custom', path: ['licenseTypes'], message: 'must map at least one license-type value' });
  });

/**
 * Where a field is read on a look-up's detail page: a CSS selector, or the value beside its label —
 * a table's next cell (Virginia's `<th>Expire Date</th><td>…</td>`), a definition's `dd`, or the rest
 * of the element that holds an inline label (Kansas's `<li><strong>License Expiration Date:</strong> …`).
 * A label is compared case-insensitively, a trailing colon aside.
 */
const lookupDetailField = z.union([nonEmpty, z.strictObject({ label: nonEmpty })]);

export const htmlLookupSourceSchema = z
  .strictObject({
    kind: z.literal('html-lookup'),
    searchUrl: httpUrl,
    /** Where the search by number is sent when the board has a form of its own for it (Virginia's /Lookup/Result). */
    numberSearchUrl: httpUrl.optional(),
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
    /**
     * How a typed number is written before it is sent, in the board's own form: rewritten when it
     * matches `rewrite.pattern` (Kansas: '0442330' → '04-42330'), then, when it is all digits, padded
     * with zeros to `padDigits` (Virginia: '101245340' → '0101245340').
     */
    numberQuery: z
      .strictObject({
        rewrite: z.strictObject({ pattern: regexSource, replacement: z.string() }).optional(),
        padDigits: z.number().int().min(1).max(20).optional(),
      })
      .optional(),
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
      /** Required unless the detail page gives the status. */
      status: optionalField,
      issueDate: optionalField,
      expiryDate: optionalField,
      discipline: optionalField,
      nextPage: optionalField,
      noResults: optionalField,
    }),
    /**
     * Words the board prints when nothing matched ('Total Matches Found: 0'), found case-insensitively
     * in the page's text: a page without rows saying them is the board's "no results". With neither
     * these nor `selectors.noResults`, a page without rows is taken as no results unverified.
     */
    noResultsText: optionalField,
    /**
     * Words the board prints instead of rows when a search matches more than it shows (Virginia:
     * "returned too many records"): a surname search is narrowed by the first name.
     */
    tooManyText: optionalField,
    /**
     * The result rows sit under heading rows (Virginia's occupations): a row in which `heading` finds
     * an element is a heading, whose text is the license type of the rows below it. Rows under a
     * heading the license-type map does not know are another profession's, and are not read.
     */
    groups: z.strictObject({ heading: nonEmpty }).optional(),
    /**
     * The row's link to its detail page (`link`, a selector in the row for an `<a href>`) and the fields
     * read there, each replacing the list's. Followed for rows that may be the physician asked about —
     * the same surname for a name search, every row for a number — at most `maxDetails` per search,
     * first initials alike first. A row whose detail is not read and whose list gives no number is left
     * out: without one it cannot be told apart.
     */
    detail: z
      .strictObject({
        link: nonEmpty,
        fields: z.strictObject({
          licenseNumber: lookupDetailField.optional(),
          licenseType: lookupDetailField.optional(),
          status: lookupDetailField.optional(),
          issueDate: lookupDetailField.optional(),
          expiryDate: lookupDetailField.optional(),
          discipline: lookupDetailField.optional(),
        }),
        maxDetails: z.number().int().min(1).max(50).default(10),
      })
      .optional(),
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
    if (!s.fixedLicenseType && !s.selectors.licenseType && !s.groups && !s.detail?.fields.licenseType)
      ctx.addIssue({
        code: 'custom',
        path: ['selectors', 'licenseType'],
        message: 'is required without fixedLicenseType, groups or a detail licenseType',
      });
    if (!s.selectors.status && !s.detail?.fields.status)
      ctx.addIssue({
        code: 'custom',
        path: ['selectors', 'status'],
        message: 'is required unless the detail page gives the status',
      });
  });

/**
 * A control of an ASP.NET page, as the evidence names it: its id (`ctl00_MainContent_txtLastName`,
 * written without '#'), else its name (`t_web_lookup__last_name`). The adapter sends it under the
 * name the page gives it (`ctl00$MainContent$txtLastName`).
 */
const controlRef = z.string().regex(/^[A-Za-z_][\w$:.-]*$/, 'must be a control id or name, without #');

/**
 * Where a field is read in a result row: the row's own cell at this 0-based position (a cell's nested
 * tables stay inside it: mylicense.com's name cell), or that cell's text matched by `pattern`, whose
 * first group is the value (Wyoming's one cell "Expires 06/30/2027; Active").
 */
const cellRef = z.union([
  z.number().int().min(0).max(40),
  z.strictObject({ cell: z.number().int().min(0).max(40), pattern: regexSource }),
]);

/**
 * Where a field is read on a detail page: a CSS selector (New Jersey's `#expiration_date`), or the
 * text of the cell after the one that reads `label` (Indiana's label/value table: "Expiration").
 */
const detailFieldRef = z.union([nonEmpty, z.strictObject({ label: nonEmpty })]);

/**
 * An ASP.NET WebForms look-up (docs/sources.md, Adapters): the search page is read, its form posted
 * back as a browser sends it — __VIEWSTATE, __VIEWSTATEGENERATOR, __EVENTVALIDATION, every field, the
 * page's cookies — with the search's controls filled and its button pressed. Result pages follow
 * through the grid's `__doPostBack` pager; a row's detail page is read when the list lacks a field.
 * The board platforms built on WebForms differ only in this configuration: GLSuite (Arizona MD,
 * Wyoming), Accela Citizen Access (Michigan), mylicense.com (Indiana, New Jersey, Rhode Island),
 * Maine's ALMS, Kentucky's GenSearch, Arkansas's own.
 */
export const aspnetFormSourceSchema = z
  .strictObject({
    kind: z.literal('aspnet-form'),
    /** Which product the board runs, for operators and docs/sources.md. */
    platform: z.enum(['webforms', 'glsuite', 'accela', 'mylicense']),
    /** The search page: read before every search, its form is what is posted back. */
    pageUrl: httpUrl,
    /** A terms-of-use page shown before the search (Texas): the button that accepts them. */
    acceptTerms: z.strictObject({ button: controlRef }).optional(),
    /** Controls set on every search: a select's option value or a text box's text (Maine's regulator). */
    set: z.record(controlRef, z.string()).default({}),
    /** The search by name: its boxes, the radios or boxes checked for it, the button pressed. */
    byName: z.strictObject({
      lastName: controlRef,
      firstName: controlRef.optional(),
      check: z.array(controlRef).default([]),
      button: controlRef,
    }),
    /** The search by license number, when the board has one. */
    byNumber: z
      .strictObject({ licenseNumber: controlRef, check: z.array(controlRef).default([]), button: controlRef })
      .optional(),
    /** A control posted back after the search to show the results as a grid (Kentucky's "Grid" view). */
    afterSearch: z.strictObject({ postBack: controlRef }).optional(),
    results: z.strictObject({
      /** One result row (header rows excluded by the selector or by having no `td`). */
      row: nonEmpty,
      /** Our fields → where each is read in the row. */
      cells: z.strictObject({
        name: cellRef.optional(),
        lastName: cellRef.optional(),
        firstName: cellRef.optional(),
        middleName: cellRef.optional(),
        suffix: cellRef.optional(),
        licenseNumber: cellRef,
        licenseType: cellRef.optional(),
        status: cellRef.optional(),
        issueDate: cellRef.optional(),
        expiryDate: cellRef.optional(),
        discipline: cellRef.optional(),
      }),
      /** Words the board prints when nothing matched ("No records found"), compared case-insensitively. */
      noResults: nonEmpty,
      /** The most rows the board shows for one search (Rhode Island: 200); more are cut off. */
      cap: z.number().int().min(1).optional(),
    }),
    /** The pager's link to the next page: a `__doPostBack` link or an address. */
    pager: z.strictObject({ next: nonEmpty }).optional(),
    /**
     * The row's link to its detail page (an address or a `__doPostBack` link) and the fields read
     * there; a field found on the detail page replaces the list's. Read only for rows that could be
     * the physician asked about (same surname and first initial), at most `maxDetails` per search.
     */
    detail: z
      .strictObject({
        link: nonEmpty,
        fields: z.strictObject({
          status: detailFieldRef.optional(),
          licenseType: detailFieldRef.optional(),
          issueDate: detailFieldRef.optional(),
          expiryDate: detailFieldRef.optional(),
          discipline: detailFieldRef.optional(),
        }),
        maxDetails: z.number().int().min(1).max(50).default(10),
      })
      .optional(),
    nameOrder: z.enum(['last-first', 'first-last']).default('last-first'),
    licenseTypes: licenseTypeMapSchema.default({}),
    fixedLicenseType: licenseType.optional(),
    unknownLicenseType: unknownLicenseTypeSchema.default('skip'),
    statuses: statusVocabularySchema,
    dateFormat: dateFormatsSchema.default('mm/dd/yyyy'),
    maxPages: z.number().int().min(1).max(50).default(5),
    ...commonOptions,
    // A board's public form: one request at a time, as a person would.
    concurrency: z.number().int().min(1).max(2, 'must be 1 or 2 for a look-up').default(1),
  })
  .superRefine((s, ctx) => {
    const c = s.results.cells;
    if (c.name === undefined && !(c.lastName !== undefined && c.firstName !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['results', 'cells', 'name'],
        message: 'is required unless both lastName and firstName cells are given',
      });
    if (!s.fixedLicenseType && c.licenseType === undefined && !s.detail?.fields.licenseType)
      ctx.addIssue({
        code: 'custom',
        path: ['results', 'cells', 'licenseType'],
        message: 'is required without fixedLicenseType',
      });
    if (c.status === undefined && !s.detail?.fields.status)
      ctx.addIssue({
        code: 'custom',
        path: ['results', 'cells', 'status'],
        message: 'is required unless the detail page gives the status',
      });
  });

// ── JSON-API look-ups ───────────────────────────────────────────────────────────────────────────
// Boards whose look-up page is a single-page app over a public JSON API: the adapter asks the API as
// the page does (sources/nysed-rosa-source.ts, sources/massachusetts-medboard-source.ts).

/**
 * A key the board's own page sends with every call to its API, published in the page's script: held
 * in the environment variable named here, because the board may change it. Unset, the board is off
 * and the operator is told where to find it (describe-board-method.ts).
 */
const publishedApiKeySchema = z.strictObject({
  /** The request header the page sends it in. */
  header: nonEmpty,
  variable: envVariable,
  /** The page whose script holds the current key. */
  publishedAt: httpUrl,
});

/** Look-up APIs are a board's public service too: one or two requests at a time. */
const jsonApiConcurrency = z.number().int().min(1).max(2, 'must be 1 or 2 for a look-up').default(1);

/**
 * NYSED's ROSA API (New York, BOARDS.md row 38, PSV): `${apiUrl}/byProfessionAndName` answers
 * `{content: [...]}`, at most `cap` rows of any profession (`professionCode=ALL`) or of one, without
 * their status; `${apiUrl}/byProfessionAndLicenseNumber` answers one licence of one profession in full.
 * Every field is `{value, label}`; names are 'LAST FIRST MIDDLE', dates 'April 30, 2029'.
 */
export const nysedRosaSourceSchema = z.strictObject({
  kind: z.literal('nysed-rosa'),
  /** The API root, e.g. https://api.nysed.gov/rosa/V2 */
  apiUrl: httpUrl,
  apiKey: publishedApiKeySchema,
  /**
   * The board's physician profession codes → MD/DO (`either`: the answer does not say which), in the
   * order a licence number is tried: the number look-up needs one profession.
   */
  licenseTypes: z
    .record(z.string().regex(/^\d{3}$/, 'must be a three-digit NYSED profession code'), licenseTypeOrEither)
    .refine((types) => Object.keys(types).length > 0, { error: 'must list at least one profession code' }),
  /** The most rows a name search answers; a full answer may have cut the physician off. */
  cap: z.number().int().min(1).max(1000).default(10),
  /** The digits of a licence number as the API stores it: a shorter one is padded with zeros. */
  numberDigits: z.number().int().min(1).max(12).default(6),
  statuses: statusVocabularySchema,
  ...commonOptions,
  concurrency: jsonApiConcurrency,
});

/**
 * The Massachusetts Board of Registration in Medicine's search API (BOARDS.md row 25, PSV): a JSON
 * POST to `searchUrl` by name or by licence number, answered `{results: {data: [...]}}` with
 * `fullName` ('First Middle Last'), `licenseNumber`, `degree`, `profileStatus`, `originalDate`,
 * `expirationDate`. The board also licenses acupuncturists: `degrees` tells its physicians apart.
 */
export const massachusettsMedboardSourceSchema = z.strictObject({
  kind: z.literal('massachusetts-medboard'),
  searchUrl: httpUrl,
  /** The row's `degree` matched in turn (case-insensitively); a row no pattern matches is another profession's. */
  degrees: z.array(z.strictObject({ pattern: regexSource, type: licenseTypeOrEither })).min(1),
  statuses: statusVocabularySchema,
  dateFormat: dateFormatsSchema.default('iso'),
  ...commonOptions,
  concurrency: jsonApiConcurrency,
});
// ── end of JSON-API look-ups ────────────────────────────────────────────────────────────────────

// --- browser look-ups (sources/browser-lookup-source.ts) -----------------------------------------------

/**
 * What a browser step puts in a control: one of the search's values. `licenseNumber` only in a
 * search by number; the names only in a search by name.
 */
const browserValueSchema = z.enum(['lastName', 'firstName', 'licenseNumber']);

/**
 * One action of a search, as a person does it on the board's page. Selectors here are Playwright's:
 * CSS, plus `:has-text()` and `:text-is()` for controls the page names only by their text (Salesforce's
 * inputs found by their label, Idaho's tiles). Each waits for its control to show.
 * - `click`: press a link, tab or button (Idaho's "Search for Individual Licenses" tile).
 * - `fill`: set a box's text at once, as a paste does.
 * - `type`: type the text key by key, for apps that listen to key events and ignore a pasted value
 *   (Idaho's Angular form, PSV).
 * - `select`: choose a `<select>`'s option by its label or value (Nevada's "search by").
 */
const browserStepSchema = z.union([
  z.strictObject({ click: nonEmpty }),
  z.strictObject({ fill: nonEmpty, with: browserValueSchema }),
  z.strictObject({ type: nonEmpty, with: browserValueSchema }),
  z.strictObject({ select: nonEmpty, option: nonEmpty }),
]);

/** A search: its steps, then the button pressed to run it. */
const browserSearchSchema = z.strictObject({ steps: z.array(browserStepSchema).min(1), submit: nonEmpty });

/**
 * Where a field is read in a rendered result row or on a detail page, inside the page itself (so CSS,
 * not Playwright's extensions): the row's own cell at this 0-based position (its `td`/`th` children:
 * Salesforce puts the number in a `th`), an element found by CSS selector, the value beside a label
 * ("Expiration Date": the next element after the one reading it, as in dt/dd and label/value pairs;
 * several labels are tried in order), or any of these matched by `pattern`, whose first group is the
 * value.
 */
const browserFieldRefSchema = z.union([
  z.number().int().min(0).max(40),
  nonEmpty,
  z.strictObject({ label: z.union([nonEmpty, z.array(nonEmpty).min(1)]) }),
  z.strictObject({
    cell: z.number().int().min(0).max(40).optional(),
    selector: optionalField,
    pattern: regexSource,
  }),
]);

const browserFieldsSchema = z.strictObject({
  name: browserFieldRefSchema.optional(),
  lastName: browserFieldRefSchema.optional(),
  firstName: browserFieldRefSchema.optional(),
  middleName: browserFieldRefSchema.optional(),
  suffix: browserFieldRefSchema.optional(),
  licenseNumber: browserFieldRefSchema.optional(),
  licenseType: browserFieldRefSchema.optional(),
  status: browserFieldRefSchema.optional(),
  issueDate: browserFieldRefSchema.optional(),
  expiryDate: browserFieldRefSchema.optional(),
  discipline: browserFieldRefSchema.optional(),
});

/**
 * A board whose look-up is a single-page app with no HTML or JSON protocol a plain HTTP client can
 * speak (real-sources BOARDS.md §6, "Browser required": Thentia Cloud, Salesforce Experience Cloud,
 * Angular, Next.js): the system Chromium loads the page, does what a person does, and reads what it
 * renders. Optional in a deployment: without Chromium the board is off and says it needs a browser.
 */
export const browserLookupSourceSchema = z
  .strictObject({
    kind: z.literal('browser'),
    /** Which product the board runs, for operators and docs/sources.md; the configuration does the rest. */
    platform: z.enum(['thentia', 'salesforce', 'angular', 'nextjs', 'spa']),
    /** The page a person opens to search (a `#/route` fragment is kept: the app routes on it). */
    pageUrl: httpUrl,
    byName: browserSearchSchema,
    /** The search by license number, when the board has one. */
    byNumber: browserSearchSchema.optional(),
    results: z.strictObject({
      /** One rendered result (a table row, a card), as CSS. */
      row: nonEmpty,
      cells: browserFieldsSchema,
      /**
       * Words the board shows when nothing matched, compared case-insensitively with the page's
       * visible text only: Oregon's template always holds its "No results were found." hidden (PSV).
       */
      noResults: z.array(nonEmpty).min(1),
      /** The pager's next-page control (Playwright selector); absent: one page of results. */
      nextPage: optionalField,
    }),
    /**
     * A row's link or button to its detail (Playwright selector, inside the row), the detail's mark
     * that it has rendered (Playwright selector), and the fields read there, which replace the row's.
     * Followed only for rows that could be the physician asked about (same surname, same first
     * initial, or every row of a search by number), at most `maxDetails` per search.
     */
    detail: z
      .strictObject({
        link: nonEmpty,
        wait: nonEmpty,
        fields: browserFieldsSchema,
        maxDetails: z.number().int().min(1).max(20).default(5),
      })
      .optional(),
    licenseTypes: licenseTypeMapSchema.default({}),
    fixedLicenseType: licenseTypeOrEither.optional(),
    unknownLicenseType: unknownLicenseTypeSchema.default('skip'),
    statuses: statusVocabularySchema,
    /**
     * The shared formats, and `dd-mon-yyyy` ('05-Mar-2027'), the one Idaho's app shows first in
     * PSV's list: read by this kind alone, before the shared date reading.
     */
    dateFormat: z
      .union([
        z.enum([...dateFormatSchema.options, 'dd-mon-yyyy']),
        z.array(z.enum([...dateFormatSchema.options, 'dd-mon-yyyy'])).min(1),
      ])
      .default('mm/dd/yyyy'),
    maxPages: z.number().int().min(1).max(20).default(3),
    /**
     * The least time between two page loads or clicks that ask the board for something (PSV paces
     * each board at 0.5–2 s): a browser asks for more than a form post does.
     */
    pauseMs: z.number().int().min(0).max(60_000).default(1_500),
    /**
     * How long a page may sit with no request in flight before a control or result that has not
     * shown is taken as absent: a single-page app renders within moments of its last answer, and
     * waiting out the whole timeout would only delay the report that the board changed its page. A
     * board whose app pauses longer between its answers gets more.
     */
    quietMs: z.number().int().min(500).max(60_000).default(3_000),
    ...commonOptions,
    // A page per search on someone's public site: one at a time, as a person would.
    timeoutMs: z.number().int().min(1_000).max(600_000).default(30_000),
    concurrency: z.literal(1).default(1),
  })
  .superRefine((s, ctx) => {
    const c = s.results.cells;
    const d = s.detail?.fields ?? {};
    const has = (field: keyof typeof c) => c[field] !== undefined || d[field] !== undefined;
    if (!has('name') && !(has('lastName') && has('firstName')))
      ctx.addIssue({
        code: 'custom',
        path: ['results', 'cells', 'name'],
        message: 'is required unless both lastName and firstName are read',
      });
    if (!s.fixedLicenseType && !has('licenseType'))
      ctx.addIssue({
        code: 'custom',
        path: ['results', 'cells', 'licenseType'],
        message: 'is required without fixedLicenseType',
      });
    if (!has('status'))
      ctx.addIssue({
        code: 'custom',
        path: ['results', 'cells', 'status'],
        message: 'is required unless the detail page gives the status',
      });
    if (!has('licenseNumber'))
      ctx.addIssue({
        code: 'custom',
        path: ['results', 'cells', 'licenseNumber'],
        message: 'is required unless the detail page gives the number',
      });
    const uses = (search: z.output<typeof browserSearchSchema> | undefined, value: string) =>
      search?.steps.some((step) => 'with' in step && step.with === value) ?? false;
    if (!uses(s.byName, 'lastName'))
      ctx.addIssue({ code: 'custom', path: ['byName', 'steps'], message: 'must put the lastName in a control' });
    if (s.byNumber && !uses(s.byNumber, 'licenseNumber'))
      ctx.addIssue({ code: 'custom', path: ['byNumber', 'steps'], message: 'must put the licenseNumber in a control' });
  });

// --- end of browser look-ups -------------------------------------------------------------------------

/**
 * A board no machine may read (docs/sources.md): a person verifies each license on the board's look-up
 * page (the board's `lookupUrl`) and records it with evidence on the report. Also what an operator
 * sets to switch a board's automated source off.
 */
export const manualSourceSchema = z.strictObject({
  kind: z.literal('manual'),
  reason: z.enum(MANUAL_REASONS),
  /** What stops a machine, with its evidence: shown to operators and in docs/sources.md. */
  detail: nonEmpty,
  notes: z.string().optional(),
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
  aspnetFormSourceSchema,
  nysedRosaSourceSchema,
  massachusettsMedboardSourceSchema,
  browserLookupSourceSchema,
  manualSourceSchema,
  nppesSourceSchema,
]);

/** What a board can use; NPPES is a national source, configured apart from the boards. */
export const boardSourceSchema = z.discriminatedUnion('kind', [
  socrataSourceSchema,
  delimitedFileSourceSchema,
  htmlLookupSourceSchema,
  aspnetFormSourceSchema,
  nysedRosaSourceSchema,
  massachusettsMedboardSourceSchema,
  browserLookupSourceSchema,
  manualSourceSchema,
]);

export const boardSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z]{2}-(md|do|med)$/, "must be '<state>-<md|do|med>', e.g. 'ca-md'"),
    jurisdiction: z.enum(STATE_CODES, { error: 'must be one of the 51 jurisdiction codes (e.g. TX, DC)' }),
    /** The board's official name. */
    name: z.string().trim().min(3),
    /** The board's official site. */
    website: httpUrl,
    /**
     * The board's public license look-up, where a person checks a license by hand: the link a report
     * gives when the board must be verified by hand, and the page a look-up source reads.
     */
    lookupUrl: httpUrl,
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
    // Only a board licensing both can leave the type unsaid: an MD board's rows are MDs'.
    const source = b.source as { fixedLicenseType?: string; licenseTypes?: Record<string, string> };
    const saysEither =
      source.fixedLicenseType === 'either' || Object.values(source.licenseTypes ?? {}).includes('either');
    if (saysEither && role !== 'med')
      ctx.addIssue({
        code: 'custom',
        path: ['source', 'licenseTypes'],
        message: `'either' is for a board licensing both MDs and DOs, not a '${role}' board`,
      });
  });

export type RowFilter = z.output<typeof rowFilterSchema>;
export type SocrataSourceConfig = z.output<typeof socrataSourceSchema>;
export type DelimitedFileSourceConfig = z.output<typeof delimitedFileSourceSchema>;
export type HtmlLookupSourceConfig = z.output<typeof htmlLookupSourceSchema>;
export type AspnetFormSourceConfig = z.output<typeof aspnetFormSourceSchema>;
export type BrowserLookupSourceConfig = z.output<typeof browserLookupSourceSchema>;
export type NysedRosaSourceConfig = z.output<typeof nysedRosaSourceSchema>;
export type MassachusettsMedboardSourceConfig = z.output<typeof massachusettsMedboardSourceSchema>;
export type NppesSourceConfig = z.output<typeof nppesSourceSchema>;
export type ManualSourceConfig = z.output<typeof manualSourceSchema>;
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
