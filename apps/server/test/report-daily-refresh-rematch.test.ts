// Which reports the daily refresh re-matches (find-reports-to-rematch.ts): those whose names gained
// or changed registry rows since their last refresh, and no others; the others are still refreshed.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { license } from '../src/modules/licensing/tables.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { report, reportState } from '../src/modules/reports/tables.ts';
import { findReportsToRematch, type ReportToCheck } from '../src/modules/reports/update/find-reports-to-rematch.ts';
import { readMatchMarker } from '../src/modules/reports/update/read-match-marker.ts';
import { refreshReports } from '../src/modules/reports/update/refresh-reports.ts';
import { alertUser } from './support/alerts.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let userId: string;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
  ({ userId } = await alertUser(server));
  await assignPlan(server.ctx.db, {
    userId,
    planName: 'premium',
    trial: false,
    endDate: new Date(Date.now() + 30 * 86_400_000),
    reason: 'plan-change',
  });
});
afterAll(() => server?.close());

let numbers = 0;
/** A registry row as a bulk-file ingest leaves it, `daysAgo` and `secondsAgo` old. */
async function registryRow(
  first: string,
  last: string,
  {
    jurisdiction = 'WA',
    daysAgo = 0,
    secondsAgo = 0,
  }: { jurisdiction?: 'WA' | 'OR' | 'NY'; daysAgo?: number; secondsAgo?: number } = {},
) {
  numbers++;
  const at = new Date(Date.now() - daysAgo * 86_400_000 - secondsAgo * 1000);
  const [row] = await server.ctx.db
    .insert(license)
    .values({
      jurisdiction,
      boardId: `${jurisdiction.toLowerCase()}-md`,
      licenseType: 'MD',
      licenseNumber: `RM${numbers}`,
      recordKey: `RM${numbers}`,
      firstName: first,
      lastName: last,
      firstNorm: first.toLowerCase(),
      lastNorm: last.toLowerCase(),
      status: 'active',
      sourceKind: 'socrata',
      firstSeenAt: at,
      updatedAt: at,
      nameChangedAt: at,
    })
    .returning({ id: license.id });
  return row?.id as string;
}

/**
 * Waits until no other session of this database has a transaction open since `at` or earlier: the
 * refresh's marker is held back to the oldest open transaction (read-match-marker.ts), so one such
 * transaction (a busy machine's slow statement) would make the next refresh re-match what this one
 * decided, by design. A transaction that begins later cannot hold the marker back before `at`.
 */
async function noTransactionOpenSince(at: Date) {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await server.ctx.db.execute<{ open: number }>(sql`
      SELECT count(*)::int AS open FROM pg_stat_activity
      WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
        AND application_name IS DISTINCT FROM 'pgboss' AND xact_start <= ${at.toISOString()}::timestamptz`);
    if (rows[0]?.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`a transaction open since ${at.toISOString()} stayed open for 10 s`);
}

/** A report decided a day ago over WA and OR, with its states settled. */
async function decidedReport(first: string, last: string): Promise<ReportToCheck> {
  const refreshedAt = new Date(Date.now() - 86_400_000);
  const [row] = await server.ctx.db
    .insert(report)
    .values({
      workspaceId: userId,
      name: `${first} ${last}`,
      firstName: first,
      lastName: last,
      licenseType: 'MD',
      states: ['WA', 'OR'],
      updateExecutedAt: refreshedAt,
      refreshedAt,
    })
    .returning({ id: report.id });
  const id = row?.id as string;
  await server.ctx.db.insert(reportState).values([
    { reportId: id, state: 'WA', status: 'done', attempts: 1, checkedAt: refreshedAt },
    { reportId: id, state: 'OR', status: 'done', attempts: 1, checkedAt: refreshedAt },
  ]);
  return {
    id,
    firstName: first,
    middleName: null,
    lastName: last,
    licenseType: 'MD',
    states: ['WA', 'OR'],
    refreshedAt,
  };
}

