import { ROSTER_IMPORT_LIMITS, ROSTER_IMPORT_MESSAGES } from '@licensewatch/shared/roster-import-messages';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError } from '../../../platform/errors.ts';
import { readZipEntries } from '../../../platform/zip/read-zip-entries.ts';
import { writeStoredZip } from '../../../platform/zip/write-stored-zip.ts';

/** A roster file as a grid of text: its header row and the rows below it, blank rows left out. */
export type RosterSheet = { headers: string[]; rows: { row: number; cells: string[] }[] };

const refuse = (message: string, status = 400) => new AppError('ROSTER_FILE_INVALID', message, status);

/**
 * Reads an uploaded roster (the bytes the client sent in base64) as CSV or XLSX, told apart by the
 * file's content (an XLSX is a zip: "PK"), not its name. Refuses files over 2 MB, XLSX files that
 * unpack to over 50 MB or hold over 1,000 parts, or over 5,000 rows with a message saying so,
 * before validating any row.
 */
export async function readRosterFile(contentBase64: string): Promise<RosterSheet> {
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length > ROSTER_IMPORT_LIMITS.maxBytes) throw refuse(ROSTER_IMPORT_MESSAGES.fileTooLarge);
  if (bytes.length === 0) throw refuse(ROSTER_IMPORT_MESSAGES.emptyFile);
  const grid = bytes[0] === 0x50 && bytes[1] === 0x4b ? await readXlsx(bytes) : readCsv(bytes);
  const [header, ...rest] = grid;
  const rows = rest
    .map((cells, i) => ({ row: i + 2, cells: cells.map((c) => c.trim()) }))
    .filter((r) => r.cells.some((c) => c !== ''));
  if (!header || rows.length === 0) throw refuse(ROSTER_IMPORT_MESSAGES.emptyFile);
  if (rows.length > ROSTER_IMPORT_LIMITS.maxRows) throw refuse(ROSTER_IMPORT_MESSAGES.tooManyRows(rows.length));
  return { headers: header.map((h) => h.trim()), rows };
}

/**
 * Spreadsheet programs save with ';' (some locales) or tabs; the header row's most frequent of the
 * three is the file's. Only the header decides: a States cell "TX; CA" must not split a row.
 */
function delimiterOf(bytes: Buffer): string {
  const header = bytes.subarray(0, 4096).toString('utf8').split(/\r?\n/)[0] ?? '';
  const count = (d: string) => header.split(d).length - 1;
  return [',', ';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

function readCsv(bytes: Buffer): string[][] {
  // A binary file (a .xls, a PDF) is refused rather than read as garbage rows.
  if (bytes.subarray(0, 8000).includes(0)) throw refuse(ROSTER_IMPORT_MESSAGES.unsupportedFile);
  try {
    return parse(bytes, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      delimiter: delimiterOf(bytes),
      // Bounds the memory a hostile file can make us spend on one cell or one record.
      max_record_size: 64 * 1024,
      to_line: ROSTER_IMPORT_LIMITS.maxRows + 50,
    }) as string[][];
  } catch (err) {
    throw refuse(
      ROSTER_IMPORT_MESSAGES.unreadableCsv(err instanceof Error ? (err.message.split('\n')[0] ?? '') : 'unknown error'),
    );
  }
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  // A few kilobytes can unpack to gigabytes whatever the zip declares: it is unpacked here under
  // hard limits, and exceljs reads only what was unpacked (stored again, every size true).
  const contents = readZipEntries(bytes, {
    maxUnpackedBytes: ROSTER_IMPORT_LIMITS.maxUnpackedBytes,
    maxEntries: ROSTER_IMPORT_LIMITS.maxZipEntries,
  });
  if (!contents.ok)
    throw refuse(
      contents.reason === 'too-large'
        ? ROSTER_IMPORT_MESSAGES.xlsxTooLarge
        : contents.reason === 'too-many-entries'
          ? ROSTER_IMPORT_MESSAGES.xlsxTooManyParts
          : ROSTER_IMPORT_MESSAGES.unreadableXlsx,
    );
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(writeStoredZip(contents.entries) as unknown as ArrayBuffer);
  } catch {
    throw refuse(ROSTER_IMPORT_MESSAGES.unreadableXlsx);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse(ROSTER_IMPORT_MESSAGES.emptyFile);
  if (sheet.actualRowCount > ROSTER_IMPORT_LIMITS.maxRows + 1)
    throw refuse(ROSTER_IMPORT_MESSAGES.tooManyRows(sheet.actualRowCount - 1));
  const grid: string[][] = [];
  const width = sheet.columnCount;
  // Row numbers as the spreadsheet shows them, so an error's "row 7" is the row the user sees.
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(row.getCell(c).text ?? '');
    grid[number - 1] = cells;
  });
  return Array.from(grid, (cells) => cells ?? []);
}
