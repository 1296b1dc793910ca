import { MESSAGES } from '@licensewatch/shared/messages';
import type { RosterRow } from '@licensewatch/shared/roster-import';
import {
  ROSTER_IMPORT_MESSAGES as M,
  ROSTER_IMPORT_LIMITS as M_LIMITS,
} from '@licensewatch/shared/roster-import-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rosterImport } from '../src/modules/organisations/tables.ts';
import { deflatedZeros, lyingZip } from '../src/platform/zip/lying-zip-test-support.ts';
import { writeStoredZip } from '../src/platform/zip/write-stored-zip.ts';
import { signedInOnPlan, waitFor } from './support/accounts.ts';
import type { HttpClient } from './support/http-client.ts';
import { organisationOf } from './support/identities.ts';
import { type NppesStandIn, startNppesStandIn } from './support/nppes-stand-in.ts';
import { importRosterAndWait, rosterUpload } from './support/roster-imports.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let nppes: NppesStandIn;

beforeAll(async () => {
  nppes = await startNppesStandIn([
    {
      number: '1234567893',
      basic: { first_name: 'MARY-JANE', middle_name: 'ANN', last_name: "O'NEIL", credential: 'M.D.' },
      taxonomies: [{ state: 'TX', license: 'Q1234' }, { state: 'CA' }, { state: 'PR' }],
    },
    { number: '1245319599', basic: { first_name: 'PAT', last_name: 'LEE', credential: 'NP' }, taxonomies: [] },
  ]);
  server = await startTestServer({ NPPES_API_URL: nppes.url });
});
afterAll(async () => {
  await server?.close();
  await nppes?.close();
});

const reportCount = async (client: HttpClient) => ((await client.get('/api/v1/reports/')).body as unknown[]).length;

