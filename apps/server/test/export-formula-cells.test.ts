// Exports carry no formulas (docs/security.md, Files in and out): physicians whose names a
// spreadsheet would run as a formula, downloaded through every CSV and XLSX export of their
// workspace, and read back. Through HTTP against the real database; the reports go straight
// into the tables, as in the roster view's test.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationOf, type Person, signedInPerson } from './support/identities.ts';
import { addRosterReport } from './support/roster.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const HOSTILE = ['=HYPERLINK("http://x","y")', '+1', '@SUM(1)', '-2', '\tTab', '\rReturn'];
const FORMULA_START = /^[=+\-@\t\r]/;
const fromXml = (text: string) => text.replace(/\r/g, '\n');

let server: TestServer;
let owner: Person;
const reportIds: string[] = [];

beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
  const founder = await signedInPerson(server);
  // An admin works in the organisation (its owner keeps working in their own workspace).
  owner = await signedInPerson(server);
  const organisationId = await organisationOf(server, { owner: founder, admin: owner }, 'Formula Clinic');
  for (const [i, firstName] of HOSTILE.entries()) {
    const { reportId } = await addRosterReport(
      server,
      organisationId,
      { firstName, lastName: HOSTILE[(i + 1) % 6] ?? '' },
      [
        // Not expired: days to expiry stays a positive number (a negative one is a number, not text).
        { state: 'TX', expiresIn: 40 },
      ],
    );
    reportIds.push(reportId);
  }
});
afterAll(async () => {
  await server?.close();
});

/** Every text cell of a downloaded CSV, header included. */
async function csvCells(path: string): Promise<string[]> {
  const res = await owner.client.raw(path);
  expect(res.status, path).toBe(200);
  return (parse(await res.text(), { relax_column_count: true }) as string[][]).flat();
}

/** Every text cell of every sheet of a downloaded XLSX (numbers and dates are not text). */
async function xlsxTextCells(path: string): Promise<string[]> {
  const res = await owner.client.raw(path);
  expect(res.status, path).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const sheet of workbook.worksheets)
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        expect(cell.formula, `${sheet.name}!${cell.address}`).toBeUndefined();
        if (typeof cell.value === 'string') cells.push(cell.value);
      }),
    );
  return cells;
}

/**
 * No cell a spreadsheet would run, and each hostile name there, neutralised by a leading quote. An
 * XML reader (as a spreadsheet's) reads a carriage return in an XLSX cell as a line feed.
 */
function expectNeutralised(cells: string[], where: string, asRead = (name: string) => name) {
  const running = cells.filter((cell) => FORMULA_START.test(cell));
  expect(running, where).toEqual([]);
  for (const name of HOSTILE)
    expect(
      cells.some((cell) => cell.startsWith(`'${asRead(name)}`)),
      `${where}: ${JSON.stringify(name)}`,
    ).toBe(true);
}

describe('exports carry no formulas', () => {
  it("the roster view's CSV and XLSX quote every cell a spreadsheet would run", async () => {
    expectNeutralised(await csvCells('/api/v2/org/licenses/export?format=csv'), 'roster CSV');
    expectNeutralised(await xlsxTextCells('/api/v2/org/licenses/export?format=xlsx'), 'roster XLSX', fromXml);
  });

  it("each report's CSV and XLSX quote every cell a spreadsheet would run", async () => {
    const csv: string[] = [];
    const xlsx: string[] = [];
    for (const id of reportIds) {
      csv.push(...(await csvCells(`/api/v2/reports/${id}/export.csv`)));
      xlsx.push(...(await xlsxTextCells(`/api/v2/reports/${id}/export.xlsx`)));
    }
    // The CSV names the physician as the license does; the XLSX's Report sheet as the report does.
    expectNeutralised(csv, 'report CSV');
    expectNeutralised(xlsx, 'report XLSX', fromXml);
  });
});
