import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { WEST_VIRGINIA_SHEETS } from './west-virginia-bulk-file.ts';

let sim: BoardSimulator;
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 6000 });
});
afterAll(() => sim.close());

const cells = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);

describe("West Virginia's bulk file, a workbook", () => {
  it('has the six sheets, each a title row above the columns, the full licenses on Licenses only', async () => {
    const res = await fetch(`${sim.url}/sites/wvbom.wv.gov/rosters/roster-of-medical-doctors.xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Licenses',
      'Special Licenses',
      'Temporary Licenses',
      'Educational Permits',
      'Reciprocal Educational Permits',
      'Interstate Telehealth Reg.',
    ]);
    const licenses = workbook.getWorksheet('Licenses') as ExcelJS.Worksheet;
    expect(cells(licenses.getRow(1))).toEqual(['Licenses']);
    expect(cells(licenses.getRow(2))).toEqual([
      'First Name',
      'Last Name',
      'Middle Name',
      'Suffix',
      'License Number',
      'License Expiration Date',
      'License Type',
    ]);

    const published = [...sim.population.people()].flatMap((p) => p.licenses.filter((l) => l.boardId === 'wv-md'));
    const current = published.filter((l) => l.status === 'active' || l.status === 'probation');
    expect(current.length).toBeLessThan(published.length);
    const rows = licenses.getRows(3, licenses.rowCount - 2) ?? [];
    expect(rows.map((r) => r.getCell(5).value).sort()).toEqual(current.map((l) => l.licenseNumber).sort());
    const dated = rows.filter((r) => r.getCell(6).value !== null);
    expect(dated.length).toBeGreaterThan(0);
    for (const row of dated) expect(row.getCell(6).value).toBeInstanceOf(Date);

    // The other sheets hold rows too, none of them a full license's number.
    const full = new Set(current.map((l) => l.licenseNumber));
    let others = 0;
    for (const sheet of WEST_VIRGINIA_SHEETS.slice(1)) {
      const worksheet = workbook.getWorksheet(sheet.name) as ExcelJS.Worksheet;
      expect(cells(worksheet.getRow(2)), sheet.name).toEqual([...sheet.columns]);
      for (const row of worksheet.getRows(3, Math.max(worksheet.rowCount - 2, 0)) ?? []) {
        others++;
        expect(full.has(String(row.getCell(5).value)), sheet.name).toBe(false);
      }
    }
    expect(others).toBeGreaterThan(0);
  });
});
