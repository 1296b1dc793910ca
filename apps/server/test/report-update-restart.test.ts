import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { STATE_NAMES, stateName } from '@licensewatch/shared/states';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/modules/accounts/tables.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { reportState } from '../src/modules/reports/tables.ts';
import { startWorker } from '../src/worker.ts';
import { signUpAndVerify } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { pickPhysician, type SimulatedBoards, startSimulatedBoards } from './support/simulated-boards.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// The server here only serves; the update runs in a separate worker process, killed mid-way.
let server: TestServer;
let boards: SimulatedBoards;
let child: ChildProcess | undefined;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
  boards = await startSimulatedBoards(server.ctx, { size: 1500, seed: 42 });
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await server?.close();
  await boards?.sim.close();
});

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** `npm start -- worker` against the test's database and simulator, as its own process. */
function startWorkerProcess(): { process: ChildProcess; output: () => string } {
  let output = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', main, 'worker'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: server.databaseUrl,
      SIM_URL: boards.sim.url,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      APP_URL: server.url,
      DATA_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => {
    output += d;
  });
  proc.stderr?.on('data', (d) => {
    output += d;
  });
  return { process: proc, output: () => output };
}

/** Polls until `done` holds or `seconds` pass (the machine may be busy: a process starts here). */
async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds: number): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

async function progressOf(client: HttpClient, id: string): Promise<{ is_completed: boolean; progress: number }> {
  const res = await client.get(`/api/v2/states/update-status/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('a worker killed in the middle of a report update', () => {
  it('leaves the progress where it was; the next worker resumes and adds no license twice', async () => {
    const client = new HttpClient(server.url);
    const { email } = await signUpAndVerify(client);
    const [row] = await server.ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const userId = row?.id as string;
    await assignPlan(server.ctx.db, { userId, planName: 'premium', trial: true, reason: 'plan-change' });

    const person = pickPhysician(boards.persons, { minLicenses: 3 });
    // Every state, with boards answering slowly, so that the update takes a few seconds.
    await boards.setFaults({ latencyMs: 400 });
    const created = await client.post('/api/v2/reports/', {
      firstName: person.firstName,
      middleName: person.middleName,
      lastName: person.lastName,
      licenseType: person.licenses[0]?.licenseType,
      states: STATE_NAMES,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(await progressOf(client, id)).toEqual({ is_completed: false, progress: 0, unavailable_states: [] });

    const first = startWorkerProcess();
    child = first.process;
    const started = await pollUntil(
      () => progressOf(client, id),
      (s) => s.progress >= 10,
      60,
    );
    expect(started.progress, first.output()).toBeGreaterThanOrEqual(10);
    first.process.kill('SIGKILL');
    await new Promise((r) => first.process.once('exit', r));
    const atKill = await progressOf(client, id);
    expect(atKill.is_completed).toBe(false);
    expect(atKill.progress).toBeLessThan(100);
    // Nobody is working on it now: the progress stays put.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await progressOf(client, id)).progress).toBe(atKill.progress);
    const settledBefore = await server.ctx.db
      .select({ state: reportState.state, attempts: reportState.attempts })
      .from(reportState)
      .where(sql`${reportState.reportId} = ${id} AND ${reportState.status} <> 'pending'`);

    // A worker starts again (here, in the test's own process) and resumes without waiting for
    // pg-boss to expire the dead worker's job.
    await boards.setFaults({ latencyMs: 0 });
    await startWorker(server.ctx);
    const done = await pollUntil(
      () => progressOf(client, id),
      (s) => s.is_completed,
      60,
    );
    expect(done).toEqual({ is_completed: true, progress: 100, unavailable_states: [] });

    // States settled before the kill were not matched again.
    const after = await server.ctx.db
      .select({ state: reportState.state, attempts: reportState.attempts })
      .from(reportState)
      .where(eq(reportState.reportId, id));
    const attemptsAfter = new Map(after.map((s) => [s.state, s.attempts]));
    for (const s of settledBefore) expect(attemptsAfter.get(s.state)).toBe(s.attempts);

    const { rows } = await server.ctx.pool.query<{ n: number; distinct_licenses: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT license_id)::int AS distinct_licenses FROM report_license WHERE report_id = $1',
      [id],
    );
    expect(rows[0]?.n).toBe(rows[0]?.distinct_licenses);
    const licenses = (await client.get(`/api/v2/reports/${id}/licenses`)).body;
    expect(
      licenses.map((l: { state: string; license_number: string }) => `${l.state} ${l.license_number}`).sort(),
    ).toEqual(person.licenses.map((l) => `${stateName(l.jurisdiction)} ${l.licenseNumber}`).sort());
    const report = (await client.get(`/api/v1/reports/${id}`)).body;
    expect(report.total_license).toBe(person.licenses.length);
    expect(report.update_excuted_date).not.toBeNull();
  }, 150_000);
});
