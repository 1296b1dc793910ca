import { randomUUID } from 'node:crypto';
import { stateName } from '@licensewatch/shared/states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBoardLicenseTypes } from '../src/modules/licensing/config/list-board-license-types.ts';
import { partitionBoardsByBulkFile } from '../src/modules/licensing/partition-boards-by-bulk-file.ts';
import type { SourceRecord } from '../src/modules/licensing/types.ts';
import { upsertLookedUpLicenses } from '../src/modules/licensing/upsert-looked-up-licenses.ts';
import { REPORT_EXPORT_COLUMNS } from '../src/modules/reports/exports/build-report-export-rows.ts';
import { syncAirtableBaseJob } from '../src/modules/reports/exports/sync-airtable-base-job.ts';
import { dailyRefreshJob } from '../src/modules/reports/update/daily-refresh-job.ts';
import { signedInOnPlan, waitFor } from './support/accounts.ts';
import { type AirtableStandIn, type StandInTable, startAirtableStandIn } from './support/airtable-stand-in.ts';
import type { HttpClient } from './support/http-client.ts';
import { type SimulatedBoards, startSimulatedBoards } from './support/simulated-boards.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const TOKEN = 'patStandIn.0123456789abcdef';
const WORKSPACE = 'wspStandIn0000001';

let airtable: AirtableStandIn;
let server: TestServer;
let boards: SimulatedBoards;
beforeAll(async () => {
  // Airtable pages lists at 100 records; 5 here so a re-sync must follow `offset` across pages.
  airtable = await startAirtableStandIn({ token: TOKEN, workspaceId: WORKSPACE, pageSize: 5 });
  server = await startTestServer({
    AIRTABLE_TOKEN: TOKEN,
    AIRTABLE_WORKSPACE_ID: WORKSPACE,
    AIRTABLE_API_URL: airtable.url,
  });
  boards = await startSimulatedBoards(server.ctx, { size: 200, seed: 7 });
});
afterAll(async () => {
  await server?.close();
  await boards?.sim.close();
  await airtable?.close();
});

// ---- A physician licensed in 12 states (more than one batch of 10), put into the registry by hand.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const PHYSICIAN = {
  firstName: 'Leocadia',
  middleName: 'Fern',
  lastName: 'Brightwater-Osei',
  licenseType: 'MD' as const,
};

let states: string[] = [];
beforeAll(async () => {
  const { lookupOnly } = partitionBoardsByBulkFile(server.ctx.licensing as NonNullable<typeof server.ctx.licensing>);
  const seen = new Set<string>();
  const picked = lookupOnly.filter((b) => {
    if (seen.has(b.jurisdiction) || !listBoardLicenseTypes(b.id).includes('MD')) return false;
    seen.add(b.jurisdiction);
    return true;
  });
  const records: SourceRecord[] = picked.slice(0, 12).map((board, i) => ({
    jurisdiction: board.jurisdiction,
    boardId: board.id,
    licenseType: 'MD',
    licenseNumber: `${board.jurisdiction}-A${4001 + i}`,
    firstName: PHYSICIAN.firstName,
    middleName: PHYSICIAN.middleName,
    lastName: PHYSICIAN.lastName,
    suffix: null,
    rawStatus: i === 3 ? 'EXPIRED' : 'ACTIVE',
    status: i === 3 ? 'expired' : 'active',
    issueDate: i === 5 ? null : '2010-02-01',
    expiryDate: i === 3 ? day(-20) : day(100 + i),
    discipline: i === 7 ? '=cmd|"/c calc"!A1 — consent order\n2019' : null,
  }));
  expect(records).toHaveLength(12);
  await upsertLookedUpLicenses(server.ctx, { records, sourceKind: 'html-lookup' });
  states = records.map((r) => stateName(r.jurisdiction));
});

type Account = { client: HttpClient; email: string };
const onPremium = (): Promise<Account> => signedInOnPlan(server);

