import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/modules/accounts/tables.ts';
import { partitionBoardsByBulkFile } from '../src/modules/licensing/partition-boards-by-bulk-file.ts';
import { license, licenseEvent } from '../src/modules/licensing/tables.ts';
import { upsertLookedUpLicenses } from '../src/modules/licensing/upsert-looked-up-licenses.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { dailyRefreshJob } from '../src/modules/reports/update/daily-refresh-job.ts';
import { listReportsToRefresh } from '../src/modules/reports/update/list-reports-to-refresh.ts';
import { signUpAndVerify } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { reportBodyFor } from './support/reports.ts';
import { pickPhysician, type SimulatedBoards, withSimulatedBoards } from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 1500, seed: 42 }, (running) => {
  ({ server, boards } = running);
});

async function signedIn(planEnd = new Date(Date.now() + 30 * 86_400_000)) {
  const client = new HttpClient(server.url);
  const { email } = await signUpAndVerify(client);
  const [row] = await server.ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const userId = row?.id as string;
  await assignPlan(server.ctx.db, {
    userId,
    planName: 'premium',
    trial: false,
    endDate: planEnd,
    reason: 'plan-change',
  });
  return { client, userId };
}

async function createAndFinish(client: HttpClient, body: object): Promise<string> {
  const created = await client.post('/api/v2/reports/', body);
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  for (let i = 0; i < 600; i++) {
    if ((await client.get(`/api/v2/states/update-status/${id}`)).body.is_completed) return id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('update did not finish');
}

async function waitForRefresh(client: HttpClient, id: string, after: string) {
  for (let i = 0; i < 600; i++) {
    const report = (await client.get(`/api/v1/reports/${id}`)).body;
    if (Date.parse(report.update_excuted_date) > Date.parse(after)) return report;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the refresh did not run');
}

/** Makes the registry's copy of a license stale, as if the board had changed it since. */
async function makeStale(licenseId: string) {
  await server.ctx.db
    .update(license)
    .set({ status: 'expired', rawStatus: 'Expired', expiryDate: '2001-01-31' })
    .where(eq(license.id, licenseId));
}

describe('the daily refresh', () => {
  let client: HttpClient;
  let reportId: string;
  let lookupLicense: { id: string; licenseNumber: string | null; expiryDate: string | null; status: string };

  beforeAll(async () => {
    ({ client } = await signedIn());
    const person = pickPhysician(boards.persons);
    reportId = await createAndFinish(client, reportBodyFor(person));
    const lookupBoards = new Set(
      partitionBoardsByBulkFile(server.ctx.licensing as NonNullable<typeof server.ctx.licensing>).lookupOnly.map(
        (b) => b.id,
      ),
    );
    const { rows } = await server.ctx.pool.query<{
      id: string;
      license_number: string;
      expiry_date: string | null;
      status: string;
    }>(
      `SELECT l.id, l.license_number, l.expiry_date::text AS expiry_date, l.status
       FROM report_license rl JOIN license l ON l.id = rl.license_id WHERE rl.report_id = $1 AND l.board_id = ANY($2)`,
      [reportId, [...lookupBoards]],
    );
    const row = rows[0];
    if (!row) throw new Error('the physician has no license on a look-up-only board');
    lookupLicense = { id: row.id, licenseNumber: row.license_number, expiryDate: row.expiry_date, status: row.status };
  });

  it('checks tracked licenses again at their board and records what changed as license events', async () => {
    await makeStale(lookupLicense.id);
    const before = (await client.get(`/api/v1/reports/${reportId}`)).body.update_excuted_date;
    expect(await dailyRefreshJob(server.ctx)).toBeGreaterThanOrEqual(1);
    await waitForRefresh(client, reportId, before);

    const [restored] = await server.ctx.db.select().from(license).where(eq(license.id, lookupLicense.id));
    expect(restored).toMatchObject({ expiryDate: lookupLicense.expiryDate, status: lookupLicense.status });
    const events = await server.ctx.db
      .select()
      .from(licenseEvent)
      .where(and(eq(licenseEvent.licenseId, lookupLicense.id), eq(licenseEvent.source, 'refresh')));
    expect(events.map((e) => e.kind)).toContain('expiry');
    const shown = (await client.get(`/api/v2/reports/${reportId}/licenses`)).body.find(
      (l: { license_number: string }) => l.license_number === lookupLicense.licenseNumber,
    );
    expect(shown.expired).toBe(lookupLicense.expiryDate);
  });

  it('attaches a license that has become known since, and leaves hidden ones hidden', async () => {
    const person = { firstName: 'Octavia', middleName: 'Marigold', lastName: 'Fennimore' };
    const id = await createAndFinish(client, { ...person, licenseType: 'MD', states: ['Washington', 'Oregon'] });
    expect((await client.get(`/api/v1/reports/${id}`)).body.total_license).toBe(0);
    const record = (boardId: string, jurisdiction: 'WA' | 'OR', licenseNumber: string) => ({
      ...person,
      jurisdiction,
      boardId,
      licenseType: 'MD' as const,
      licenseNumber,
      suffix: null,
      rawStatus: 'ACTIVE',
      status: 'active' as const,
      issueDate: '2015-01-01',
      expiryDate: '2030-01-31',
      discipline: null,
    });
    await upsertLookedUpLicenses(server.ctx, {
      records: [record('wa-md', 'WA', 'MD-OF-1')],
      sourceKind: 'socrata',
    });
    const before = (await client.get(`/api/v1/reports/${id}`)).body.update_excuted_date;
    await dailyRefreshJob(server.ctx);
    const refreshed = await waitForRefresh(client, id, before);
    expect(refreshed.total_license).toBe(1);

    const [wa] = (await client.get(`/api/v2/reports/${id}/licenses`)).body;
    expect((await client.request('PATCH', `/api/v2/reports/licenses/${wa.id}`)).status).toBe(200);
    const again = (await client.get(`/api/v1/reports/${id}`)).body.update_excuted_date;
    await dailyRefreshJob(server.ctx);
    expect((await waitForRefresh(client, id, again)).total_license).toBe(0);
  });

  it('skips reports of expired plans', async () => {
    const lapsed = await signedIn();
    const id = await createAndFinish(lapsed.client, {
      firstName: 'Octavia',
      lastName: 'Fennimore',
      licenseType: 'MD',
      states: ['Washington'],
    });
    expect(await listReportsToRefresh(server.ctx.db)).toContain(id);
    await server.ctx.db.execute(
      sql`UPDATE user_plan SET end_date = now() - interval '1 day' WHERE workspace_id = ${lapsed.userId}`,
    );
    expect(await listReportsToRefresh(server.ctx.db)).not.toContain(id);
  });

  it('runs now from the CLI: npm run cli -- jobs:run daily-refresh', async () => {
    await makeStale(lookupLicense.id);
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
    const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
      let text = '';
      const proc = spawn(process.execPath, ['--import', 'tsx', cli, 'jobs:run', 'daily-refresh'], {
        cwd: fileURLToPath(new URL('../../../', import.meta.url)),
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          DATABASE_URL: server.databaseUrl,
          SIM_URL: boards.sim.url,
          AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
          DATA_DIR: '/nonexistent',
        },
      });
      proc.stdout.on('data', (d) => {
        text += d;
      });
      proc.stderr.on('data', (d) => {
        text += d;
      });
      proc.on('exit', (code) => resolve({ code, text }));
    });
    expect(output.code, output.text).toBe(0);
    expect(output.text).toMatch(
      /^Refreshed \d+ reports? in [\d.]+ s: \d+ licenses? checked at their boards, [1-9]\d* changes? recorded/m,
    );
    const [restored] = await server.ctx.db.select().from(license).where(eq(license.id, lookupLicense.id));
    expect(restored?.expiryDate).toBe(lookupLicense.expiryDate);
  }, 90_000);
});
