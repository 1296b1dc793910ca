import ExcelJS from 'exceljs';
import { type Cell, neutraliseFormula } from '../../../platform/csv.ts';

/** A cell of a workbook: a date is stored as a spreadsheet date, shown as below. */
export type XlsxCell = Cell | Date;

export type XlsxSheet = {
  name: string;
  /** Bold, frozen first row when given. */
  header?: readonly string[];
  rows: readonly (readonly XlsxCell[])[];
  /** Columns (0-based) whose ISO `YYYY-MM-DD` text is written as a date, so a spreadsheet sorts and filters it as one. */
  dateColumns?: readonly number[];
  /** Column widths in characters. */
  widths?: readonly number[];
};

const DATE_FORMAT = 'yyyy-mm-dd';
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO day as a Date at UTC midnight: exceljs writes dates in UTC, so the day stays the day. */
function isoDay(text: string): Date {
  return new Date(`${text}T00:00:00Z`);
}

function toValue(cell: XlsxCell, isDateColumn: boolean): ExcelJS.CellValue {
  if (isDateColumn && typeof cell === 'string' && ISO_DAY.test(cell)) return isoDay(cell);
  if (cell instanceof Date) return cell;
  // Text is stored as text, never as a formula, yet a user who edits the cell (or saves the sheet
  // as CSV) would have a spreadsheet run it: it is neutralised as in the CSV exports.
  return neutraliseFormula(cell ?? null);
}

function formatOf(date: Date): string {
  return date.getUTCHours() || date.getUTCMinutes() || date.getUTCSeconds() ? DATE_TIME_FORMAT : DATE_FORMAT;
}

/**
 * A workbook of plain value sheets. Every cell is written as a value (text, number, date or
 * empty), never as a formula, and text a spreadsheet would run as one starts with an apostrophe
 * (platform/csv.ts), so text from the boards or a roster cannot run in the spreadsheet. Dates are
 * real spreadsheet dates shown as yyyy-mm-dd (with the time when they have one).
 */
export async function toXlsx(sheets: readonly XlsxSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LicenseWatch';
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name, sheet.header ? { views: [{ state: 'frozen', ySplit: 1 }] } : {});
    if (sheet.header) ws.addRow(sheet.header.map(neutraliseFormula)).font = { bold: true };
    const dateColumns = new Set(sheet.dateColumns);
    for (const cells of sheet.rows) {
      const row = ws.addRow(cells.map((cell, i) => toValue(cell, dateColumns.has(i))));
      row.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = formatOf(cell.value);
      });
    }
    sheet.widths?.forEach((width, i) => {
      ws.getColumn(i + 1).width = width;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
