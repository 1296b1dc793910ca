import ExcelJS from 'exceljs';
import { readZipEntries } from '../../../platform/zip/read-zip-entries.ts';
import { writeStoredZip } from '../../../platform/zip/write-stored-zip.ts';
import { SourceError } from '../types.ts';
import { vocabularyKey } from './record-fields.ts';

/** A row of the sheet: its number as the spreadsheet shows it, and its cells' values from column A. */
export type SheetRow = { row: number; values: unknown[] };

/**
 * The most a workbook may unpack to. A workbook is read whole (below): a row of seven columns takes
 * about 320 bytes unpacked and 2.3 KB of memory read, so a bulk file of 10,000 rows (West Virginia's
 * size) is 3 MB and 25 MB, ten times within this limit, and a file past it is refused rather than
 * read at any cost (some 230 MB at the limit).
 */
export const MAX_WORKBOOK_UNPACKED_BYTES = 32 * 1024 * 1024;

/** The most parts a workbook may hold: a board's has a dozen or so, a few more per sheet. */
export const MAX_WORKBOOK_ENTRIES = 1000;

const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const refuse = (message: string) => new SourceError({ kind: 'parse-failure', message });

/**
 * The rows of one sheet of an .xlsx download. The workbook is read whole, not as a stream: exceljs's
 * streaming reader loses the archive's last entries when they arrive together (exceljs#3064, open in
 * 4.4.0; reproduced here with the sheet list, which exceljs itself stores last), and a board's
 * workbook is small. It is unpacked under hard limits (bytes and parts, counted as they unpack,
 * whatever the archive declares) and exceljs reads only what was unpacked. Rows with no
 * value are left out, as a text file's empty lines are. `sheet` is matched like headers (case and
 * spacing aside), and only that sheet: 'Licenses' is not 'Special Licenses'.
 */
export async function* readWorkbookSheet(
  bytes: AsyncIterable<Uint8Array>,
  sheet: string,
  boardId: string,
): AsyncGenerator<SheetRow, void, undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of bytes) {
    size += chunk.length;
    // A workbook compresses its text about tenfold: a download this large unpacks past the limit.
    if (size > MAX_WORKBOOK_UNPACKED_BYTES) throw refuse(`${boardId}: the workbook is larger than the reader takes`);
    chunks.push(chunk);
  }
  const file = Buffer.concat(chunks);
  chunks.length = 0;

  const contents = readZipEntries(file, {
    maxUnpackedBytes: MAX_WORKBOOK_UNPACKED_BYTES,
    maxEntries: MAX_WORKBOOK_ENTRIES,
  });
  if (!contents.ok)
    throw refuse(
      contents.reason === 'too-large'
        ? `${boardId}: the workbook unpacks to more than the reader takes (${MAX_WORKBOOK_UNPACKED_BYTES / 1024 / 1024} MB)`
        : contents.reason === 'too-many-entries'
          ? `${boardId}: the workbook holds more than ${MAX_WORKBOOK_ENTRIES} parts, more than the reader takes`
          : `${boardId}: the download is not a readable .xlsx workbook`,
    );

  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(writeStoredZip(contents.entries) as unknown as ArrayBuffer);
  } catch (error) {
    throw refuse(
      `${boardId}: the download is not a readable .xlsx workbook (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const wanted = vocabularyKey(sheet);
  const worksheet = workbook.worksheets.find((w) => vocabularyKey(w.name) === wanted);
  if (!worksheet) {
    const names = workbook.worksheets.map((w) => `'${w.name}'`);
    throw refuse(
      `${boardId}: the workbook has no sheet '${sheet}'; its sheets are ${names.length > 0 ? names.join(', ') : 'none'}`,
    );
  }
  for (let number = 1; number <= worksheet.rowCount; number++) {
    const values = ((worksheet.findRow(number)?.values ?? []) as unknown[]).slice(1);
    if (values.some((value) => !isEmpty(value))) yield { row: number, values };
  }
}
