import { SOURCE_METHOD_LABELS } from '@licensewatch/shared/license-sources';
import { MESSAGES } from '@licensewatch/shared/messages';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceRecord } from '../src/modules/licensing/types.ts';
import { upsertLookedUpLicenses } from '../src/modules/licensing/upsert-looked-up-licenses.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { REPORT_EXPORT_COLUMNS } from '../src/modules/reports/exports/build-report-export-rows.ts';
import { exportFilename } from '../src/modules/reports/exports/export-report.ts';
import { signedInOnPlan } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { withSimulatedBoards } from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

let server: TestServer;
// The report update searches the boards; a small simulated population is enough here.
withSimulatedBoards({ size: 200, seed: 7 }, (running) => {
  server = running.server;
});

type Account = { client: HttpClient; userId: string };

const onPlan = (days: number): Promise<Account> => signedInOnPlan(server, { days });

// ---- A physician put into the registry by hand; one board publishes text a spreadsheet would run.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const OTTOLINE = { firstName: 'Ottoline', middleName: 'Brisk', lastName: 'Fairweatherly', licenseType: 'MD' as const };
const INJECTED_DISCIPLINE = '=HYPERLINK("http://evil.example","click")';

function license(
  boardId: string,
  jurisdiction: SourceRecord['jurisdiction'],
  licenseNumber: string | null,
  expiryDate: string | null,
  extra: Partial<SourceRecord> = {},
): SourceRecord {
  return {
    jurisdiction,
    boardId,
    licenseType: OTTOLINE.licenseType,
    licenseNumber,
    firstName: OTTOLINE.firstName,
    middleName: OTTOLINE.middleName,
    lastName: OTTOLINE.lastName,
    suffix: null,
    rawStatus: 'ACTIVE',
    status: 'active',
    issueDate: '2011-03-01',
    expiryDate,
    discipline: null,
    ...extra,
  };
}

const LICENSES = [
  license('nd-med', 'ND', 'ND-O2001', day(400)),
  license('vt-md', 'VT', 'VT-O2002', day(-10), { rawStatus: '@EXPIRED', status: 'expired' }),
  license('ny-med', 'NY', 'NY-O2003', day(200), { discipline: INJECTED_DISCIPLINE }),
  license('or-med', 'OR', 'OR-O2004', day(90)),
  license('tx-med', 'TX', null, day(300)), // no number: never exported
];
const STATES = ['North Dakota', 'Vermont', 'New York', 'Oregon', 'Texas'];

beforeAll(async () => {
  await upsertLookedUpLicenses(server.ctx, { records: LICENSES, sourceKind: 'html-lookup' });
});

async function createReport(account: Account, name: string) {
  const created = await account.client.post('/api/v2/reports/', { name, ...OTTOLINE, states: STATES });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  for (let i = 0; i < 300; i++) {
    const res = await account.client.get(`/api/v2/states/update-status/${id}`);
    if (res.body.is_completed) return id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`report ${id} did not finish updating`);
}

type License = {
  id: string;
  state: string;
  license_number: string;
  license_type: string;
  name_on_license: string;
  status: string;
  board_status: string;
  board_status_text: string | null;
  issued: string | null;
  expired: string | null;
  days_to_expiry: number | null;
  discipline: string | null;
  source: { name: string; method: 'bulk' | 'lookup' | 'manual' };
  verified_at: string;
};

/** The physician's identifiers, as a roster import gives them. */
const NPI = '1245319599';
const INTERNAL_ID = 'HR-0042';

/** The Source column of a license no person verified: how it was read, and from which board. */
const sourceCell = (l: License) => `${SOURCE_METHOD_LABELS[l.source.method]} (${l.source.name})`;

/** The row the export should hold for a license of the licenses call, formula-looking text defused. */
const expectedRow = (l: License) =>
  [
    l.state,
    l.license_number,
    l.license_type,
    l.name_on_license,
    l.status,
    l.board_status_text ?? l.board_status,
    l.issued ?? '',
    l.expired ?? '',
    l.days_to_expiry === null ? '' : String(l.days_to_expiry),
    l.discipline ?? '',
    sourceCell(l),
    l.verified_at,
    NPI,
    INTERNAL_ID,
  ].map((cell) => (/^[=+\-@]/.test(cell) && !/^-\d+$/.test(cell) ? `'${cell}` : cell));

let owner: Account;
let reportId: string;
let licenses: License[];
beforeAll(async () => {
  owner = await onPlan(30);
  reportId = await createReport(owner, 'Dr. "Ottoline" / licences: 2026');
  await server.ctx.pool.query('UPDATE report SET npi = $2, external_id = $3 WHERE id = $1', [
    reportId,
    NPI,
    INTERNAL_ID,
  ]);
  // One hidden license is no longer tracked, so not exported.
  const listed = await owner.client.get(`/api/v2/reports/${reportId}/licenses`);
  const orLicense = (listed.body as License[]).find((l) => l.license_number === 'OR-O2004');
  if (!orLicense) throw new Error('OR license not matched');
  expect((await owner.client.request('PATCH', `/api/v2/reports/licenses/${orLicense.id}`)).status).toBe(200);
  licenses = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body;
  expect(licenses.map((l) => l.license_number).sort()).toEqual(['ND-O2001', 'NY-O2003', 'VT-O2002']);
});

