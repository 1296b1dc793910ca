import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { toXlsx } from './xlsx.ts';

describe('toXlsx', () => {
  it('writes text a spreadsheet would run with an apostrophe, and numbers and dates as they are', async () => {
    const hostile = ['=HYPERLINK("http://x","y")', '+1', '-2', '@SUM(1)', '\tTab', '\rReturn'];
    const bytes = await toXlsx([
      {
        name: 'Sheet',
        header: ['=Name', 'Days', 'Expires'],
        rows: hostile.map((text, i) => [text, -i - 1, '2027-01-02']),
        dateColumns: [2],
      },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(["'=Name", 'Days', 'Expires']);
    // An XML reader reads a carriage return as a line feed (so would a spreadsheet): the cell is still quoted.
    hostile.forEach((text, i) => {
      expect(values(i + 2)).toEqual([`'${text.replace('\r', '\n')}`, -i - 1, new Date('2027-01-02T00:00:00Z')]);
      expect(sheet.getRow(i + 2).getCell(1).formula).toBeUndefined();
    });
  });
});
