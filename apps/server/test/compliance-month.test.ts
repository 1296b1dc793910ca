import { COMPLIANCE_GAP_WORDS, type ComplianceMonth, monthOf } from '@licensewatch/shared/compliance';
import { addDays } from '@licensewatch/shared/licenses';
import { type StateCode, stateName } from '@licensewatch/shared/states';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { refreshExclusionLists } from '../src/modules/exclusions/ingest/refresh-exclusion-lists.ts';
import { checkSourceHealth } from '../src/modules/licensing/health/check-source-health.ts';
import type { GroundTruthPerson } from '../src/modules/licensing/matching/evaluate-accuracy.ts';
import { license } from '../src/modules/licensing/tables.ts';
import { report, reportLicense } from '../src/modules/reports/tables.ts';
import { signedInOnPlan, waitFor } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { organisationOf, signedInPerson } from './support/identities.ts';
import { createReportAndWait } from './support/reports.ts';
import { SAM_POLLING_AT_ONCE } from './support/sam-polling.ts';
import {
  MACHINE_READ_BOARDS,
  publishedByMachine,
  type SimulatedBoards,
  withSimulatedBoards,
} from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 1500, seed: 42 }, (running) => {
  ({ server, boards } = running);
});

const LEIE_ONLY = () => ({ leie: { baseUrl: `${boards.sim.url}/leie` }, sam: null });
const WITH_SAM = () => ({
  ...LEIE_ONLY(),
  sam: { baseUrl: `${boards.sim.url}/sam`, apiKey: 'simulator', dailyRequests: 900 },
});

