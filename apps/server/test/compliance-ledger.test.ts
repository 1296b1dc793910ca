import { createHash } from 'node:crypto';
import { addDays } from '@licensewatch/shared/licenses';
import { type StateCode, stateName } from '@licensewatch/shared/states';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendComplianceEntries } from '../src/modules/compliance/append-compliance-entries.ts';
import { complianceEntry } from '../src/modules/compliance/tables.ts';
import { verifyComplianceLedger } from '../src/modules/compliance/verify-compliance-ledger.ts';
import { refreshExclusionLists } from '../src/modules/exclusions/ingest/refresh-exclusion-lists.ts';
import type { GroundTruthPerson } from '../src/modules/licensing/matching/evaluate-accuracy.ts';
import { license } from '../src/modules/licensing/tables.ts';
import { report, reportLicense } from '../src/modules/reports/tables.ts';
import { refreshReport } from '../src/modules/reports/update/refresh-report.ts';
import { signedInOnPlan, waitFor } from './support/accounts.ts';
import { createReportAndWait } from './support/reports.ts';
import { SAM_POLLING_AT_ONCE } from './support/sam-polling.ts';
import { runCli } from './support/server-processes.ts';
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

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  // The simulator's LEIE read once (so screening checks against it) and its SAM.gov-style API.
  server.ctx.exclusions = {
    leie: { baseUrl: `${boards.sim.url}/leie` },
    sam: { baseUrl: `${boards.sim.url}/sam`, apiKey: 'simulator', dailyRequests: 900 },
  };
  await refreshExclusionLists(server.ctx, { samPolling: SAM_POLLING_AT_ONCE });
});

/**
 * A physician with a numbered MD license on a board no machine reads and another on one a machine
 * reads, and a third state whose MD board a machine reads where they hold no license.
 */
function pickPhysician(): {
  person: GroundTruthPerson;
  byHand: StateCode;
  machine: StateCode;
  none: StateCode;
  number: string;
} {
  const machineStates = (server.ctx.licensing?.boards ?? [])
    .filter((b) => b.licenseTypes.includes('MD') && MACHINE_READ_BOARDS.has(b.id))
    .map((b) => b.jurisdiction);
  for (const person of boards.persons) {
    const md = person.licenses.filter((l) => l.licenseType === 'MD' && l.licenseNumber);
    const byHand = md.find((l) => !MACHINE_READ_BOARDS.has(l.boardId));
    const machine = md.find((l) => publishedByMachine(l) && l.jurisdiction !== byHand?.jurisdiction);
    const held = new Set(person.licenses.map((l) => l.jurisdiction));
    const none = machineStates.find((s) => !held.has(s));
    if (!byHand || !machine || !none || person.suffix) continue;
    return {
      person,
      byHand: byHand.jurisdiction as StateCode,
      machine: machine.jurisdiction as StateCode,
      none: none as StateCode,
      number: byHand.licenseNumber as string,
    };
  }
  throw new Error('no physician fits');
}

const entriesOf = (workspaceId: string) =>
  server.ctx.db
    .select()
    .from(complianceEntry)
    .where(eq(complianceEntry.workspaceId, workspaceId))
    .orderBy(asc(complianceEntry.seq));

const verifyCli = (workspaceId: string) =>
  runCli(['ledger:verify', '--workspace', workspaceId], { DATABASE_URL: server.databaseUrl });

