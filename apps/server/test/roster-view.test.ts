// The roster view (docs/product-rules.md, The roster): every tracked license of the workspace's
// reports, filtered, sorted and paged on the server, with counts; its export; who may read it.
// Through HTTP against the real database; the licenses go straight into the tables.
import { licenseStanding } from '@licensewatch/shared/licenses';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusion, exclusionCheck, exclusionMatch } from '../src/modules/exclusions/tables.ts';
import { report } from '../src/modules/reports/tables.ts';
import { organisationOf, type Person, signedInPerson } from './support/identities.ts';
import { addRosterReport, utcDay } from './support/roster.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let owner: Person;
let admin: Person;
let viewer: Person;
let stranger: Person;
let organisationId: string;
/** License numbers by what they are, for the assertions. */
const n: Record<string, string | undefined> = {};
/** Report ids by physician. */
const reports: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
  [owner, admin, viewer, stranger] = await Promise.all([
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server),
  ]);
  organisationId = await organisationOf(server, { owner, admin, viewer }, 'Roster Clinic');
  const ada = await addRosterReport(server, organisationId, { firstName: 'Ada', lastName: 'Lovelace' }, [
    { state: 'TX', expiresIn: 20 },
    { state: 'CA', expiresIn: 50 },
    { state: 'NY', status: 'expired', expiresIn: -10 },
    { state: 'FL', expiresIn: 100, hidden: true },
    { state: 'OR', expiresIn: 30, noNumber: true },
  ]);
  [n.adaTx, n.adaCa, n.adaNy, n.adaFl] = ada.numbers;
  reports.ada = ada.reportId;
  const grace = await addRosterReport(
    server,
    organisationId,
    { firstName: 'Grace', middleName: 'Brewster', lastName: 'Hopper' },
    [
      { state: 'TX', status: 'suspended', expiresIn: 200 },
      { state: 'WA', expiresIn: 300 },
      { state: 'OR', expiresIn: null },
    ],
  );
  [n.graceTx, n.graceWa, n.graceOr] = grace.numbers;
  reports.grace = grace.reportId;
  // Departments come from the roster import.
  for (const [reportId, department] of [
    [ada.reportId, 'Cardiology'],
    [grace.reportId, 'Emergency'],
  ] as const) {
    await server.ctx.db.update(report).set({ department }).where(eq(report.id, reportId));
  }
  // The Internal ID and NPI a roster import gives a physician.
  await server.ctx.db
    .update(report)
    .set({ externalId: 'HR-0042', npi: '1245319599' })
    .where(eq(report.id, grace.reportId));
  const alan = await addRosterReport(server, organisationId, { firstName: 'Alan', lastName: 'Turing' }, [
    { state: 'TX', expiresIn: 5 },
  ]);
  [n.alanTx] = alan.numbers;
  reports.alan = alan.reportId;
  // A name a spreadsheet would run as a formula.
  const zed = await addRosterReport(server, organisationId, { firstName: '=Zed', lastName: 'Quill' }, [
    { state: 'WA', expiresIn: 400 },
  ]);
  [n.zedWa] = zed.numbers;
  // The owner's own workspace and a stranger's: never in the organisation's roster.
  await addRosterReport(server, owner.userId, { firstName: 'Own', lastName: 'Workspace' }, [
    { state: 'TX', expiresIn: 10 },
  ]);
  await addRosterReport(server, stranger.userId, { firstName: 'Other', lastName: 'Clinic' }, [
    { state: 'TX', expiresIn: 10 },
    { state: 'CA', expiresIn: -3 },
  ]);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Row = {
  id: string;
  report_id: string;
  physician: string;
  department: string | null;
  state: string;
  license_number: string;
  status: string;
  status_text: string;
  expiry_date: string | null;
  days_to_expiry: number | null;
};