type Job = { state: string; retry_count: number; output: { message?: string } | null };
async function syncJobs(reportId: string): Promise<Job[]> {
  const { rows } = await server.ctx.pool.query<Job>(
    `SELECT state, retry_count, output FROM pgboss.job WHERE name = 'sync-airtable-base' AND singleton_key = $1 ORDER BY created_on`,
    [reportId],
  );
  return rows;
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
};
/** The record Airtable should hold for a license of the licenses call (Airtable keeps no empty fields). */
function expectedFields(l: License): Record<string, unknown> {
  const cells = [
    l.state,
    l.license_number,
    l.license_type,
    l.name_on_license,
    l.status,
    l.board_status_text ?? l.board_status,
    l.issued,
    l.expired,
    l.days_to_expiry,
    l.discipline,
  ];
  // The Airtable table has no Source, Verified at, NPI or Internal ID fields (FILE_ONLY_COLUMNS).
  return Object.fromEntries(
    REPORT_EXPORT_COLUMNS.slice(0, cells.length)
      .map((name, i) => [name, cells[i]])
      .filter(([, v]) => v !== null),
  );
}
const byNumber = (a: { 'License number'?: unknown }, b: { 'License number'?: unknown }) =>
  String(a['License number']).localeCompare(String(b['License number']));