describe('the reports a daily refresh re-matches', () => {
  it('are those a new or renamed registry row could concern, and only those', async () => {
    await registryRow('Quentin', 'Abernathy', { daysAgo: 30 });
    const quiet = await decidedReport('Quentin', 'Abernathy');
    const gaining = await decidedReport('Rosalind', 'Blackwood');
    const typo = await decidedReport('Theodora', 'Castellano');
    const elsewhere = await decidedReport('Ulysses', 'Drummond');
    const reports = [quiet, gaining, typo, elsewhere];
    expect(await findReportsToRematch(server.ctx.db, reports)).toEqual(new Set());

    // New since their refresh: a row of Rosalind Blackwood in one of her states, a surname one
    // slip from Castellano's, another Drummond in a state the report does not cover (of a surname
    // never on record: it may change how the matcher reads a slip), and strangers.
    await registryRow('Rosalind', 'Blackwood', { jurisdiction: 'OR' });
    await registryRow('Theodora', 'Castelano');
    await registryRow('Ulysses', 'Drummond', { jurisdiction: 'NY' });
    await registryRow('Quincy', 'Zellweger');
    await registryRow('Mary', 'Abernathy', { jurisdiction: 'WA' });
    expect(await findReportsToRematch(server.ctx.db, reports)).toEqual(new Set([gaining.id, typo.id, elsewhere.id]));
  });

  it('leave out status and expiry changes, and take in a rename of a tracked license', async () => {
    const id = await registryRow('Valentina', 'Esterhazy', { daysAgo: 30 });
    const rep = await decidedReport('Valentina', 'Esterhazy');
    await server.ctx.db.execute(sql`
      INSERT INTO report_license (report_id, license_id, confidence, match_reason) VALUES (${rep.id}, ${id}, 1, 'test')`);
    await server.ctx.db
      .update(license)
      .set({ status: 'suspended', expiryDate: '2030-01-31', updatedAt: new Date() })
      .where(eq(license.id, id));
    expect(await findReportsToRematch(server.ctx.db, [rep])).toEqual(new Set());
    await server.ctx.db
      .update(license)
      .set({ lastName: 'Esterhazy-Kovacs', lastNorm: 'esterhazy kovacs', nameChangedAt: new Date() })
      .where(eq(license.id, id));
    expect(await findReportsToRematch(server.ctx.db, [rep])).toEqual(new Set([rep.id]));
  });

  it('refreshes the others all the same: states checked, update_excuted_date and the marker moved', async () => {
    const rep = await decidedReport('Wilhelmina', 'Fairweather');
    const fresh = await decidedReport('Xavier', 'Gallagher');
    // A second old: a row of the same millisecond as the refresh's marker counts as changed after it
    // (the comparison is at millisecond precision and inclusive: re-matching more, never less), so
    // a row written the instant before the refresh would be re-matched again, and the test would
    // depend on the machine's speed.
    await registryRow('Xavier', 'Gallagher', { jurisdiction: 'OR', secondsAgo: 1 });
    await noTransactionOpenSince(new Date(Date.now() - 1000));
    // Registry matching only: no board is searched for states already settled.
    const ctx = { ...server.ctx, licensing: { boards: [], sourceFor: () => expect.fail('no board is asked') } };
    const result = await refreshReports(ctx, { reportIds: [rep.id, fresh.id] });
    expect(result).toMatchObject({ reports: 2, rematched: 1, attached: 1 });
    const rows = await server.ctx.db.select().from(report).where(eq(report.id, rep.id));
    expect(rows[0]?.updateExecutedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(rows[0]?.refreshedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const states = await server.ctx.db.select().from(reportState).where(eq(reportState.reportId, rep.id));
    expect(states.map((s) => s.attempts)).toEqual([2, 2]);
    expect(states.every((s) => (s.checkedAt?.getTime() ?? 0) > Date.now() - 60_000)).toBe(true);
    // Decided now: nothing more to re-match for either.
    const again = await refreshReports(ctx, { reportIds: [rep.id, fresh.id] });
    expect(again).toMatchObject({ reports: 2, rematched: 0, attached: 0 });
  });

  it('takes a marker the job queue’s own sessions do not hold back: they never write the registry', async () => {
    // pg-boss polls and maintains its tables on its own connections (application_name pgboss); a
    // statement of theirs in flight must not make the next refresh re-match what this one decided.
    const queueSession = new pg.Client({ connectionString: server.databaseUrl, application_name: 'pgboss' });
    await queueSession.connect();
    try {
      const before = Date.now();
      const slow = queueSession.query('SELECT pg_sleep(0.5)');
      await new Promise((resolve) => setTimeout(resolve, 150));
      const marker = await readMatchMarker(server.ctx.db);
      await slow;
      // The database keeps microseconds; the client's clock is read in milliseconds.
      expect(new Date(marker).getTime()).toBeGreaterThanOrEqual(before + 100);
    } finally {
      await queueSession.end();
    }
  });
});
