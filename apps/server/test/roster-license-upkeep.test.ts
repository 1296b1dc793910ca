// The roster's stored rows (roster_license, ADR 047) after every kind of write to what they are
// derived from: each must leave them as a derivation from scratch would, and the roster must answer
// exactly as it did when it derived every row per request (support/roster-before-047.ts). Writes go
// through the operations that make them where a test can call one, otherwise into the tables as
// their writer does; a check that could not fail would prove nothing, so one trigger is switched off
// to see it fail.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RosterQuery } from '@licensewatch/shared/roster';
import { rosterQuerySchema } from '@licensewatch/shared/roster';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateExpiryWindows } from '../src/modules/alerts/windows/update-expiry-windows.ts';
import { decideExclusionMatch } from '../src/modules/exclusions/decide-exclusion-match.ts';
import { exclusion, exclusionCheck, exclusionMatch } from '../src/modules/exclusions/tables.ts';
import { markUnlistedLicenses } from '../src/modules/licensing/registry/mark-unlisted-licenses.ts';
import { license } from '../src/modules/licensing/tables.ts';
import type { SourceRecord } from '../src/modules/licensing/types.ts';
import { upsertLookedUpLicenses } from '../src/modules/licensing/upsert-looked-up-licenses.ts';
import { confirmReportCandidate } from '../src/modules/reports/candidates/confirm-report-candidate.ts';
import { rejectReportCandidate } from '../src/modules/reports/candidates/reject-report-candidate.ts';
import { reopenReportCandidate } from '../src/modules/reports/candidates/reopen-report-candidate.ts';
import { deleteReport } from '../src/modules/reports/delete-report.ts';
import { hideReportLicense } from '../src/modules/reports/hide-report-license.ts';
import {
  listRosterLicenses,
  presentRosterLicense,
  type RosterLicense,
  readRosterDay,
  rosterColumns,
} from '../src/modules/reports/list-roster-licenses.ts';
import { restoreReportLicense } from '../src/modules/reports/restore-report-license.ts';
import { reviseReportPhysician } from '../src/modules/reports/revise-report-physician.ts';
import { reportsWithVerificationsDue } from '../src/modules/reports/roster/roster-filter.ts';
import { manualVerification, reportCandidate, reportLicense } from '../src/modules/reports/tables.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { addRosterReport, utcDay } from './support/roster.ts';
import { listRosterBefore047, rosterRowsBefore047 } from './support/roster-before-047.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let owner: Person;
let other: Person;
let workspaceId: string;
const ids: Record<string, string> = {};

/** The queries the answer is compared on: every sort, each filter, a later page. */
const QUERIES: Partial<Record<keyof RosterQuery, string | number>>[] = [
  {},
  { sort: 'physician', order: 'desc' },
  { sort: 'state' },
  { sort: 'status', order: 'desc' },
  { status: 'expiring' },
  { status: 'expired', sort: 'physician' },
  { status: 'needs_attention' },
  { status: 'active', expiring_within: 60 },
  { physician_status: 'needs_attention' },
  { physician_status: 'excluded' },
  { department: 'cardiology' },
  { physician: 'ove' },
  { state: 'TX', sort: 'expiry', order: 'desc' },
  { page: 2, page_size: 2 },
];

/** Each of the workspace's rows as the roster shows it, from the stored rows and from scratch, by id. */
async function rowsBothWays(workspace: string) {
  const { db } = server.ctx;
  const day = await readRosterDay(db, workspace);
  const { rows: stored } = await db.execute<RosterLicense>(sql`
    WITH due AS MATERIALIZED (${reportsWithVerificationsDue(day)})
    SELECT ${rosterColumns(day)} FROM roster_license WHERE workspace_id = ${workspace} ORDER BY id`);
  const { rows: scratch } = await db.execute<RosterLicense>(sql`
    WITH base AS (${rosterRowsBefore047(workspace, day.today)})
    SELECT id, report_id, physician, department, jurisdiction, license_number, license_type, board_status,
      issue_date::text AS issue_date, expiry_date::text AS expiry_date, standing, exclusion, excluded,
      exclusion_reviews, attention_licenses, matches, verifications_due, needs_attention
    FROM base ORDER BY id`);
  const present = (rows: RosterLicense[]) => rows.map((row) => presentRosterLicense(row, day.today));
  return { stored: present(stored), scratch: present(scratch) };
}