describe('CSV export', () => {
  it('is an attachment with a safe file name, holding exactly the rows of the licenses call', async () => {
    const res = await owner.client.raw(`/api/v2/reports/${reportId}/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Dr-Ottoline-licences-2026-${day(0)}.csv"`,
    );
    const records: string[][] = parse(await res.text());
    expect(records[0]).toEqual([...REPORT_EXPORT_COLUMNS]);
    expect(records.slice(1)).toEqual(licenses.map(expectedRow));
  });

  it('leaves hidden licenses and licenses without a number out', async () => {
    const text = await (await owner.client.raw(`/api/v2/reports/${reportId}/export.csv`)).text();
    expect(text).not.toContain('OR-O2004');
    expect(text).not.toContain('Texas');
  });

  it('neutralises cells a spreadsheet would run as formulas, keeping negative numbers', async () => {
    const records: string[][] = parse(await (await owner.client.raw(`/api/v2/reports/${reportId}/export.csv`)).text());
    const ny = records.find((r) => r[1] === 'NY-O2003');
    const vt = records.find((r) => r[1] === 'VT-O2002');
    expect(ny?.[9]).toBe(`'${INJECTED_DISCIPLINE}`);
    expect(vt?.[5]).toBe("'@EXPIRED");
    expect(vt?.[8]).toBe('-10');
    for (const cell of records.flat()) expect(cell).not.toMatch(/^[=+@]/);
  });
});

describe('XLSX export', () => {
  it('parses back with exceljs to the same rows, plus a Report sheet about the physician', async () => {
    const res = await owner.client.raw(`/api/v2/reports/${reportId}/export.xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Dr-Ottoline-licences-2026-${day(0)}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Licenses', 'Report']);
    const rows: unknown[][] = [];
    workbook.getWorksheet('Licenses')?.eachRow((row) => {
      rows.push(REPORT_EXPORT_COLUMNS.map((_, i) => row.getCell(i + 1).value ?? null));
    });
    expect(rows[0]).toEqual([...REPORT_EXPORT_COLUMNS]);
    expect(rows.slice(1)).toEqual(
      licenses.map((l) =>
        [
          l.state,
          l.license_number,
          l.license_type,
          l.name_on_license,
          l.status,
          l.board_status_text ?? l.board_status,
          // Real spreadsheet dates (exceljs reads them back as Dates at UTC midnight), not text.
          l.issued ? new Date(`${l.issued}T00:00:00Z`) : null,
          l.expired ? new Date(`${l.expired}T00:00:00Z`) : null,
          l.days_to_expiry,
          l.discipline,
          sourceCell(l),
          l.verified_at,
          NPI,
          INTERNAL_ID,
          // Text a spreadsheet would run is quoted as in the CSV; numbers and dates are not text.
        ].map((cell) => (typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)),
      ),
    );
    const sheet = workbook.getWorksheet('Licenses');
    const dated = sheet?.getRow(2).getCell(REPORT_EXPORT_COLUMNS.indexOf('Expires') + 1);
    expect(dated?.value).toBeInstanceOf(Date);
    expect(dated?.numFmt).toBe('yyyy-mm-dd');
    // Text is stored as text, never as a formula, and quoted as in the CSV.
    const ny = rows.find((r) => r[1] === 'NY-O2003');
    expect(ny?.[9]).toBe(`'${INJECTED_DISCIPLINE}`);

    const about = new Map<string, unknown>();
    workbook.getWorksheet('Report')?.eachRow((row) => {
      about.set(String(row.getCell(1).value), row.getCell(2).value);
    });
    expect(about.get('Physician')).toBe('Ottoline Brisk Fairweatherly');
    expect(about.get('License type')).toBe('MD');
    expect(String(about.get('States'))).toContain('North Dakota');
    expect(about.get('Last update')).toBeInstanceOf(Date);
    expect(about.get('Exported')).toEqual(new Date(`${day(0)}T00:00:00Z`));
  });
});

describe('who may download', () => {
  it('another user, or a missing id, gets 404 Report not found for both formats', async () => {
    const stranger = await onPlan(30);
    const notFound = { detail: MESSAGES.reports.notFound, code: 'NOT_FOUND' };
    for (const format of ['csv', 'xlsx']) {
      expect(await stranger.client.get(`/api/v2/reports/${reportId}/export.${format}`)).toMatchObject({
        status: 404,
        body: notFound,
      });
      expect(
        await owner.client.get(`/api/v2/reports/00000000-0000-0000-0000-000000000000/export.${format}`),
      ).toMatchObject({
        status: 404,
        body: notFound,
      });
    }
  });

  it('signed out gets 401', async () => {
    const anonymous = new HttpClient(server.url);
    for (const format of ['csv', 'xlsx']) {
      const res = await anonymous.get(`/api/v2/reports/${reportId}/export.${format}`);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('an expired plan may still download: exports are always available', async () => {
    await assignPlan(server.ctx.db, {
      userId: owner.userId,
      planName: 'premium',
      trial: false,
      endDate: new Date(Date.now() - 86_400_000),
      reason: 'plan-change',
    });
    expect((await owner.client.get(`/api/v1/reports/${reportId}`)).status).toBe(403);
    const res = await owner.client.raw(`/api/v2/reports/${reportId}/export.csv`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('ND-O2001');
  });
});

describe('file names', () => {
  it('are ASCII without quotes or slashes, with a fallback for names with nothing usable', () => {
    expect(exportFilename('Dr. "Ottoline" / licences: 2026', '2026-01-02', 'csv')).toBe(
      'Dr-Ottoline-licences-2026-2026-01-02.csv',
    );
    expect(exportFilename('Ünïcôdé ärzt', '2026-01-02', 'xlsx')).toBe('Unicode-arzt-2026-01-02.xlsx');
    expect(exportFilename('"/\\\r\n', '2026-01-02', 'csv')).toBe('report-2026-01-02.csv');
  });
});
