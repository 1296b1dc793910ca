// A report's counters (docs/product-rules.md, License status and What is counted): stored on the
// report when an update or refresh ends and when hiding changes the set, always equal to what the
// licenses call shows, and a license whose board status is not active never counted or shown as
// Active. Through HTTP against the real database, the board simulator serving licenses.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { license } from '../src/modules/licensing/tables.ts';
import type { SourceRecord } from '../src/modules/licensing/types.ts';
import { upsertLookedUpLicenses } from '../src/modules/licensing/upsert-looked-up-licenses.ts';
import { report } from '../src/modules/reports/tables.ts';
import { refreshReport } from '../src/modules/reports/update/refresh-report.ts';
import { signedInOnPlan } from './support/accounts.ts';
import type { HttpClient } from './support/http-client.ts';
import { createReportAndWait, reportBodyFor } from './support/reports.ts';
import { type SimulatedBoards, withSimulatedBoards } from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 600, seed: 7 }, (running) => {
  ({ server, boards } = running);
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Row = { id: string; license_number: string; standing: string; status: string; board_status: string };

/** The counters of the report call, of the list, and stored on the report, each equal to the rows shown. */
async function expectCountersMatchTable(client: HttpClient, reportId: string) {
  const rows: Row[] = (await client.get(`/api/v2/reports/${reportId}/licenses`)).body;
  const by = (standing: string) => rows.filter((r) => r.standing === standing).length;
  const fromTable = {
    total_license: rows.length,
    active_license: by('active') + by('expiring'),
    expiring_license: by('expiring'),
    expired_license: by('expired'),
    needs_attention_license: by('attention'),
  };
  expect((await client.get(`/api/v1/reports/${reportId}`)).body).toMatchObject(fromTable);
  const listed = (await client.get('/api/v1/reports/')).body.find((r: { id: string }) => r.id === reportId);
  expect(listed).toMatchObject(fromTable);
  for (const row of rows) {
    expect(row.status === 'Active').toBe(row.standing === 'active' || row.standing === 'expiring');
    if (row.board_status !== 'active' && row.board_status !== 'expired') expect(row.standing).toBe('attention');
  }
  return { rows, counts: fromTable };
}

async function storedCounts(reportId: string) {
  const [row] = await server.ctx.db.select().from(report).where(eq(report.id, reportId));
  if (!row) throw new Error('no report');
  return {
    total_license: row.totalLicenses,
    active_license: row.activeLicenses,
    expiring_license: row.expiringLicenses,
    expired_license: row.expiredLicenses,
    needs_attention_license: row.needsAttentionLicenses,
  };
}

const PERSON = { firstName: 'Philippa', middleName: 'Rowan', lastName: 'Quenby', licenseType: 'MD' as const };

function record(
  boardId: string,
  jurisdiction: SourceRecord['jurisdiction'],
  licenseNumber: string,
  status: SourceRecord['status'],
  rawStatus: string,
  expiryDate: string | null,
  discipline: string | null = null,
): SourceRecord {
  return {
    ...PERSON,
    jurisdiction,
    boardId,
    licenseNumber,
    suffix: null,
    rawStatus,
    status,
    issueDate: '2012-03-01',
    expiryDate,
    discipline,
  };
}

describe('a report with a suspended license', () => {
  let client: HttpClient;
  let userId: string;
  let reportId: string;
  beforeAll(async () => {
    await upsertLookedUpLicenses(server.ctx, {
      sourceKind: 'html-lookup',
      records: [
        record('nd-med', 'ND', 'ND-PQ1', 'active', 'Active', day(300)),
        record('vt-md', 'VT', 'VT-PQ2', 'active', 'ACTIVE', day(42)), // the last day of expiring
        record(
          'or-med',
          'OR',
          'OR-PQ3',
          'suspended',
          'Suspended - Emergency Order',
          day(200),
          'Emergency suspension order',
        ),
        record('ny-med', 'NY', 'NY-PQ4', 'probation', 'Active - Probation', day(500), 'Probation, 2 years'),
      ],
    });
    ({ client, userId } = await signedInOnPlan(server));
    reportId = await createReportAndWait(client, {
      ...PERSON,
      states: ['North Dakota', 'Vermont', 'Oregon', 'New York'],
    });
  });

  it('lists what waits in the Action needed inbox, from the same counts, worst first, until it is resolved', async () => {
    const inbox = async () => (await client.get('/api/v2/action-needed')).body;
    const subject = 'Philippa Rowan Quenby';
    const first = await inbox();
    expect(first.items).toEqual([
      { kind: 'license_status', subject, report_id: reportId, import_id: null, count: 2 },
      { kind: 'expiring', subject, report_id: reportId, import_id: null, count: 1 },
    ]);
    expect(first.total).toBe(3);

    // A roster import that failed whole is an item until a later import finishes without failures.
    const importRow = (status: string, failed: number) =>
      server.ctx.pool.query<{ id: string }>(
        `INSERT INTO roster_import (workspace_id, file_name, status, failed_count, rows, created_at)
         VALUES ($1, 'roster.csv', $2, $3, '[]', now()) RETURNING id`,
        [userId, status, failed],
      );
    const failed = await importRow('failed', 0);
    expect((await inbox()).items.at(-1)).toEqual({
      kind: 'import_failed',
      subject: 'roster.csv',
      report_id: null,
      import_id: failed.rows[0]?.id,
      count: 0,
    });
    expect((await inbox()).total).toBe(4);
    await importRow('done', 0);
    expect((await inbox()).items.map((i: { kind: string }) => i.kind)).toEqual(['license_status', 'expiring']);

    // Another workspace's inbox holds none of it.
    const other = await signedInOnPlan(server);
    expect((await other.client.get('/api/v2/action-needed')).body).toEqual({
      total: 0,
      items: [],
      expiring_within_days: 42,
    });
    // Signed out: 401, like every workspace call.
    expect((await fetch(`${server.url}/api/v2/action-needed`)).status).toBe(401);
  });

  it('stores counters when the update ends that equal the table', async () => {
    const { counts } = await expectCountersMatchTable(client, reportId);
    expect(counts).toEqual({
      total_license: 4,
      active_license: 2,
      expiring_license: 1,
      expired_license: 0,
      needs_attention_license: 2,
    });
    expect(await storedCounts(reportId)).toEqual(counts);
  });

  it('shows the suspended license with the board’s wording and discipline, never as Active', async () => {
    const { rows } = await expectCountersMatchTable(client, reportId);
    expect(rows.find((r) => r.license_number === 'OR-PQ3')).toMatchObject({
      status: 'Suspended',
      standing: 'attention',
      board_status: 'suspended',
      board_status_text: 'Suspended - Emergency Order',
      discipline: 'Emergency suspension order',
    });
    expect(rows.find((r) => r.license_number === 'NY-PQ4')).toMatchObject({
      status: 'Probation',
      board_status_text: 'Active - Probation',
    });
  });

  it('recounts when the registry changes a license under the report (the nightly ingest), before any refresh', async () => {
    await server.ctx.db
      .update(license)
      .set({ status: 'suspended', rawStatus: 'SUSPENDED', updatedAt: sql`now()` })
      .where(eq(license.licenseNumber, 'ND-PQ1'));
    const { counts } = await expectCountersMatchTable(client, reportId);
    expect(counts).toMatchObject({ active_license: 1, needs_attention_license: 3 });
  });

  it('stores counters when a refresh ends that equal the table', async () => {
    await refreshReport(server.ctx, reportId);
    const { counts } = await expectCountersMatchTable(client, reportId);
    expect(await storedCounts(reportId)).toEqual(counts);
  });

  it('stores counters when a license is hidden', async () => {
    const { rows } = await expectCountersMatchTable(client, reportId);
    const suspended = rows.find((r) => r.license_number === 'OR-PQ3');
    expect((await client.request('PATCH', `/api/v2/reports/licenses/${suspended?.id}`)).status).toBe(200);
    const stored = await storedCounts(reportId);
    const { counts } = await expectCountersMatchTable(client, reportId);
    expect(stored).toEqual(counts);
    expect(counts).toMatchObject({ total_license: 3, needs_attention_license: 2 });
  });

  it('recounts on the day the calendar moves a license into expiring or expired', async () => {
    // As if the counts had been taken weeks ago: the day they were good until has come.
    await server.ctx.db.execute(
      sql`UPDATE report SET expiring_licenses = 0, active_licenses = 9, counts_valid_until = ${day(0)}::date WHERE id = ${reportId}`,
    );
    const { counts } = await expectCountersMatchTable(client, reportId);
    expect(counts).toMatchObject({ active_license: 1, expiring_license: 1 });
    // The VT license expires in 42 days: that is the day the stored counts are good until.
    const [row] = await server.ctx.db.select().from(report).where(eq(report.id, reportId));
    expect(row?.countsValidUntil).toBe(day(42));
  });
});

describe('a simulated physician', () => {
  it('has counters equal to the table after the update, the refresh and hiding, whatever their statuses', async () => {
    const person = boards.persons.find(
      (p) =>
        p.licenses.length >= 2 &&
        p.licenses.every((l) => l.licenseNumber && l.licenseType === p.licenses[0]?.licenseType) &&
        p.licenses.some((l) => l.status !== 'active') &&
        !p.suffix,
    );
    if (!person) throw new Error('no simulated physician with a license that is not active');
    const { client } = await signedInOnPlan(server);
    const id = await createReportAndWait(client, reportBodyFor(person));
    const first = await expectCountersMatchTable(client, id);
    expect(first.counts.total_license).toBeGreaterThan(0);
    expect(await storedCounts(id)).toEqual(first.counts);
    await refreshReport(server.ctx, id);
    const refreshed = await expectCountersMatchTable(client, id);
    expect(await storedCounts(id)).toEqual(refreshed.counts);
    const [one] = refreshed.rows;
    await client.request('PATCH', `/api/v2/reports/licenses/${one?.id}`);
    const hidden = await expectCountersMatchTable(client, id);
    expect(hidden.counts.total_license).toBe(refreshed.counts.total_license - 1);
    expect(await storedCounts(id)).toEqual(hidden.counts);
  });
});