async function roster(client: Person['client'], query = '') {
  const res = await client.get(`/api/v2/org/licenses${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    rows: Row[];
    departments: string[];
    total: number;
    page: number;
    page_size: number;
    expiring_within_days: number;
    counts: { workspace: Record<string, number>; filtered: Record<string, number> };
  };
}
const numbers = (rows: Row[]) => rows.map((r) => r.license_number).sort();

const WORKSPACE_COUNTS = { total: 8, active: 5, expiring: 2, expired: 2, needs_attention: 1 };

describe('the roster of the workspace', () => {
  it('lists every tracked license of every report, hidden ones and ones without a number left out, with counts', async () => {
    const body = await roster(admin.client);
    expect(body.total).toBe(8);
    expect(body.counts.workspace).toEqual(WORKSPACE_COUNTS);
    expect(body.counts.filtered).toEqual(WORKSPACE_COUNTS);
    expect(numbers(body.rows)).toEqual(
      [n.adaTx, n.adaCa, n.adaNy, n.graceTx, n.graceWa, n.graceOr, n.alanTx, n.zedWa].sort(),
    );
    expect(body.rows.map((r) => r.license_number)).not.toContain(n.adaFl);
    const grace = body.rows.find((r) => r.license_number === n.graceWa);
    expect(grace).toMatchObject({ physician: 'Grace Brewster Hopper', state: 'WA', status: 'active' });
    expect(grace?.days_to_expiry).toBe(300);
    // Every row is judged as the report counts judge it (licenseStanding), in the workspace's window (the default).
    expect(body.expiring_within_days).toBe(42);
    const today = utcDay(0);
    for (const row of body.rows) {
      const boardStatus =
        row.license_number === n.adaNy ? 'expired' : row.license_number === n.graceTx ? 'suspended' : 'active';
      const standing = licenseStanding(
        { status: boardStatus, expiryDate: row.expiry_date },
        today,
        body.expiring_within_days,
      );
      expect(row.status).toBe(standing === 'attention' ? 'needs_attention' : standing);
    }
    expect(body.rows.find((r) => r.license_number === n.graceTx)?.status_text).toBe('Suspended');
  });

  it('filters by department, whole and in any case, and lists the departments for the filter', async () => {
    const body = await roster(admin.client, '?department=cardiology');
    expect(numbers(body.rows)).toEqual([n.adaTx, n.adaCa, n.adaNy].sort());
    expect(body.departments).toEqual(['Cardiology', 'Emergency']);
    expect(body.rows.every((r) => r.department === 'Cardiology')).toBe(true);
    expect((await roster(admin.client, '?department=Cardio')).total).toBe(0);
  });

  it('a viewer reads it too, and the same counts', async () => {
    const body = await roster(viewer.client);
    expect(body.counts.workspace).toEqual(WORKSPACE_COUNTS);
    expect(body.total).toBe(8);
  });

  it("another workspace sees none of it: the owner's own workspace, and a stranger's", async () => {
    const own = await roster(owner.client);
    expect(own.total).toBe(1);
    expect(own.rows[0]?.physician).toBe('Own Workspace');
    const other = await roster(stranger.client);
    expect(other.counts.workspace).toEqual({ total: 2, active: 1, expiring: 1, expired: 1, needs_attention: 0 });
    expect(other.rows.map((r) => r.physician)).toEqual(['Other Clinic', 'Other Clinic']);
  });

  it('each filter narrows to what it names', async () => {
    expect(numbers((await roster(admin.client, '?status=expiring')).rows)).toEqual([n.alanTx, n.adaTx].sort());
    expect(numbers((await roster(admin.client, '?status=active')).rows)).toEqual(
      [n.alanTx, n.adaTx, n.adaCa, n.graceWa, n.zedWa].sort(),
    );
    expect(numbers((await roster(admin.client, '?status=expired')).rows)).toEqual([n.adaNy, n.graceOr].sort());
    expect(numbers((await roster(admin.client, '?status=needs_attention')).rows)).toEqual([n.graceTx]);
    expect(numbers((await roster(admin.client, '?state=TX')).rows)).toEqual([n.adaTx, n.graceTx, n.alanTx].sort());
    expect(numbers((await roster(admin.client, '?state=tx')).rows)).toHaveLength(3);
    expect(numbers((await roster(admin.client, '?expiring_within=60')).rows)).toEqual(
      [n.adaTx, n.adaCa, n.alanTx].sort(),
    );
    expect(numbers((await roster(admin.client, '?expiring_within=10')).rows)).toEqual([n.alanTx]);
    expect(numbers((await roster(admin.client, '?physician=HOPP')).rows)).toEqual(
      [n.graceTx, n.graceWa, n.graceOr].sort(),
    );
    expect(numbers((await roster(admin.client, '?physician=brewster%20hop')).rows)).toHaveLength(3);
    // A search box's % is text, not a pattern.
    expect((await roster(admin.client, '?physician=%25')).total).toBe(0);
    const combined = await roster(admin.client, '?state=TX&expiring_within=60');
    expect(numbers(combined.rows)).toEqual([n.adaTx, n.alanTx].sort());
  });

  it('counts the filtered set apart from the workspace, status aside so each chip says what it would show', async () => {
    const body = await roster(admin.client, '?state=TX&status=expiring');
    expect(body.counts.workspace).toEqual(WORKSPACE_COUNTS);
    expect(body.counts.filtered).toEqual({ total: 3, active: 2, expiring: 2, expired: 0, needs_attention: 1 });
    expect(body.total).toBe(2);
  });

  it('sorts by each column both ways, ties broken the same way every time', async () => {
    const expiry = (await roster(admin.client, '?sort=expiry')).rows.map((r) => r.license_number);
    expect(expiry[0]).toBe(n.adaNy);
    expect(expiry[1]).toBe(n.alanTx);
    expect(expiry.at(-1)).toBe(n.graceOr); // no expiry date: last
    const expiryDesc = (await roster(admin.client, '?sort=expiry&order=desc')).rows.map((r) => r.license_number);
    expect(expiryDesc[0]).toBe(n.zedWa);
    expect(expiryDesc.at(-1)).toBe(n.graceOr);
    const physicians = (await roster(admin.client, '?sort=physician')).rows.map((r) => r.physician);
    expect([...new Set(physicians)]).toEqual(['Grace Brewster Hopper', 'Ada Lovelace', '=Zed Quill', 'Alan Turing']);
    const physiciansDesc = (await roster(admin.client, '?sort=physician&order=desc')).rows.map((r) => r.physician);
    expect([...new Set(physiciansDesc)]).toEqual([
      'Alan Turing',
      '=Zed Quill',
      'Ada Lovelace',
      'Grace Brewster Hopper',
    ]);
    const states = (await roster(admin.client, '?sort=state')).rows.map((r) => r.state);
    expect(states).toEqual([...states].sort());
    const status = (await roster(admin.client, '?sort=status')).rows.map((r) => r.status);
    expect(status[0]).toBe('needs_attention');
    expect(status.at(-1)).toBe('active');
    const statusDesc = (await roster(admin.client, '?sort=status&order=desc')).rows.map((r) => r.status);
    expect(statusDesc[0]).toBe('active');
    expect(statusDesc.at(-1)).toBe('needs_attention');
  });

  it('pages without overlap or gaps, and a page past the end is empty', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await roster(admin.client, `?page=${page}&page_size=3&sort=physician`);
      expect(body).toMatchObject({ total: 8, page, page_size: 3 });
      expect(body.rows).toHaveLength(page < 3 ? 3 : 2);
      seen.push(...body.rows.map((r) => r.id));
    }
    expect(new Set(seen).size).toBe(8);
    const past = await roster(admin.client, '?page=4&page_size=3');
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(8);
    expect((await roster(admin.client, '?page_size=100')).rows).toHaveLength(8);
  });

  it.each([
    'page=0',
    'page_size=0',
    'page_size=101',
    'page=abc',
    'status=lapsed',
    'state=ZZ',
    'expiring_within=0',
    'expiring_within=366',
    'expiring_within=2.5',
    'sort=name',
    'order=up',
  ])('refuses %s with {detail, code} 400', async (query) => {
    const res = await admin.client.get(`/api/v2/org/licenses?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.any(String) });
  });
});

