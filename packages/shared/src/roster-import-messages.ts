// What the roster import and the NPI look-up say, on the server (row errors, refusals) and in the
// web page. Row errors are named by row and column by the caller: "Row 4, NPI: …".

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

// maxUnpackedBytes: an XLSX is a zip; what its entries unpack to, all together, counted as they
// unpack (not as they declare). maxZipEntries: a workbook saved by a spreadsheet program holds a
// dozen or so parts, a few more per sheet or picture.
export const ROSTER_IMPORT_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxZipEntries: 1000,
  maxRows: 5000,
} as const;

export const ROSTER_IMPORT_MESSAGES = {
  // The file as a whole.
  fileTooLarge: `The file is larger than 2 MB. Split the roster into smaller files.`,
  tooManyRows: (rows: number) =>
    `The file has ${plural(rows, 'row')}; an import takes at most ${plural(ROSTER_IMPORT_LIMITS.maxRows, 'row')}. Split the roster into smaller files.`,
  unsupportedFile: 'Upload a CSV (.csv) or Excel (.xlsx) file.',
  unreadableCsv: (reason: string) => `The CSV file could not be read: ${reason}`,
  unreadableXlsx: 'The Excel file could not be read. Save it again as .xlsx (or as CSV) and retry.',
  xlsxTooLarge: `The Excel file unpacks to more than ${ROSTER_IMPORT_LIMITS.maxUnpackedBytes / 1024 / 1024} MB, far more than a roster. Save only the roster sheet, or export it as CSV, and retry.`,
  xlsxTooManyParts: `The Excel file holds more than ${ROSTER_IMPORT_LIMITS.maxZipEntries.toLocaleString('en-US')} parts, far more than a roster. Save only the roster sheet, or export it as CSV, and retry.`,
  emptyFile: 'The file has no rows below its header row.',
  missingColumns: (columns: string[]) =>
    `The header row has no ${columns.join(', ')} column${columns.length === 1 ? '' : 's'}. Download the template to see the expected columns.`,
  nothingToImport: 'No row can be imported: fix the errors in the file and upload it again.',
  importNotFound: 'No such import.',
  // One row's cell.
  required: (column: string) => `${column} is required`,
  tooLong: (column: string, max: number) => `${column} must be at most ${max} characters`,
  licenseType: (value: string) => `License type '${value}' is not MD or DO`,
  npiFormat: (value: string) => `NPI '${value}' is not a valid NPI (10 digits with a correct check digit)`,
  unknownState: (value: string) => `'${value}' is not a US state name or code`,
  repeatedState: (value: string) => `'${value}' is listed more than once`,
  tooManyStates: (plan: string, max: number) => `Your ${plan} plan allows ${plural(max, 'state')} per report`,
  duplicateId: (row: number) => `Same internal id as row ${row}`,
  duplicateNpi: (row: number) => `Same NPI as row ${row}`,
  duplicateName: (row: number) =>
    `Same name and license type as row ${row} (give each an internal id if they are different people)`,
  typeChanged: (existing: string) =>
    `The existing report for this physician is for ${existing}; delete it first to track the other license type`,
  idTaken: 'Another report already has this internal id',
  // An import whose job kept failing on our side (its retries used up).
  importStopped:
    'The import stopped because of an error on our side. Upload the same file again to import the rest: rows already imported are found and left as they are.',
  npiTaken: 'Another report already has this NPI',
  // The NPI look-up.
  npiInvalid: 'Enter a valid 10-digit NPI.',
  npiNotFound: 'No physician (MD or DO) with this NPI is in the NPPES registry.',
  npiUnavailable:
    'The NPPES registry is not answering right now. Try again in a few minutes, or enter the details yourself.',
} as const;

/** Column labels, as errors and the template name them. */
export const ROSTER_COLUMNS = {
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  licenseType: 'License type',
  npi: 'NPI',
  states: 'States',
  externalId: 'Internal id',
  department: 'Department',
} as const;
export type RosterColumn = keyof typeof ROSTER_COLUMNS;

/** The downloadable template: the header row and two example rows. */
export const ROSTER_TEMPLATE_CSV = [
  'First name,Middle name,Last name,License type,NPI,States,Internal id,Department',
  'Ada,M,Okafor,MD,1234567893,"TX; California",EMP-001,Cardiology',
  'Ben,,Walsh,DO,,,EMP-002,Emergency',
  '',
].join('\r\n');
