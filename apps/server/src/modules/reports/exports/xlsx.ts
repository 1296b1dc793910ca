import ExcelJS from 'exceljs';
import type { Cell } from './csv.ts';

export type XlsxSheet = {
  name: string;
  /** Bold, frozen first row when given. */
  header?: readonly string[];
  rows: readonly (readonly Cell[])[];
  /** Column widths in characters. */
  widths?: readonly number[];
};

/**
 * A workbook of plain value sheets. Every cell is written as a value (text, number or empty),
 * never as a formula, so text from the boards cannot run in the spreadsheet.
 */
export async function toXlsx(sheets: readonly XlsxSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LicenseWatch';
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name, sheet.header ? { views: [{ state: 'frozen', ySplit: 1 }] } : {});
    if (sheet.header) ws.addRow([...sheet.header]).font = { bold: true };
    for (const row of sheet.rows) ws.addRow(row.map((cell) => cell ?? null));
    sheet.widths?.forEach((width, i) => {
      ws.getColumn(i + 1).width = width;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