/** The stored rows agree with a derivation from scratch, and the roster answers as it did. */
async function expectUpkept(note: string) {
  for (const workspace of [workspaceId, other.userId]) {
    const { stored, scratch } = await rowsBothWays(workspace);
    expect(stored, `${note}: the stored rows of ${workspace}`).toEqual(scratch);
    // Only the workspace's own rows, and nothing stored that is not a tracked license.
    const { rows } = await server.ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM roster_license t
      JOIN report r ON r.id = t.report_id JOIN report_license rl ON rl.id = t.id
      WHERE t.workspace_id <> r.workspace_id OR t.license_id <> rl.license_id`);
    expect(rows[0]?.n, `${note}: rows keyed as their report and attachment`).toBe(0);
    for (const q of QUERIES) {
      const query = rosterQuerySchema.parse(q);
      expect(await listRosterLicenses(server.ctx.db, workspace, query), `${note}: ${JSON.stringify(q)}`).toEqual(
        await listRosterBefore047(server.ctx.db, workspace, query),
      );
    }
  }
}

/** A license as a board's look-up answers it (stored by the registry's merge, as an update or ingest does). */
function boardRecord(number: string, change: Partial<SourceRecord> = {}): SourceRecord {
  return {
    jurisdiction: 'TX',
    boardId: 'zz-upkeep',
    licenseType: 'MD',
    licenseNumber: number,
    firstName: 'Lovelace',
    middleName: null,
    lastName: 'Ovett',
    suffix: null,
    rawStatus: 'ACTIVE',
    status: 'active',
    issueDate: '2016-03-01',
    expiryDate: utcDay(40),
    discipline: null,
    ...change,
  };
}

async function licenseIdOf(number: string): Promise<string> {
  const { rows } = await server.ctx.db.execute<{ id: string }>(
    sql`SELECT id FROM license WHERE license_number = ${number}`,
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`no license ${number}`);
  return id;
}

async function attach(reportId: string, licenseId: string): Promise<string> {
  const [row] = await server.ctx.db
    .insert(reportLicense)
    .values({ reportId, licenseId, confidence: 1, matchReason: 'test fixture' })
    .returning({ id: reportLicense.id });
  if (!row) throw new Error('not attached');
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
  [owner, other] = await Promise.all([signedInPerson(server), signedInPerson(server)]);
  workspaceId = owner.userId;
  // Room to track what the test attaches, restores and confirms.
  await server.ctx.db.execute(sql`
    UPDATE user_plan SET plan_name = 'premium', is_trial = true, trial_ends_at = now() + interval '5 days',
      end_date = now() + interval '5 days' WHERE workspace_id = ${owner.userId}`);
  const steve = await addRosterReport(server, workspaceId, { firstName: 'Steve', lastName: 'Ovett' }, [
    { state: 'TX', expiresIn: 20 },
    { state: 'CA', expiresIn: 200 },
    { state: 'NY', status: 'expired', expiresIn: -3 },
  ]);
  ids.steve = steve.reportId;
  const seb = await addRosterReport(server, workspaceId, { firstName: 'Seb', middleName: 'N', lastName: 'Coe' }, [
    { state: 'TX', status: 'suspended', expiresIn: 100 },
    { state: 'FL', expiresIn: null },
    { state: 'WA', expiresIn: 5, hidden: true },
  ]);
  ids.seb = seb.reportId;
  await addRosterReport(server, other.userId, { firstName: 'Other', lastName: 'Ovett' }, [
    { state: 'TX', expiresIn: 30 },
  ]);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('the stored roster rows', () => {
  it('start as the derivation from scratch, and the roster answers as before', async () => {
    await expectUpkept('reports added straight into the tables');
  });

  it('follow the registry: a license attached, then its status and expiry changed by a look-up, then unlisted', async () => {
    const { ctx } = server;
    await upsertLookedUpLicenses(ctx, { records: [boardRecord('UPK-1'), boardRecord('UPK-2')], sourceKind: 'socrata' });
    ids.upk1 = await attach(ids.steve ?? '', await licenseIdOf('UPK-1'));
    ids.upk2 = await attach(ids.seb ?? '', await licenseIdOf('UPK-2'));
    await expectUpkept('a license attached');
    await upsertLookedUpLicenses(ctx, {
      records: [
        boardRecord('UPK-1', { status: 'suspended', rawStatus: 'SUSPENDED' }),
        boardRecord('UPK-2', { expiryDate: utcDay(400), issueDate: '2017-01-01' }),
      ],
      sourceKind: 'socrata',
    });
    await expectUpkept("a look-up changed a license's status and dates");
    await markUnlistedLicenses(ctx.db, { boardId: 'zz-upkeep', notSeenSince: new Date(Date.now() + 60_000) });
    await expectUpkept('the licenses left the board list');
  });

  it('follow hiding and restoring a license', async () => {
    await hideReportLicense(server.ctx.db, workspaceId, ids.upk2 ?? '');
    await expectUpkept('a license hidden');
    await restoreReportLicense(server.ctx.db, workspaceId, ids.upk2 ?? '');
    await expectUpkept('a license restored');
  });

  it("follow the physician's names and department as a roster import revises them", async () => {
    const before = { firstName: 'Seb', middleName: 'N', lastName: 'Coe' };
    await reviseReportPhysician(
      server.ctx.db,
      ids.seb ?? '',
      {
        before,
        after: {
          firstName: 'Sebastian',
          middleName: null,
          lastName: 'Coe',
          states: ['TX', 'FL', 'WA'],
          npi: null,
          externalId: 'E-1',
          department: 'Cardiology',
        },
        addedStates: [],
      },
      async () => {},
    );
    await expectUpkept('the physician revised');
  });

  it('follow possible matches offered, rejected, reopened and confirmed', async () => {
    const { ctx } = server;
    await upsertLookedUpLicenses(ctx, {
      records: [boardRecord('UPK-3', { jurisdiction: 'NM' })],
      sourceKind: 'socrata',
    });
    const [candidate] = await ctx.db
      .insert(reportCandidate)
      .values({
        reportId: ids.steve ?? '',
        licenseId: await licenseIdOf('UPK-3'),
        state: 'NM',
        kind: 'near',
        confidence: 0.7,
        matchReason: 'test fixture',
      })
      .returning({ id: reportCandidate.id });
    if (!candidate) throw new Error('no candidate');
    await expectUpkept('a possible match offered');
    await rejectReportCandidate(ctx.db, workspaceId, candidate.id);
    await expectUpkept('a possible match rejected');
    await reopenReportCandidate(ctx.db, workspaceId, candidate.id);
    await expectUpkept('a possible match reopened');
    await confirmReportCandidate(ctx, workspaceId, candidate.id);
    await expectUpkept('a possible match confirmed');
  });

  it('follow the exclusion screening, its checks, a decision and the list dropping the entry', async () => {
    const { db, pool } = server.ctx;
    const [entry] = await db
      .insert(exclusion)
      .values({ source: 'leie', entryKey: `UPKEEP|${crypto.randomUUID()}`, lastName: 'OVETT', exclType: '1128a1' })
      .returning({ id: exclusion.id });
    if (!entry) throw new Error('no exclusion');
    const [match] = await db
      .insert(exclusionMatch)
      .values({ reportId: ids.steve ?? '', exclusionId: entry.id, basis: 'name', status: 'possible' })
      .returning({ id: exclusionMatch.id });
    if (!match) throw new Error('no match');
    await expectUpkept('a possible exclusion match found');
    await db.insert(exclusionCheck).values({ reportId: ids.seb ?? '', source: 'leie', checkedAt: new Date() });
    await expectUpkept("a physician's lists read");
    await decideExclusionMatch(pool, { workspaceId, matchId: match.id, userId: owner.userId, decision: 'confirm' });
    await expectUpkept('the match confirmed');
    await db.execute(sql`UPDATE exclusion SET listed = false WHERE id = ${entry.id}`);
    await expectUpkept('the entry left the list');
    await db.execute(sql`UPDATE exclusion SET listed = true WHERE id = ${entry.id}`);
    await db.execute(sql`DELETE FROM exclusion_match WHERE id = ${match.id}`);
    await expectUpkept('the match dropped by a screening');
  });

  it('follow verifications by hand, one due again', async () => {
    const { db } = server.ctx;
    const [manual] = await db
      .insert(license)
      .values({
        jurisdiction: 'AK',
        boardId: 'zz-upkeep-hand',
        licenseType: 'MD',
        licenseNumber: 'UPK-HAND',
        recordKey: `UPK-HAND-${crypto.randomUUID()}`,
        firstName: 'Steve',
        lastName: 'Ovett',
        firstNorm: 'steve',
        lastNorm: 'ovett',
        rawStatus: 'ACTIVE',
        status: 'active',
        expiryDate: utcDay(300),
        sourceKind: 'manual',
        workspaceId,
      })
      .returning({ id: license.id });
    if (!manual) throw new Error('no license');
    await attach(ids.steve ?? '', manual.id);
    const verification = {
      licenseId: manual.id,
      workspaceId,
      reportId: ids.steve ?? '',
      verifiedByName: 'Test Person',
      licenseNumber: 'UPK-HAND',
      rawStatus: 'ACTIVE',
      status: 'active' as const,
      evidenceName: 'board.png',
      evidenceType: 'image/png',
      evidenceSize: 1,
      evidenceSha256: '0'.repeat(64),
    };
    await db.insert(manualVerification).values({ ...verification, checkedOn: utcDay(-400) });
    await expectUpkept('a verification by hand more than a year old: due');
    await db.insert(manualVerification).values({ ...verification, checkedOn: utcDay(-1) });
    await expectUpkept('verified again');
  });

  it("follow the workspace's expiry window, read when the roster is", async () => {
    await updateExpiryWindows(server.ctx.db, workspaceId, { expiring_within_days: 180, notice_days: [60, 7] });
    await expectUpkept('the window widened');
  });

  it('follow a report deleted, and a license the registry deletes', async () => {
    const { db } = server.ctx;
    await db.execute(sql`DELETE FROM license WHERE license_number = 'UPK-2'`);
    await expectUpkept('a license deleted');
    await deleteReport(db, workspaceId, ids.seb ?? '');
    await expectUpkept('a report deleted');
  });

  it('the check fails when a write is not followed (a trigger switched off)', async () => {
    const { db } = server.ctx;
    await db.execute(sql`ALTER TABLE license DISABLE TRIGGER roster_license_license_update`);
    try {
      await db.execute(sql`
        UPDATE license SET status = 'revoked' WHERE id IN (
          SELECT license_id FROM report_license WHERE report_id = ${ids.steve ?? ''})`);
      await expect(expectUpkept('a license revoked, unfollowed')).rejects.toThrow(/stored rows/);
    } finally {
      await db.execute(sql`ALTER TABLE license ENABLE TRIGGER roster_license_license_update`);
    }
    await db.execute(sql`SELECT roster_license_rederive(ARRAY[${ids.steve ?? ''}]::text[])`);
    await expectUpkept('re-derived');
  });

  it('a bulk registry update after a one-row update costs about what it costs without the triggers', async () => {
    // PL/pgSQL keeps a trigger's plan for the session: a plan made for a one-row update must not make
    // a later bulk update (an ingest batch) compare every changed row with every other.
    const { db } = server.ctx;
    const rows = 8_000;
    await db.execute(sql`
      INSERT INTO license (jurisdiction, board_id, record_key, license_number, first_name, last_name,
        first_norm, last_norm, status, source_kind)
      SELECT 'OK', 'zz-bulk', 'BULK-' || g, 'BULK-' || g, 'Bulk', 'Row' || g, 'bulk', 'row' || g, 'active', 'bulk'
      FROM generate_series(1, ${rows}) g`);
    await attach(ids.steve ?? '', await licenseIdOf('BULK-100'));
    // One in a hundred changes status, as a daily file does; every row is seen again.
    const bulk = (status: string) => sql`
      UPDATE license SET status = CASE WHEN license_number LIKE '%00' THEN ${status} ELSE status END,
        last_seen_at = now()
      WHERE board_id = 'zz-bulk'`;
    const { withTriggers, without } = await db.transaction(async (tx) => {
      const timed = async (query: ReturnType<typeof sql>) => {
        const start = performance.now();
        await tx.execute(query);
        return performance.now() - start;
      };
      await tx.execute(sql`ALTER TABLE license DISABLE TRIGGER roster_license_license_update`);
      const without = await timed(bulk('suspended'));
      await tx.execute(sql`ALTER TABLE license ENABLE TRIGGER roster_license_license_update`);
      await tx.execute(sql`SELECT roster_license_rederive(ARRAY[${ids.steve ?? ''}]::text[])`);
      await tx.execute(sql`UPDATE license SET last_seen_at = now() WHERE license_number = 'BULK-1'`);
      const withTriggers = await timed(bulk('expired'));
      return { withTriggers, without };
    });
    // Measured here: 1.0–1.5× on PostgreSQL and 0.9–1.1× on PGlite; 41× (10.8 s against 266 ms) on
    // PostgreSQL when the triggers joined old rows to new ones.
    expect(withTriggers, `${withTriggers.toFixed(0)} ms against ${without.toFixed(0)} ms`).toBeLessThan(
      without * 4 + 250,
    );
    await expectUpkept('a bulk registry update');
  }, 120_000);

  it("the migration's backfill derives the rows of what is stored already", async () => {
    const { db } = server.ctx;
    const migration = readFileSync(
      join(import.meta.dirname, '../src/platform/db/migrations/0036_roster-license.sql'),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)?.trim() ?? '';
    expect(backfill).toMatch(/^-- The rows of what is stored already\.\nSELECT roster_license_rederive/);
    await db.execute(sql`DELETE FROM roster_license`);
    await db.execute(sql.raw(backfill));
    await expectUpkept('backfilled');
  });
});