describe('roster import preview', () => {
  it('names each bad cell by row and column, and flags duplicates within the file', async () => {
    const { client } = await signedInOnPlan(server, { planName: 'enterprise' });
    const csv = [
      'First Name,Middle,Last Name,Credential,NPI,States,Employee ID,Dept',
      'Ada,,Okafor,MD,1234567893,TX; California,E1,Cardiology',
      ',,Walsh,DO,,,E2,',
      'Cy,,Diaz,RN,1234567890,Texas;Atlantis,E3,',
      'Dee,,Fox,DO,,,E1,',
      'Eve,,Gray,M.D.,1234567893,,E5,',
      'Fay,,Hill,do,,,,',
      'fay,,hill,DO,,WA,,',
    ].join('\n');
    const res = await client.post('/api/v2/roster-imports/preview', rosterUpload(csv));
    expect(res.status).toBe(200);
    expect(res.body.columns.map((c: { column: string }) => c.column)).toEqual([
      'firstName',
      'middleName',
      'lastName',
      'licenseType',
      'npi',
      'states',
      'externalId',
      'department',
    ]);
    const rows = res.body.rows as { row: number; action: string; errors: { column: string; message: string }[] }[];
    const errorsOf = (row: number) => rows.find((r) => r.row === row)?.errors;
    expect(rows.find((r) => r.row === 2)).toMatchObject({ action: 'create', errors: [], states: ['CA', 'TX'] });
    expect(errorsOf(3)).toEqual([{ column: 'firstName', message: M.required('First name') }]);
    expect(errorsOf(4)).toEqual([
      { column: 'licenseType', message: M.licenseType('RN') },
      { column: 'npi', message: M.npiFormat('1234567890') },
      { column: 'states', message: M.unknownState('Atlantis') },
    ]);
    expect(errorsOf(5)).toEqual([{ column: 'externalId', message: M.duplicateId(2) }]);
    expect(errorsOf(6)).toEqual([{ column: 'npi', message: M.duplicateNpi(2) }]);
    expect(rows.find((r) => r.row === 7)).toMatchObject({ action: 'create', all_states: true });
    expect(rows.find((r) => r.row === 8)).toMatchObject({ action: 'error', duplicate_of: 7 });
    expect(res.body.counts).toEqual({ total: 7, create: 2, update: 0, unchanged: 0, error: 5 });
  });

  it('refuses a file without the required columns, saying which', async () => {
    const { client } = await signedInOnPlan(server, { planName: 'enterprise' });
    const res = await client.post('/api/v2/roster-imports/preview', rosterUpload('Name,State\nAda Okafor,TX\n'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'ROSTER_FILE_INVALID',
      detail: M.missingColumns(['First name', 'Last name', 'License type']),
    });
    const binary = await client.post('/api/v2/roster-imports/preview', {
      fileName: 'x.xls',
      content: Buffer.from([0xd0, 0xcf, 0x11, 0x00, 0x01]).toString('base64'),
    });
    expect(binary.body).toMatchObject({ code: 'ROSTER_FILE_INVALID', detail: M.unsupportedFile });
  });

  it('refuses a small XLSX that unpacks to far more than a roster, before reading it', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Roster');
    sheet.addRow(['First name', 'Last name', 'License type']);
    // 60 MB of one repeated letter: kilobytes once zipped, under the 2 MB upload limit.
    sheet.addRow(['Ada', 'x'.repeat(30 * 1024 * 1024), 'MD']);
    sheet.addRow(['Ben', 'y'.repeat(30 * 1024 * 1024), 'MD']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    const { client } = await signedInOnPlan(server, { planName: 'enterprise' });
    const res = await client.post('/api/v2/roster-imports/preview', {
      fileName: 'bomb.xlsx',
      content: bytes.toString('base64'),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'ROSTER_FILE_INVALID', detail: M.xlsxTooLarge });
  }, 60_000);

  it('refuses an XLSX whose headers understate what it inflates to, within seconds and bounded memory', async () => {
    const bomb = lyingZip([{ name: 'xl/worksheets/sheet1.xml', packed: deflatedZeros(400), declared: 1000 }]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const { client } = await signedInOnPlan(server, { planName: 'enterprise' });
    const before = process.memoryUsage().rss;
    let peak = before;
    // The server runs in this process: its memory is ours, sampled while it answers.
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const started = performance.now();
    const res = await client.post('/api/v2/roster-imports/preview', {
      fileName: 'roster.xlsx',
      content: bomb.toString('base64'),
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const grown = (peak - before) / 1024 / 1024;
    const measured = `${seconds.toFixed(1)} s, ${grown.toFixed(0)} MB more memory`;
    expect(seconds, measured).toBeLessThan(5);
    expect(grown, measured).toBeLessThan(200);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'ROSTER_FILE_INVALID', detail: M.xlsxTooLarge });
    // Measured 1.6 s and 40 MB with the machine busy (8.7 s and 430 MB while the whole entry was inflated).
  }, 30_000);

  it('refuses an XLSX of more parts than a workbook has', async () => {
    const parts = Array.from({ length: M_LIMITS.maxZipEntries + 1 }, (_, i) => ({
      name: `p${i}.xml`,
      data: Buffer.alloc(0),
    }));
    const { client } = await signedInOnPlan(server, { planName: 'enterprise' });
    const res = await client.post('/api/v2/roster-imports/preview', {
      fileName: 'roster.xlsx',
      content: writeStoredZip(parts).toString('base64'),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'ROSTER_FILE_INVALID', detail: M.xlsxTooManyParts });
  });

  it('reads an XLSX roster', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Roster');
    sheet.addRow(['First name', 'Last name', 'License type', 'States']);
    sheet.addRow(['Ada', 'Okafor', 'MD', 'OR']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const { client } = await signedInOnPlan(server, { planName: 'enterprise' });
    const res = await client.post('/api/v2/roster-imports/preview', { fileName: 'roster.xlsx', content });
    expect(res.status).toBe(200);
    expect(res.body.rows).toMatchObject([{ row: 2, first_name: 'Ada', states: ['OR'], action: 'create' }]);
  });
});

describe('roster import', () => {
  const roster = [
    'First name,Last name,License type,NPI,States,Internal id,Department',
    'Ada,Okafor,MD,1234567893,TX,E1,Cardiology',
    'Ben,Walsh,DO,,OR;WA,E2,',
    'Cy,Diaz,MD,,NY,,Emergency',
    'Bad,Row,XX,,,,',
  ].join('\n');

  it('creates the valid rows in one job, and re-importing the same file changes nothing', async () => {
    const { client } = await signedInOnPlan(server, { planName: 'enterprise' });
    const done = await importRosterAndWait(client, roster);
    expect(done).toMatchObject({ status: 'done', total_rows: 3, processed_rows: 3, created: 3, skipped: 1, failed: 0 });
    expect(await reportCount(client)).toBe(3);

    const again = await importRosterAndWait(client, roster);
    expect(again).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 3, failed: 0 });
    expect(await reportCount(client)).toBe(3);

    // A changed department and an added state update the report found by its internal id.
    const changed = roster.replace('OR;WA,E2,', 'OR;WA;ID,E2,Surgery');
    const preview = await client.post('/api/v2/roster-imports/preview', rosterUpload(changed));
    expect(preview.body.rows[1]).toMatchObject({ action: 'update', changes: ['Department', 'States +1'] });
    const updated = await importRosterAndWait(client, changed);
    expect(updated).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    const reports = (await client.get('/api/v1/reports/')).body as { last_name: string; states: string[] }[];
    expect(reports.find((r) => r.last_name === 'Walsh')?.states).toEqual(['Idaho', 'Oregon', 'Washington']);
  });

  it('spends one credit per new report, as creating them one by one does, and reports the rows it could not', async () => {
    // Basic: 3 report credits.
    const { client } = await signedInOnPlan(server, { planName: 'basic' });
    const five = [
      'First name,Last name,License type,States',
      ...['Ann', 'Bo', 'Cal', 'Di', 'Ed'].map((n) => `${n},Moss,MD,OR`),
    ].join('\n');
    const done = await importRosterAndWait(client, five);
    expect(done).toMatchObject({ status: 'done', created: 3, failed: 2 });
    expect(done.failures).toEqual([
      { row: 5, message: MESSAGES.reports.noReportCredits },
      { row: 6, message: MESSAGES.reports.noReportCredits },
    ]);
    expect(await reportCount(client)).toBe(3);
    // Again: the three are found, nothing is spent, the two still fail.
    const again = await importRosterAndWait(client, five);
    expect(again).toMatchObject({ created: 0, unchanged: 3, failed: 2 });
    expect(await reportCount(client)).toBe(3);
  });

  it("flags rows over the plan's states-per-report limit before importing", async () => {
    // Free: one state per report.
    const { client } = await signedInOnPlan(server, { planName: 'free' });
    const res = await client.post(
      '/api/v2/roster-imports/preview',
      rosterUpload('First name,Last name,License type,States\nAnn,Moss,MD,OR;WA\nBo,Moss,MD,OR\n'),
    );
    expect(res.body.rows[0].errors).toEqual([{ column: 'states', message: M.tooManyStates('Free', 1) }]);
  });

  it('refuses a viewer, and another workspace cannot see an import', async () => {
    const owner = await signedInOnPlan(server, { planName: 'enterprise' });
    const viewer = await signedInOnPlan(server, { planName: 'enterprise' });
    await organisationOf(server, { owner, viewer });
    for (const path of ['/api/v2/roster-imports/preview', '/api/v2/roster-imports/']) {
      const res = await viewer.client.post(path, rosterUpload(roster));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('VIEWER_READ_ONLY');
    }
    const done = await importRosterAndWait(owner.client, roster);
    const other = await signedInOnPlan(server, { planName: 'enterprise' });
    const res = await other.client.get(`/api/v2/roster-imports/${done.id}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect((await viewer.client.get(`/api/v2/roster-imports/${done.id}`)).status).toBe(404);
  });

  it('marks an import failed once its job has used up its retries, saying how to finish it', async () => {
    const { client, userId } = await signedInOnPlan(server, { planName: 'enterprise' });
    // A stored row the job cannot read: every try fails with an error of ours, not a row's.
    const [stored] = await server.ctx.db
      .insert(rosterImport)
      .values({
        workspaceId: userId,
        createdBy: userId,
        fileName: 'broken.csv',
        totalRows: 1,
        rows: [{ row: 2 } as unknown as RosterRow],
      })
      .returning({ id: rosterImport.id });
    const id = stored?.id as string;
    // No retry, so that the dead letter comes at once rather than after the backoff's minutes: the
    // queue's own setting, which a job takes when it is sent.
    await server.ctx.db.execute(sql`UPDATE pgboss.queue SET retry_limit = 0 WHERE name = 'roster-import'`);
    let failed: { status: string };
    try {
      await server.ctx.jobs.send('rosterImport', { importId: id });
      failed = await waitFor(
        'the import to be marked failed',
        async () => {
          const res = await client.get(`/api/v2/roster-imports/${id}`);
          return res.body.status === 'failed' ? res.body : null;
        },
        200,
      );
    } finally {
      await server.ctx.db.execute(sql`UPDATE pgboss.queue SET retry_limit = 5 WHERE name = 'roster-import'`);
    }
    expect(failed).toMatchObject({ status: 'failed', error: M.importStopped, processed_rows: 0 });
  });

  it('refuses a file with no importable row', async () => {
    const { client } = await signedInOnPlan(server, { planName: 'enterprise' });
    const res = await client.post(
      '/api/v2/roster-imports/',
      rosterUpload('First name,Last name,License type\nA,B,XX\n'),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'ROSTER_NOTHING_TO_IMPORT', detail: M.nothingToImport });
  });
});

describe('GET /api/v2/reports/npi/:npi', () => {
  it('answers name, license type and states from NPPES', async () => {
    const { client } = await signedInOnPlan(server, { planName: 'enterprise' });
    const res = await client.get('/api/v2/reports/npi/1234567893');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      npi: '1234567893',
      first_name: 'Mary-Jane',
      middle_name: 'Ann',
      last_name: "O'Neil",
      license_type: 'MD',
      states: ['CA', 'TX'],
    });
    expect(nppes.calls.at(-1)?.get('number')).toBe('1234567893');
  });

  it('answers 404 for an NPI NPPES does not list (or not a physician), 400 for a malformed one, 503 when NPPES is down', async () => {
    const { client } = await signedInOnPlan(server, { planName: 'enterprise' });
    expect((await client.get('/api/v2/reports/npi/1679576722')).body).toEqual({
      code: 'NPI_NOT_FOUND',
      detail: M.npiNotFound,
    });
    expect((await client.get('/api/v2/reports/npi/1245319599')).status).toBe(404);
    const calls = nppes.calls.length;
    const bad = await client.get('/api/v2/reports/npi/1234567890');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'NPI_INVALID', detail: M.npiInvalid });
    expect(nppes.calls.length).toBe(calls);
    nppes.down = true;
    try {
      const down = await client.get('/api/v2/reports/npi/1234567893');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ code: 'NPI_UNAVAILABLE', detail: M.npiUnavailable });
    } finally {
      nppes.down = false;
    }
  });
});