describe('the export of the filtered view', () => {
  it('holds as CSV exactly the rows the table shows, in its order, formulas neutralised', async () => {
    const query = 'state=TX&sort=expiry';
    const table = await roster(admin.client, `?${query}`);
    const res = await viewer.client.raw(`/api/v2/org/licenses/export?format=csv&${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="licenses-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...records]: string[][] = parse(await res.text());
    expect(header).toEqual([
      'Physician',
      'Internal ID',
      'NPI',
      'Department',
      'State',
      'License number',
      'License type',
      'Status',
      'Board status',
      'Issued',
      'Expires',
      'Days to expiry',
      'Exclusion',
      'Needs attention',
    ]);
    expect(records.map((r) => r[5])).toEqual(table.rows.map((r) => r.license_number));
    expect(records.map((r) => r[0])).toEqual(table.rows.map((r) => r.physician));
    // The physician's identifiers, and the board's status in its own words (the fixture's board writes capitals).
    expect(records.find((r) => r[5] === n.graceTx)?.slice(1, 4)).toEqual(['HR-0042', '1245319599', 'Emergency']);
    expect(records.find((r) => r[5] === n.graceTx)?.slice(7, 9)).toEqual(['Suspended', 'SUSPENDED']);
    expect(records.find((r) => r[5] === n.alanTx)?.slice(1, 3)).toEqual(['', '']);

    const all: string[][] = parse(await (await admin.client.raw('/api/v2/org/licenses/export?format=csv')).text());
    expect(all).toHaveLength(9);
    expect(all.find((r) => r[5] === n.zedWa)?.[0]).toBe("'=Zed Quill");
  });

  it('as XLSX, the same rows with real dates', async () => {
    const res = await admin.client.raw('/api/v2/org/licenses/export?format=xlsx&expiring_within=60');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Licenses');
    const values: string[] = [];
    sheet?.eachRow((row, i) => {
      if (i > 1) values.push(String(row.getCell(6).value));
    });
    expect(values.sort()).toEqual([n.adaTx, n.adaCa, n.alanTx].sort());
    expect(sheet?.getRow(2).getCell(11).value).toBeInstanceOf(Date);
  });

  it('refuses a missing or unknown format, and another workspace exports only its own', async () => {
    expect((await admin.client.get('/api/v2/org/licenses/export')).status).toBe(400);
    expect((await admin.client.get('/api/v2/org/licenses/export?format=pdf')).body).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    const records: string[][] = parse(
      await (await stranger.client.raw('/api/v2/org/licenses/export?format=csv')).text(),
    );
    expect(records.slice(1).map((r) => r[0])).toEqual(['Other Clinic', 'Other Clinic']);
  });
});

describe('what waits about each physician', () => {
  beforeAll(async () => {
    const { db } = server.ctx;
    // Alan is on a list (confirmed); Ada has a namesake to review; Grace's lists were read and
    // named nobody; Zed's were never read.
    const [confirmed, possible] = await db
      .insert(exclusion)
      .values([
        { source: 'leie', entryKey: `ROSTER|${crypto.randomUUID()}`, lastName: 'TURING', exclType: '1128a1' },
        { source: 'sam', entryKey: `ROSTER|${crypto.randomUUID()}`, lastName: 'LOVELACE', exclType: '1128b4' },
      ])
      .returning({ id: exclusion.id });
    if (!confirmed || !possible) throw new Error('no exclusions');
    await db.insert(exclusionMatch).values([
      { reportId: reports.alan ?? '', exclusionId: confirmed.id, basis: 'npi', status: 'confirmed' },
      { reportId: reports.ada ?? '', exclusionId: possible.id, basis: 'name', status: 'possible' },
    ]);
    const checkedAt = new Date();
    await db
      .insert(exclusionCheck)
      .values(
        [reports.alan, reports.ada, reports.grace].flatMap((reportId) =>
          (['leie', 'sam'] as const).map((source) => ({ reportId: reportId ?? '', source, checkedAt })),
        ),
      );
  });

  it("carries the physician's exclusion standing and Needs attention on each of their rows", async () => {
    const rows = (await roster(admin.client, '?page_size=100')).rows as (Row & {
      exclusion: string;
      attention: Record<string, unknown>;
      needs_attention: number;
    })[];
    const of = (number: string | undefined) => rows.find((r) => r.license_number === number);
    expect(of(n.alanTx)).toMatchObject({
      exclusion: 'excluded',
      attention: { excluded: true, exclusion_reviews: 0, licenses: 0, matches: 0, verifications_due: 0 },
      needs_attention: 1,
    });
    for (const number of [n.adaTx, n.adaCa, n.adaNy])
      expect(of(number)).toMatchObject({
        exclusion: 'possible_match',
        attention: { exclusion_reviews: 1 },
        needs_attention: 1,
      });
    // Grace's suspended license makes every row of hers say so, as her report's counter does.
    for (const number of [n.graceTx, n.graceWa, n.graceOr])
      expect(of(number)).toMatchObject({ exclusion: 'not_excluded', attention: { licenses: 1 }, needs_attention: 1 });
    expect(of(n.zedWa)).toMatchObject({ exclusion: 'not_checked', needs_attention: 0 });
  });

  it('filters to the physicians needing attention, or to the excluded, every license of theirs', async () => {
    const waiting = await roster(admin.client, '?physician_status=needs_attention');
    expect(numbers(waiting.rows)).toEqual(
      [n.alanTx, n.adaTx, n.adaCa, n.adaNy, n.graceTx, n.graceWa, n.graceOr].sort(),
    );
    expect(waiting.counts.workspace).toEqual(WORKSPACE_COUNTS);
    expect(waiting.counts.filtered.total).toBe(7);
    expect(numbers((await roster(admin.client, '?physician_status=excluded')).rows)).toEqual([n.alanTx]);
    const refused = await admin.client.get('/api/v2/org/licenses?physician_status=anyone');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.any(String) });
  });

  it('exports the standing and what waits, in words', async () => {
    const [header, ...records]: string[][] = parse(
      await (await admin.client.raw('/api/v2/org/licenses/export?format=csv&physician_status=needs_attention')).text(),
    );
    expect(header?.slice(-2)).toEqual(['Exclusion', 'Needs attention']);
    expect(records.find((r) => r[5] === n.alanTx)?.slice(-2)).toEqual(['Excluded', 'Excluded']);
    expect(records.find((r) => r[5] === n.adaCa)?.slice(-2)).toEqual([
      'Possible match',
      '1 possible exclusion to review',
    ]);
    expect(records.find((r) => r[5] === n.graceWa)?.slice(-2)).toEqual(['Not excluded', '1 license status to review']);
  });
});

describe('saved views', () => {
  type View = { id: string; name: string; query: string };
  const views = async (person: Person) => (await person.client.get('/api/v2/org/licenses/views')).body.views as View[];

  it('saves the filters and sort by name, checked and in one order, and the same name replaces', async () => {
    const saved = await admin.client.post('/api/v2/org/licenses/views', {
      name: '  Texas, expiring soon ',
      query: '?sort=physician&state=tx&expiring_within=60&page=3&foo=bar',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: 'Texas, expiring soon',
      query: 'state=TX&expiring_within=60&sort=physician',
    });
    // The stored query opens the same rows as the filters typed by hand.
    const fromView = await roster(admin.client, `?${saved.body.query}`);
    expect(numbers(fromView.rows)).toEqual(numbers((await roster(admin.client, '?state=TX&expiring_within=60')).rows));

    const replaced = await admin.client.post('/api/v2/org/licenses/views', {
      name: 'Texas, expiring soon',
      query: 'state=TX&physician_status=needs_attention',
    });
    expect(replaced.body.id).toBe(saved.body.id);
    expect((await views(admin)).map((v) => [v.name, v.query])).toEqual([
      ['Texas, expiring soon', 'state=TX&physician_status=needs_attention'],
    ]);
  });

  it('keeps each user their own, a viewer too, and deletes only one of yours', async () => {
    const mine = await viewer.client.post('/api/v2/org/licenses/views', { name: 'Expired', query: 'status=expired' });
    expect(mine.status).toBe(200);
    expect((await views(viewer)).map((v) => v.name)).toEqual(['Expired']);
    expect((await views(admin)).map((v) => v.name)).not.toContain('Expired');
    // Another member's view, or one that does not exist: not found, and nothing goes.
    for (const id of [mine.body.id, 'no-such-view']) {
      const res = await admin.client.request('DELETE', `/api/v2/org/licenses/views/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', detail: expect.any(String) });
    }
    expect(await views(viewer)).toHaveLength(1);
    const gone = await viewer.client.request('DELETE', `/api/v2/org/licenses/views/${mine.body.id}`);
    expect(gone).toMatchObject({ status: 200, body: { id: mine.body.id, deleted: true } });
    expect(await views(viewer)).toEqual([]);
  });

  it('refuses filters the roster would refuse, an empty name, and a 21st view, changing nothing', async () => {
    for (const body of [
      { name: 'Bad state', query: 'state=ZZ' },
      { name: 'Bad window', query: 'expiring_within=999' },
      { name: '   ', query: 'status=expired' },
    ]) {
      const res = await owner.client.post('/api/v2/org/licenses/views', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.any(String) });
    }
    for (let i = 1; i <= 20; i++)
      expect((await owner.client.post('/api/v2/org/licenses/views', { name: `View ${i}`, query: '' })).status).toBe(
        200,
      );
    const full = await owner.client.post('/api/v2/org/licenses/views', { name: 'View 21', query: '' });
    expect(full).toMatchObject({ status: 409, body: { code: 'ROSTER_VIEWS_FULL' } });
    // Replacing one by its name still works at the limit.
    expect(
      (await owner.client.post('/api/v2/org/licenses/views', { name: 'View 3', query: 'status=expired' })).status,
    ).toBe(200);
    expect(await views(owner)).toHaveLength(20);
  });
});