describe('Airtable base of a report', () => {
  let owner: Account;
  let reportId: string;
  let baseId: string;
  const tableOf = (): StandInTable => {
    const table = airtable.bases.get(baseId)?.tables[0];
    if (!table) throw new Error('no table');
    return table;
  };
  const baseCreates = () => airtable.calls.filter((c) => c.path === '/v0/meta/bases' && c.status === 200);

  it('creates a base in the workspace after the update, with typed fields, and upserts every license in batches of at most 10', async () => {
    owner = await onPremium();
    const created = await owner.client.post('/api/v2/reports/', { name: 'Dr. Brightwater-Osei', ...PHYSICIAN, states });
    expect(created.status).toBe(201);
    reportId = created.body.id;
    const report = await waitFor('the base link', async () => {
      const r = (await owner.client.get(`/api/v1/reports/${reportId}`)).body;
      return r.airtable_base_url ? r : null;
    });
    expect(report.airtable_base_url).toMatch(/^https:\/\/airtable\.com\/app[A-Za-z0-9]{14}$/);
    baseId = report.airtable_base_url.split('/').pop();
    await waitFor('the sync job', async () => (await syncJobs(reportId))[0]?.state === 'completed');

    expect(baseCreates()).toHaveLength(1);
    const request = baseCreates()[0]?.body as {
      name: string;
      workspaceId: string;
      tables: { name: string; fields: unknown[] }[];
    };
    expect(request).toMatchObject({
      name: 'Dr. Brightwater-Osei',
      workspaceId: WORKSPACE,
      tables: [{ name: 'Licenses' }],
    });
    expect(request.tables[0]?.fields).toEqual([
      { name: 'State', type: 'singleLineText' },
      { name: 'License number', type: 'singleLineText' },
      { name: 'License type', type: 'singleLineText' },
      { name: 'Name on license', type: 'singleLineText' },
      { name: 'Status', type: 'singleLineText' },
      { name: 'Board status', type: 'singleLineText' },
      { name: 'Issued', type: 'date', options: { dateFormat: { name: 'iso' } } },
      { name: 'Expires', type: 'date', options: { dateFormat: { name: 'iso' } } },
      { name: 'Days to expiry', type: 'number', options: { precision: 0 } },
      { name: 'Discipline', type: 'multilineText' },
    ]);

    const licenses: License[] = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body;
    expect(licenses).toHaveLength(12);
    expect(
      tableOf()
        .records.map((r) => r.fields)
        .sort(byNumber),
    ).toEqual(licenses.map(expectedFields).sort(byNumber));
    const upserts = airtable.calls.filter((c) => c.method === 'PATCH' && c.path.startsWith(`/v0/${baseId}/`));
    expect(upserts.map((c) => (c.body as { records: unknown[] }).records.length)).toEqual([10, 2]);
    for (const c of upserts) {
      expect((c.body as { performUpsert: unknown }).performUpsert).toEqual({
        fieldsToMergeOn: ['State', 'License number'],
      });
    }
  });

  it('on a re-sync (after the daily refresh) updates in place and deletes the records of licenses no longer tracked', async () => {
    const licenses: License[] = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body;
    const hidden = licenses.slice(0, 2);
    for (const l of hidden) {
      expect((await owner.client.request('PATCH', `/api/v2/reports/licenses/${l.id}`)).status).toBe(200);
    }
    const idsBefore = new Map(tableOf().records.map((r) => [r.fields['License number'], r.id]));
    const callsBefore = airtable.calls.length;

    await dailyRefreshJob(server.ctx);
    await waitFor('the re-sync', async () => tableOf().records.length === 10);
    await waitFor('the sync job', async () => (await syncJobs(reportId)).every((j) => j.state === 'completed'));

    const remaining: License[] = (await owner.client.get(`/api/v2/reports/${reportId}/licenses`)).body;
    expect(
      tableOf()
        .records.map((r) => r.fields)
        .sort(byNumber),
    ).toEqual(remaining.map(expectedFields).sort(byNumber));
    // The same records, updated rather than created again.
    for (const r of tableOf().records) expect(r.id).toBe(idsBefore.get(r.fields['License number']));
    expect(baseCreates()).toHaveLength(1);

    const calls = airtable.calls.slice(callsBefore);
    const lists = calls.filter((c) => c.method === 'GET');
    // 12 records before the delete, 5 a page: three pages, the later ones asked for by offset.
    expect(lists.map((c) => c.query.get('offset'))).toEqual([null, '5', '10']);
    const deletes = calls.filter((c) => c.method === 'DELETE');
    expect(deletes.flatMap((c) => c.query.getAll('records[]')).sort()).toEqual(
      hidden.map((l) => idsBefore.get(l.license_number)).sort(),
    );
    expect((await owner.client.get(`/api/v1/reports/${reportId}`)).body.airtable_base_url).toBe(
      `https://airtable.com/${baseId}`,
    );
  });

  it('waits out a 429 and goes on, within the same job', async () => {
    airtable.rateLimitNext({ retryAfterSeconds: 1 });
    const callsBefore = airtable.calls.length;
    const completedBefore = (await syncJobs(reportId)).length;
    await server.ctx.jobs.send('syncAirtableBase', { reportId }, { singletonKey: reportId });
    await waitFor('the sync job', async () => {
      const jobs = await syncJobs(reportId);
      return jobs.length > completedBefore && jobs.every((j) => j.state === 'completed');
    });
    const calls = airtable.calls.slice(callsBefore);
    expect(calls[0]?.status).toBe(429);
    // The refused request was sent again once the wait was over.
    expect(calls[1]).toMatchObject({ method: calls[0]?.method, path: calls[0]?.path, status: 200 });
    expect((await syncJobs(reportId)).at(-1)).toMatchObject({ state: 'completed', retry_count: 0 });
    expect(tableOf().records).toHaveLength(10);
  });

  it('fails the job on an outage with status and Airtable’s error type, and the retry succeeds once Airtable is back', async () => {
    airtable.failWith(503);
    const completedBefore = (await syncJobs(reportId)).length;
    try {
      await server.ctx.jobs.send('syncAirtableBase', { reportId }, { singletonKey: reportId });
      const failed = await waitFor('the failed sync', async () =>
        (await syncJobs(reportId)).find((j) => j.state === 'retry'),
      );
      expect(failed.output?.message).toMatch(/503 SERVICE_UNAVAILABLE/);
    } finally {
      airtable.failWith(null);
    }
    await server.ctx.pool.query(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'sync-airtable-base' AND singleton_key = $1 AND state = 'retry'`,
      [reportId],
    );
    await waitFor('the retried sync', async () => {
      const jobs = await syncJobs(reportId);
      return jobs.length > completedBefore && jobs.every((j) => j.state === 'completed');
    });
    expect((await syncJobs(reportId)).at(-1)).toMatchObject({ state: 'completed', retry_count: 1 });
    expect(baseCreates()).toHaveLength(1);
  });

  it('replaces a base deleted at Airtable with a new one on the next sync', async () => {
    airtable.bases.delete(baseId);
    await server.ctx.jobs.send('syncAirtableBase', { reportId }, { singletonKey: reportId });
    const url = await waitFor('the new link', async () => {
      const current = (await owner.client.get(`/api/v1/reports/${reportId}`)).body.airtable_base_url as string;
      return current !== `https://airtable.com/${baseId}` ? current : null;
    });
    baseId = url.split('/').pop() as string;
    await waitFor('the records', async () => tableOf().records.length === 10);
    expect(baseCreates()).toHaveLength(2);
  });

  it('a report deleted before its sync runs: nothing is sent to Airtable and the job succeeds', async () => {
    const before = airtable.calls.length;
    await expect(syncAirtableBaseJob(server.ctx, { reportId: randomUUID() })).resolves.toBeUndefined();
    expect(airtable.calls.length).toBe(before);
  });
});