beforeAll(async () => {
  server.ctx.exclusions = WITH_SAM();
  await refreshExclusionLists(server.ctx, { samPolling: SAM_POLLING_AT_ONCE });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const today = () => new Date().toISOString().slice(0, 10);
const thisMonth = () => monthOf(new Date());
/** The month before this one, and its first day. */
function lastMonth(): { month: string; first: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  return { month: first.slice(0, 7), first };
}

/** A physician with a numbered MD license on a board no machine reads and another on one a machine reads. */
function pickPhysician(): { person: GroundTruthPerson; byHand: StateCode; machine: StateCode; number: string } {
  for (const person of boards.persons) {
    const md = person.licenses.filter((l) => l.licenseType === 'MD' && l.licenseNumber);
    const byHand = md.find((l) => !MACHINE_READ_BOARDS.has(l.boardId));
    const machine = md.find((l) => publishedByMachine(l) && l.jurisdiction !== byHand?.jurisdiction);
    // Issued long enough ago that a verification 70 days back is after the issue.
    if (!byHand || !machine || person.suffix || (byHand.issueDate && byHand.issueDate > addDays(today(), -80)))
      continue;
    return {
      person,
      byHand: byHand.jurisdiction as StateCode,
      machine: machine.jurisdiction as StateCode,
      number: byHand.licenseNumber as string,
    };
  }
  throw new Error('no physician fits');
}

const manualBody = (state: StateCode, number: string, checkedOn: string) => ({
  state: stateName(state),
  license_number: number,
  board_status_text: 'Active - Clear',
  status: 'active',
  issued: null,
  expires: addDays(today(), 400),
  discipline: null,
  checked_on: checkedOn,
  evidence: { file_name: 'board-page.pdf', content: PDF.toString('base64') },
});

describe('the monthly compliance record (ADR 043)', () => {
  it('flags every kind of gap in a month without checks, shows a fully checked month, exports and signs it', async () => {
    const picked = pickPhysician();
    const { client } = await signedInOnPlan(server);
    const reportId = await createReportAndWait(client, {
      firstName: picked.person.firstName,
      middleName: picked.person.middleName,
      lastName: picked.person.lastName,
      licenseType: 'MD',
      states: [picked.byHand, picked.machine].map(stateName),
    });
    const [rep] = await server.ctx.db.select().from(report).where(eq(report.id, reportId));
    const workspaceId = rep?.workspaceId as string;
    await waitFor('the SAM.gov screening', async () => {
      const { rows } = await server.ctx.db.execute(
        sql`SELECT 1 FROM compliance_entry WHERE workspace_id = ${workspaceId} AND source = 'SAM.gov'`,
      );
      return rows.length > 0;
    });
    // Verified by hand long ago (due well before last month ended), and again today.
    const { month: previous, first } = lastMonth();
    const old = await client.post(
      `/api/v2/reports/${reportId}/manual-verifications`,
      manualBody(picked.byHand, picked.number, addDays(first, -40)),
    );
    expect(old.status, JSON.stringify(old.body)).toBe(201);
    const fresh = await client.post(
      `/api/v2/reports/${reportId}/manual-verifications`,
      manualBody(picked.byHand, picked.number, today()),
    );
    expect(fresh.status).toBe(201);
    const machineLicenses = await server.ctx.db
      .select({ number: license.licenseNumber, boardId: license.boardId })
      .from(reportLicense)
      .innerJoin(license, eq(license.id, reportLicense.licenseId))
      .where(and(eq(reportLicense.reportId, reportId), eq(license.jurisdiction, picked.machine)));
    expect(machineLicenses.length).toBeGreaterThan(0);

    // This month: everything was checked.
    const current = await client.get(`/api/v2/compliance/months/${thisMonth()}`);
    expect(current.status).toBe(200);
    const full = current.body as ComplianceMonth;
    expect(full.reports).toHaveLength(1);
    const [line] = full.reports;
    expect(line).toMatchObject({
      report_id: reportId,
      physician: [picked.person.firstName, picked.person.middleName, picked.person.lastName].filter(Boolean).join(' '),
    });
    expect(line?.licenses.length).toBe(machineLicenses.length + 1);
    expect([...(line?.licenses ?? []), ...(line?.lists ?? [])].every((l) => l.gap === null && l.last_check)).toBe(true);
    expect(line?.licenses.find((l) => l.state === stateName(picked.byHand))?.last_check).toMatchObject({
      method: 'manual',
      checked_at: `${today()}T00:00:00.000Z`,
      result: 'active',
    });
    expect(line?.lists.map((l) => [l.source, l.last_check?.method])).toEqual([
      ['OIG LEIE', 'list'],
      ['SAM.gov', 'list'],
    ]);
    expect(full.summary).toEqual({
      reports: 1,
      licenses_checked: machineLicenses.length + 1,
      licenses_total: machineLicenses.length + 1,
      lists_checked: 2,
      lists_total: 2,
      gaps: { board_unavailable: 0, manual_overdue: 0, sam_not_configured: 0, not_checked: 0 },
    });
    const { rows: heads } = await server.ctx.db.execute<{ seq: string; hash: string }>(
      sql`SELECT seq, hash FROM compliance_entry WHERE workspace_id = ${workspaceId} ORDER BY seq DESC LIMIT 1`,
    );
    expect(full.head).toEqual({ seq: Number(heads[0]?.seq), hash: heads[0]?.hash });

    // Last month, the report existed but nothing was checked: the machine-read board is down, the
    // verification by hand had fallen due, and SAM.gov is not configured.
    await server.ctx.db
      .update(report)
      .set({ createdAt: new Date(`${addDays(first, -60)}T00:00:00Z`) })
      .where(eq(report.id, reportId));
    for (const { boardId } of machineLicenses) await boards.setFaults({ boardId, down: true });
    try {
      const health = await checkSourceHealth(
        server.ctx,
        server.ctx.licensing as NonNullable<typeof server.ctx.licensing>,
      );
      for (const { boardId } of machineLicenses)
        expect(health.find((h) => h.boardId === boardId)).toMatchObject({ available: false });
    } finally {
      await boards.clearFaults();
    }
    server.ctx.exclusions = LEIE_ONLY();
    const gapsRes = await client.get(`/api/v2/compliance/months/${previous}`);
    expect(gapsRes.status).toBe(200);
    const gaps = gapsRes.body as ComplianceMonth;
    const [gapped] = gaps.reports;
    expect(gapped?.licenses.find((l) => l.state === stateName(picked.byHand))).toMatchObject({
      license_number: picked.number,
      last_check: null,
      gap: 'manual_overdue',
    });
    for (const l of gapped?.licenses.filter((x) => x.state === stateName(picked.machine)) ?? [])
      expect(l).toMatchObject({ last_check: null, gap: 'board_unavailable' });
    expect(gapped?.lists.map((l) => [l.source, l.gap])).toEqual([
      ['OIG LEIE', 'not_checked'],
      ['SAM.gov', 'sam_not_configured'],
    ]);
    expect(gaps.summary).toMatchObject({
      reports: 1,
      licenses_checked: 0,
      lists_checked: 0,
      gaps: { board_unavailable: machineLicenses.length, manual_overdue: 1, sam_not_configured: 1, not_checked: 1 },
    });
    // The head at last month's end: the old verification by hand, the only entry dated before it ended.
    const { rows: before } = await server.ctx.db.execute<{ seq: string; hash: string }>(sql`
      SELECT seq, hash FROM compliance_entry WHERE workspace_id = ${workspaceId}
        AND checked_at < ${`${thisMonth()}-01T00:00:00Z`}::timestamptz ORDER BY seq DESC LIMIT 1`);
    expect(gaps.head).toEqual({ seq: Number(before[0]?.seq), hash: before[0]?.hash });

    // The CSV: one row per license and list, the gap in words.
    const csv = await client.raw(`/api/v2/compliance/months/${previous}/export.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toContain(`compliance-${previous}.csv`);
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe(
      'Physician,External ID,Line,State,License number,Source,Checked in month,Last checked at (UTC),Method,Result,Gap',
    );
    expect(rows).toHaveLength(1 + machineLicenses.length + 1 + 2);
    expect(rows.some((r) => r.includes(COMPLIANCE_GAP_WORDS.manual_overdue))).toBe(true);
    expect(rows.at(-1)).toContain(`SAM.gov,no,,,,${COMPLIANCE_GAP_WORDS.sam_not_configured}`);

    // The signed PDF: its id in the header, and /verify's API confirms what it said.
    server.ctx.exclusions = WITH_SAM();
    const pdf = await client.raw(`/api/v2/compliance/months/${thisMonth()}/statements`, 'POST');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const id = pdf.headers.get('x-verification-id') as string;
    expect(id).toMatch(/^[a-z2-7]{26}$/);
    // Anyone holding the id, signed in or not.
    const confirmed = await new HttpClient(server.url).get(`/api/v2/verifications/${id}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      kind: 'compliance_month',
      id,
      month: thisMonth(),
      head: full.head,
      summary: full.summary,
      simulated: true,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  }, 180_000);

  it('is for the owner and admins: a viewer is refused, another workspace sees only its own', async () => {
    const [owner, admin, viewer, other] = await Promise.all([
      signedInPerson(server),
      signedInPerson(server),
      signedInPerson(server),
      signedInPerson(server),
    ]);
    await organisationOf(server, { owner, admin, viewer }, 'Compliance Clinic');
    const path = `/api/v2/compliance/months/${thisMonth()}`;
    const refused = await viewer.client.get(path);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ORGANISATION_ADMIN_REQUIRED');
    expect((await viewer.client.post(`${path}/statements`)).status).toBe(403);
    expect((await viewer.client.get(`${path}/export.csv`)).status).toBe(403);
    const asAdmin = await admin.client.get(path);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toMatchObject({ reports: [], summary: { reports: 0, licenses_total: 0 }, head: null });
    // Another workspace holds none of the first test's reports.
    const asOther = await other.client.get(path);
    expect(asOther.status).toBe(200);
    expect(asOther.body.reports).toEqual([]);

    // An API key reads it once its owner gives it reports:read.
    const key = (await other.client.get('/api/v1/credentials/')).body.credential_key as string;
    const byKey = () =>
      new HttpClient(server.url).request('GET', path, undefined, { authorization: `Bearer ${key}`, origin: undefined });
    expect((await byKey()).body.code).toBe('API_KEY_SCOPE_MISSING');
    expect((await other.client.put('/api/v2/credentials/scopes', { scopes: ['reports:read'] })).status).toBe(200);
    const read = await byKey();
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ month: thisMonth(), reports: [] });
  });

  it('refuses a malformed or future month; a month before the workspace existed is empty', async () => {
    const { client } = await signedInOnPlan(server);
    for (const bad of ['2026-13', '2026-1', 'march', '202603']) {
      const res = await client.get(`/api/v2/compliance/months/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.detail).toContain('Give the month as YYYY-MM');
    }
    const future = await client.get(`/api/v2/compliance/months/${Number(thisMonth().slice(0, 4)) + 1}-01`);
    expect(future.status).toBe(400);
    expect(future.body.detail).toContain('That month has not begun yet');
    const early = await client.get('/api/v2/compliance/months/2001-01');
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ month: '2001-01', head: null, reports: [], summary: { reports: 0 } });
  });

  it('pages the reports by last name, keeps the summary whole, shows only those with a gap when asked', async () => {
    const { client, userId } = await signedInOnPlan(server);
    const picked = pickPhysician();
    for (const lastName of ['Zeller', 'Abara']) {
      await createReportAndWait(client, {
        firstName: picked.person.firstName,
        lastName,
        licenseType: 'MD',
        states: [stateName(picked.machine)],
      });
    }
    const month = thisMonth();
    const get = (query: string) => client.get(`/api/v2/compliance/months/${month}?${query}`);
    // Screening runs after the create: the month settles once both reports' lists are checked.
    await waitFor('both reports screened', async () => {
      const { summary } = (await get('per_page=200')).body as ComplianceMonth;
      return summary.lists_total === 4 && summary.lists_checked === 4;
    });
    // A report no screening has seen yet, so one report has gaps.
    await server.ctx.db.insert(report).values({
      workspaceId: userId,
      name: 'Mbeki',
      firstName: picked.person.firstName,
      lastName: 'Mbeki',
      licenseType: 'MD',
      states: [picked.machine],
    });
    const whole = (await get('per_page=200')).body as ComplianceMonth;
    expect(whole.reports.map((r) => r.physician.split(' ').at(-1))).toEqual(['Abara', 'Mbeki', 'Zeller']);
    const first = await get('per_page=2');
    const second = await get('per_page=2&page=2');
    const past = await get('per_page=2&page=3');
    expect(first.body.page).toEqual({ number: 1, per_page: 2, reports: 3, pages: 2 });
    expect(first.body.reports).toEqual(whole.reports.slice(0, 2));
    expect(second.body.reports).toEqual(whole.reports.slice(2));
    expect(past.body.reports).toEqual([]);
    for (const page of [first, second, past]) expect(page.body.summary).toEqual(whole.summary);

    const gaps = await get('gaps_only=true');
    expect(gaps.body.reports.map((r: { physician: string }) => r.physician.split(' ').at(-1))).toEqual(['Mbeki']);
    expect(gaps.body.page).toMatchObject({ reports: 1, pages: 1 });
    expect(gaps.body.summary).toEqual(whole.summary);

    for (const bad of ['per_page=0', 'per_page=201', 'page=0', 'page=two', 'gaps_only=yes']) {
      const res = await get(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.detail, bad).toMatch(/^(page|per_page|gaps_only): /);
    }
  }, 120_000);
});