describe('the compliance ledger (ADR 040)', () => {
  it('records every check of a report, chained; an edited or deleted entry breaks the chain', async () => {
    const picked = pickPhysician();
    const { client } = await signedInOnPlan(server);
    const reportId = await createReportAndWait(client, {
      firstName: picked.person.firstName,
      middleName: picked.person.middleName,
      lastName: picked.person.lastName,
      licenseType: 'MD',
      states: [picked.byHand, picked.machine, picked.none].map(stateName),
    });
    const [rep] = await server.ctx.db.select().from(report).where(eq(report.id, reportId));
    const workspaceId = rep?.workspaceId as string;
    const subject = [picked.person.firstName, picked.person.middleName, picked.person.lastName]
      .filter(Boolean)
      .join(' ');

    // SAM.gov is asked after the licenses: its entry comes last.
    const afterUpdate = await waitFor('the SAM.gov entry', async () => {
      const rows = await entriesOf(workspaceId);
      return rows.some((e) => e.source === 'SAM.gov') && rows;
    });
    const tracked = await server.ctx.db
      .select({ number: license.licenseNumber, status: license.status })
      .from(reportLicense)
      .innerJoin(license, eq(license.id, reportLicense.licenseId))
      .where(and(eq(reportLicense.reportId, reportId), eq(license.jurisdiction, picked.machine)));
    expect(tracked.length).toBeGreaterThan(0);
    const licenseEntries = afterUpdate.filter((e) => e.kind === 'license');
    // One per tracked license of the state a machine read, one "not found" for the empty state; the
    // state verified by hand has none until a person verifies it.
    expect(
      licenseEntries
        .filter((e) => e.state === picked.machine)
        .map((e) => e.licenseNumber)
        .sort(),
    ).toEqual(tracked.map((t) => t.number).sort());
    for (const e of licenseEntries.filter((x) => x.state === picked.machine)) {
      expect(e).toMatchObject({ reportId, subject, method: expect.stringMatching(/^(bulk|lookup)$/) });
      expect(e.result).toMatchObject({
        found: true,
        status: tracked.find((t) => t.number === e.licenseNumber)?.status,
      });
    }
    expect(licenseEntries.filter((e) => e.state === picked.none)).toEqual([
      expect.objectContaining({ licenseNumber: null, result: { found: false } }),
    ]);
    expect(licenseEntries.filter((e) => e.state === picked.byHand)).toEqual([]);
    const lists = afterUpdate.filter((e) => e.kind === 'exclusion');
    expect(lists.map((e) => e.source).sort()).toEqual(['OIG LEIE', 'SAM.gov']);
    for (const e of lists) {
      expect(e).toMatchObject({ reportId, subject, method: 'list', state: null, evidenceSha256: null });
      expect(e.result).toMatchObject({ matched: expect.any(Boolean), matches: expect.any(Number) });
    }
    // seq from 1 without a gap, the first after 64 zeros, each after the one before.
    expect(afterUpdate.map((e) => e.seq)).toEqual(afterUpdate.map((_, i) => i + 1));
    expect(afterUpdate[0]?.prevHash).toBe('0'.repeat(64));
    for (let i = 1; i < afterUpdate.length; i++) expect(afterUpdate[i]?.prevHash).toBe(afterUpdate[i - 1]?.hash);
    expect(await verifyComplianceLedger(server.ctx, workspaceId)).toEqual({ ok: true, entries: afterUpdate.length });

    // A verification by hand: its entry carries the evidence's SHA-256.
    const recorded = await client.post(`/api/v2/reports/${reportId}/manual-verifications`, {
      state: stateName(picked.byHand),
      license_number: picked.number,
      board_status_text: 'Active - Clear',
      status: 'active',
      issued: '2015-06-01',
      expires: addDays(today(), 400),
      discipline: null,
      checked_on: today(),
      evidence: { file_name: 'board-page.pdf', content: PDF.toString('base64') },
    });
    expect(recorded.status).toBe(201);
    const withManual = await entriesOf(workspaceId);
    expect(withManual.at(-1)).toMatchObject({
      seq: afterUpdate.length + 1,
      kind: 'license',
      state: picked.byHand,
      licenseNumber: picked.number,
      method: 'manual',
      evidenceSha256: sha256(PDF),
      checkedAt: new Date(`${today()}T00:00:00Z`),
      result: { found: true, status: 'active', board_status: 'Active - Clear' },
    });

    // The report's refresh checks its boards again: more entries on the same chain.
    expect(await refreshReport(server.ctx, reportId)).not.toBeNull();
    const all = await entriesOf(workspaceId);
    expect(all.length).toBeGreaterThan(withManual.length);
    expect(await verifyComplianceLedger(server.ctx, workspaceId)).toEqual({ ok: true, entries: all.length });
    const good = await verifyCli(workspaceId);
    expect(good.code, good.output).toBe(0);
    expect(good.output).toContain(`intact, ${all.length} entries`);

    // An entry's result edited: the chain breaks at that entry.
    const edited = all[2] as (typeof all)[number];
    await server.ctx.db.execute(sql`
      UPDATE compliance_entry SET result = '{"found": false}'::jsonb
      WHERE workspace_id = ${workspaceId} AND seq = ${edited.seq}`);
    expect(await verifyComplianceLedger(server.ctx, workspaceId)).toMatchObject({ ok: false, brokenAtSeq: edited.seq });
    const broken = await verifyCli(workspaceId);
    expect(broken.code, broken.output).toBe(1);
    expect(broken.output).toContain(`BROKEN at entry ${edited.seq}`);

    // Put back as it was, the chain holds again; a middle entry deleted breaks it where it was.
    await server.ctx.db.execute(sql`
      UPDATE compliance_entry SET result = ${JSON.stringify(edited.result)}::jsonb
      WHERE workspace_id = ${workspaceId} AND seq = ${edited.seq}`);
    expect(await verifyComplianceLedger(server.ctx, workspaceId)).toEqual({ ok: true, entries: all.length });
    const middle = Math.ceil(all.length / 2);
    await server.ctx.db.execute(
      sql`DELETE FROM compliance_entry WHERE workspace_id = ${workspaceId} AND seq = ${middle}`,
    );
    expect(await verifyComplianceLedger(server.ctx, workspaceId)).toMatchObject({ ok: false, brokenAtSeq: middle });
    expect((await verifyCli(workspaceId)).code).toBe(1);
  }, 120_000);

  it('keeps one chain when checks of a workspace are appended at once, and outlives a deleted report', async () => {
    const picked = pickPhysician();
    const { client } = await signedInOnPlan(server);
    const body = {
      firstName: picked.person.firstName,
      middleName: picked.person.middleName,
      lastName: picked.person.lastName,
      licenseType: 'MD',
      states: [picked.machine, picked.none].map(stateName),
    };
    const reportId = await createReportAndWait(client, body);
    const [rep] = await server.ctx.db.select().from(report).where(eq(report.id, reportId));
    const workspaceId = rep?.workspaceId as string;
    await waitFor('the SAM.gov entry', async () => (await entriesOf(workspaceId)).some((e) => e.source === 'SAM.gov'));
    // Refreshes side by side: each appends in its own transaction, none forks the chain.
    await Promise.all([1, 2, 3, 4].map(() => refreshReport(server.ctx, reportId)));
    const entries = await entriesOf(workspaceId);
    expect(await verifyComplianceLedger(server.ctx, workspaceId)).toEqual({ ok: true, entries: entries.length });

    expect((await client.delete(`/api/v2/reports/${reportId}`)).status).toBeLessThan(300);
    expect(await entriesOf(workspaceId)).toHaveLength(entries.length);
    expect(await verifyComplianceLedger(server.ctx, workspaceId)).toEqual({ ok: true, entries: entries.length });
  }, 120_000);

  it('files each check into its month: a later-made check of an earlier day keeps the later one; an edited month line fails verification', async () => {
    const { userId: workspaceId } = await signedInOnPlan(server);
    const check = (day: string, status: string, method: 'lookup' | 'manual') => ({
      workspaceId,
      reportId: 'report-of-the-month',
      subject: 'Ada Okafor',
      kind: 'license' as const,
      state: 'OR',
      licenseNumber: 'MD-1',
      source: 'Oregon Medical Board',
      sourceUrl: null,
      method,
      result: { status },
      evidenceSha256: null,
      checkedAt: new Date(`${day}T12:00:00Z`),
    });
    const month = (m: string) =>
      server.ctx.db.execute<{ last_seq: string; result: { status: string } }>(sql`
        SELECT last_seq, result FROM compliance_month_line WHERE workspace_id = ${workspaceId} AND month = ${m}::date`);
    const head = async (m: string) =>
      (
        await server.ctx.db.execute<{ last_seq: string }>(sql`
          SELECT last_seq FROM compliance_month_head WHERE workspace_id = ${workspaceId} AND month = ${m}::date`)
      ).rows.map((r) => Number(r.last_seq));
    await server.ctx.db.transaction((tx) => appendComplianceEntries(tx, [check('2026-03-20', 'active', 'lookup')]));
    // Recorded after, of an earlier day (a verification by hand carries the day the person checked).
    await server.ctx.db.transaction((tx) => appendComplianceEntries(tx, [check('2026-03-05', 'expired', 'manual')]));
    // Two of one line in one append: the later day wins, whatever the order given.
    await server.ctx.db.transaction((tx) =>
      appendComplianceEntries(tx, [
        check('2026-04-09', 'suspended', 'lookup'),
        check('2026-04-02', 'active', 'lookup'),
      ]),
    );
    expect((await month('2026-03-01')).rows).toEqual([{ last_seq: '1', result: { status: 'active' } }]);
    expect((await month('2026-04-01')).rows).toEqual([{ last_seq: '3', result: { status: 'suspended' } }]);
    // The head of March is its last entry made, the one of the earlier day.
    expect(await head('2026-03-01')).toEqual([2]);
    expect(await head('2026-04-01')).toEqual([4]);
    expect(await verifyComplianceLedger(server.ctx, workspaceId)).toEqual({ ok: true, entries: 4 });

    await server.ctx.db.execute(sql`
      UPDATE compliance_month_line SET result = '{"status":"active"}'::jsonb
      WHERE workspace_id = ${workspaceId} AND month = '2026-04-01'`);
    expect(await verifyComplianceLedger(server.ctx, workspaceId)).toEqual({
      ok: false,
      brokenAtSeq: 3,
      reason: "the monthly record's line OR:MD-1 of 2026-04 does not match the ledger's last check of it",
    });
  });
});
