// Bulk actions on the roster (docs/product-rules.md, The roster): hide, refresh and export the
// selected rows, within the acting workspace only. Through HTTP against the real database; the
// licenses go straight into the tables, and the refresh jobs are read from the queue (no worker).
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { report } from '../src/modules/reports/tables.ts';
import { organisationOf, type Person, signedInPerson } from './support/identities.ts';
import { addRosterReport } from './support/roster.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
/** Works in their own workspace (organisationOf moves only the admin and the viewer into the organisation). */
let owner: Person;
let admin: Person;
let viewer: Person;
let stranger: Person;
let organisationId: string;

beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
  [owner, admin, viewer, stranger] = await Promise.all([
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server),
  ]);
  organisationId = await organisationOf(server, { owner, admin, viewer }, 'Bulk Clinic');
  // Room to restore a hidden license: Free tracks one.
  await assignPlan(server.ctx.db, {
    userId: organisationId,
    planName: 'premium',
    trial: false,
    endDate: new Date(Date.now() + 30 * 86_400_000),
    reason: 'plan-change',
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Row = { id: string; report_id: string; license_number: string; physician: string };
async function rosterRows(client: Person['client']): Promise<Row[]> {
  const res = await client.get('/api/v2/org/licenses?page_size=100');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { rows: Row[] }).rows;
}
const idsOf = async (client: Person['client'], numbers: string[]) =>
  (await rosterRows(client)).filter((r) => numbers.includes(r.license_number)).map((r) => r.id);

/** A report whose update has finished, as one the daily refresh would refresh. */
async function updated(reportId: string) {
  await server.ctx.db.update(report).set({ updateExecutedAt: new Date() }).where(eq(report.id, reportId));
}

async function refreshJobs(): Promise<string[]> {
  const { rows } = await server.ctx.pool.query<{ report_id: string }>(
    `SELECT data->>'reportId' AS report_id FROM pgboss.job WHERE name = 'refresh-report' AND state < 'completed'`,
  );
  return rows.map((r) => r.report_id).sort();
}

describe('hiding selected licenses', () => {
  it("hides the workspace's selected rows as the report page does; another workspace's ids change nothing", async () => {
    const ada = await addRosterReport(server, organisationId, { firstName: 'Ada', lastName: 'Hideaway' }, [
      { state: 'TX', expiresIn: 20 },
      { state: 'CA', expiresIn: 50 },
      { state: 'NY', expiresIn: 80 },
    ]);
    const theirs = await addRosterReport(server, stranger.userId, { firstName: 'Other', lastName: 'Clinic' }, [
      { state: 'TX', expiresIn: 10 },
    ]);
    const [theirId] = await idsOf(stranger.client, theirs.numbers);
    const selected = await idsOf(admin.client, ada.numbers.slice(0, 2));
    expect(selected).toHaveLength(2);

    const res = await admin.client.post('/api/v2/org/licenses/hide', { ids: [...selected, theirId, 'no-such-row'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.hidden).toBe(2);
    expect(res.body.rows).toEqual([
      ...selected.map((id) => ({ id, outcome: 'hidden' })),
      { id: theirId, outcome: 'missing' },
      { id: 'no-such-row', outcome: 'missing' },
    ]);

    // They leave the roster and the report's counts, and wait under the report's hidden licenses.
    const left = (await rosterRows(admin.client)).filter((r) => r.report_id === ada.reportId);
    expect(left.map((r) => r.license_number)).toEqual([ada.numbers[2]]);
    const hidden = await admin.client.get(`/api/v2/reports/${ada.reportId}/licenses/hidden`);
    expect(hidden.status).toBe(200);
    expect((hidden.body as { license_number: string }[]).map((l) => l.license_number).sort()).toEqual(
      ada.numbers.slice(0, 2).sort(),
    );
    expect((await admin.client.get(`/api/v1/reports/${ada.reportId}`)).body.total_license).toBe(1);
    // The stranger's license is still tracked.
    expect(await idsOf(stranger.client, theirs.numbers)).toEqual([theirId]);

    // Restoring from the report page works as for a license hidden there.
    const restored = await admin.client.patch(`/api/v2/reports/licenses/${selected[0]}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(await idsOf(admin.client, [ada.numbers[0] ?? ''])).toEqual([selected[0]]);
  });

  it('refuses a viewer with 403 VIEWER_READ_ONLY and hides nothing', async () => {
    const bo = await addRosterReport(server, organisationId, { firstName: 'Bo', lastName: 'Viewed' }, [
      { state: 'WA', expiresIn: 90 },
    ]);
    const ids = await idsOf(viewer.client, bo.numbers);
    const res = await viewer.client.post('/api/v2/org/licenses/hide', { ids });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('VIEWER_READ_ONLY');
    expect(await idsOf(viewer.client, bo.numbers)).toEqual(ids);
  });
});

describe('refreshing the selected rows’ reports', () => {
  it('queues each report once, says which were already updating, and ignores rows not the workspace’s', async () => {
    const cy = await addRosterReport(server, organisationId, { firstName: 'Cy', lastName: 'Refresher' }, [
      { state: 'TX', expiresIn: 20 },
      { state: 'CA', expiresIn: 40 },
    ]);
    const di = await addRosterReport(server, organisationId, { firstName: 'Di', lastName: 'Refresher' }, [
      { state: 'OR', expiresIn: 60 },
    ]);
    // Ed's update is still running (never finished): his report is left to it.
    const ed = await addRosterReport(server, organisationId, { firstName: 'Ed', lastName: 'Updating' }, [
      { state: 'NV', expiresIn: 60 },
    ]);
    const theirs = await addRosterReport(server, stranger.userId, { firstName: 'Fay', lastName: 'Elsewhere' }, [
      { state: 'TX', expiresIn: 10 },
    ]);
    await Promise.all([updated(cy.reportId), updated(di.reportId), updated(theirs.reportId)]);
    const [theirId] = await idsOf(stranger.client, theirs.numbers);
    const ids = await idsOf(admin.client, [...cy.numbers, ...di.numbers, ...ed.numbers]);
    expect(ids).toHaveLength(4);
    const before = await refreshJobs();

    const res = await admin.client.post('/api/v2/org/licenses/refresh', { ids: [...ids, theirId] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      reports: [
        { report_id: cy.reportId, physician: 'Cy Refresher', outcome: 'refreshing' },
        { report_id: di.reportId, physician: 'Di Refresher', outcome: 'refreshing' },
        { report_id: ed.reportId, physician: 'Ed Updating', outcome: 'already_updating' },
      ],
      missing: [theirId],
    });
    // One refresh per report, Cy's two licenses notwithstanding; none for Ed's or the stranger's.
    expect(await refreshJobs()).toEqual([...before, cy.reportId, di.reportId].sort());

    // Asked again while those refreshes wait: nothing more is queued, and it says so.
    const again = await admin.client.post('/api/v2/org/licenses/refresh', { ids: ids.slice(0, 1) });
    expect(again.body.reports).toEqual([
      { report_id: cy.reportId, physician: 'Cy Refresher', outcome: 'already_updating' },
    ]);
    expect(await refreshJobs()).toEqual([...before, cy.reportId, di.reportId].sort());
  });

  it('refuses a viewer (403 VIEWER_READ_ONLY) and an expired plan (403 PLAN_EXPIRED), queueing nothing', async () => {
    const gus = await addRosterReport(server, organisationId, { firstName: 'Gus', lastName: 'Refused' }, [
      { state: 'TX', expiresIn: 20 },
    ]);
    await updated(gus.reportId);
    const ids = await idsOf(admin.client, gus.numbers);
    const before = await refreshJobs();
    const byViewer = await viewer.client.post('/api/v2/org/licenses/refresh', { ids });
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.code).toBe('VIEWER_READ_ONLY');

    // A workspace of its own whose plan has ended: refused like every report change.
    const lapsed = await signedInPerson(server);
    const mine = await addRosterReport(server, lapsed.userId, { firstName: 'Hal', lastName: 'Lapsed' }, [
      { state: 'TX', expiresIn: 20 },
    ]);
    await updated(mine.reportId);
    await assignPlan(server.ctx.db, {
      userId: lapsed.userId,
      planName: 'premium',
      trial: false,
      endDate: new Date(Date.now() - 86_400_000),
      reason: 'plan-change',
    });
    const lapsedIds = await idsOf(lapsed.client, mine.numbers);
    for (const path of ['/api/v2/org/licenses/refresh', '/api/v2/org/licenses/hide']) {
      const res = await lapsed.client.post(path, { ids: lapsedIds });
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe('PLAN_EXPIRED');
    }
    expect(await refreshJobs()).toEqual(before);
    expect(await idsOf(lapsed.client, mine.numbers)).toEqual(lapsedIds);
  });
});

describe('exporting the selected rows', () => {
  it('downloads exactly the selected rows of the workspace, never another’s', async () => {
    const ivy = await addRosterReport(server, organisationId, { firstName: 'Ivy', lastName: 'Exported' }, [
      { state: 'TX', expiresIn: 20 },
      { state: 'CA', expiresIn: 50 },
      { state: 'NY', expiresIn: 70 },
    ]);
    const theirs = await addRosterReport(server, stranger.userId, { firstName: 'Jo', lastName: 'Elsewhere' }, [
      { state: 'TX', expiresIn: 10 },
    ]);
    const [theirId] = await idsOf(stranger.client, theirs.numbers);
    const selected = await idsOf(admin.client, [ivy.numbers[0] ?? '', ivy.numbers[2] ?? '']);
    // A viewer exports too: a download changes nothing.
    const res = await viewer.client.raw(
      `/api/v2/org/licenses/export?format=csv&ids=${[...selected, theirId].join(',')}`,
    );
    expect(res.status).toBe(200);
    const rows = parse(await res.text(), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((r) => r['License number']).sort()).toEqual([ivy.numbers[0], ivy.numbers[2]].sort());
  });
});

describe('the selection is checked', () => {
  it.each([
    ['no ids', {}],
    ['an empty list', { ids: [] }],
    ['more than a page', { ids: Array.from({ length: 101 }, (_, i) => `row-${i}`) }],
    ['an id that is not a string', { ids: [42] }],
    ['an empty id', { ids: [''] }],
    ['an overlong id', { ids: ['x'.repeat(101)] }],
  ])('answers 400 VALIDATION_ERROR for %s', async (_name, body) => {
    for (const path of ['/api/v2/org/licenses/hide', '/api/v2/org/licenses/refresh']) {
      const res = await owner.client.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('bounds the export’s ids as well', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `row-${i}`).join(',');
    for (const ids of [many, '', ',,']) {
      const res = await owner.client.get(`/api/v2/org/licenses/export?format=csv&ids=${ids}`);
      expect(res.status, ids).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });
});
