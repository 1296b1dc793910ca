import { type BoardSimulator, startBoardSimulator } from '@licensewatch/board-sim/server';
import { STATE_NAMES, stateName } from '@licensewatch/shared/states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroundTruthPerson } from '../src/modules/licensing/matching/evaluate-accuracy.ts';
import { connectDatabase, type Database } from '../src/platform/db/client.ts';
import { waitFor } from './support/accounts.ts';
import { HttpClient, type JsonResponse } from './support/http-client.ts';
import {
  freePort,
  runCli,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from './support/server-processes.ts';
import { pickPhysician } from './support/simulated-boards.ts';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.ts';
import { startTestDatabase, type TestDatabase } from './support/test-database.ts';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';

// Issue #21, scale-out: two `serve` and two `worker` processes, each its own OS process running
// main.ts, against one PostgreSQL database made for this file. Only with TEST_DATABASE_URL (CI runs
// the integration tests on PostgreSQL too), as migrations.test.ts: several processes sharing one
// database exist only there; PGlite belongs to a single process and serves every connection from
// one session, so there is nothing to scale out.
// Timeouts: measured in four runs on the shared 2-core machine at a load average of 7–14 (other
// test runs), the set-up took 56–91 s (processes 44–72 s, first ingest 11–20 s), the reports
// 10–20 s, the weekly emails 19–30 s (two CLI processes starting), the take-over test 37–52 s (the webhook case, added later: 5 s on a quiet machine);
// each timeout is two to three times that.
describe.runIf(process.env.TEST_DATABASE_URL)('two serve and two worker processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let sql: Database;
  let sim: BoardSimulator;
  let smtp: SmtpReceiver;
  let receiver: WebhookReceiver;
  let persons: GroundTruthPerson[];
  let serveA: ServerProcess;
  let serveB: ServerProcess;
  let worker1: ServerProcess;
  let worker2: ServerProcess;
  /** What every process of the deployment is started with. */
  let deployment: Record<string, string>;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    const started = Date.now();
    // Empty, not the migrated template: the four processes starting at once migrate it (migrate.ts).
    database = await startTestDatabase({ empty: true });
    sql = connectDatabase(database.url, { max: 2 });
    sim = await startBoardSimulator({ port: 0, seed: 42, size: 1500 });
    smtp = await startSmtpReceiver();
    receiver = await startWebhookReceiver();
    persons = (await (await fetch(`${sim.url}/ground-truth.jsonl`)).text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as GroundTruthPerson);
    const [portA, portB] = [await freePort(), await freePort()];
    deployment = {
      DATABASE_URL: database.url,
      SIM_URL: sim.url,
      SMTP_URL: smtp.url,
      // Behind one load balancer: one public URL (the links in emails), client addresses forwarded.
      APP_URL: `http://127.0.0.1:${portA}`,
      // The load balancer is this machine.
      TRUST_PROXY: 'loopback',
    };
    // All four at once, as a deployment rolls out: each applies migrations (in turn, under their
    // lock) and the workers both see a fresh registry.
    // Measured on the 2-core machine shared with other test runs: one process alone 15 s (22 s on a
    // database still to migrate) at a load average of 12; all four at once 44–48 s at 7–12.
    const seconds = 150;
    [serveA, serveB, worker1, worker2] = await Promise.all([
      startServerProcess('serve', deployment, { port: portA, seconds }),
      startServerProcess('serve', deployment, { port: portB, seconds }),
      startServerProcess('worker', deployment, { seconds }),
      startServerProcess('worker', deployment, { seconds }),
    ]);
    timings.processesStarted = Date.now() - started;
    // The first ingest the workers queued on the empty registry: bulk files read, look-up boards seeded.
    await waitFor(
      'the first ingest',
      async () => (await pendingJobs(['ingest-board', 'seed-lookup-board'])) === 0,
      600,
    );
    timings.firstIngestDone = Date.now() - started;
  }, 240_000);

  afterAll(async () => {
    await Promise.all([serveA, serveB, worker1, worker2].map((p) => stopServerProcess(p)));
    await sql?.pool.end();
    await database?.close();
    await sim?.close();
    await smtp?.stop();
    await receiver?.close();
    console.log(`scale-out timings (ms since the file started): ${JSON.stringify(timings)}`);
  });

  async function pendingJobs(queues: string[]): Promise<number> {
    const { rows } = await sql.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = ANY($1) AND state < 'completed'`,
      [queues],
    );
    return rows[0]?.n ?? 0;
  }

  /** Every update-report job a report has had (queued, running, finished or archived). */
  async function updateJobs(reportId: string): Promise<{ state: string; retry_count: number }[]> {
    const { rows } = await sql.pool.query<{ state: string; retry_count: number }>(
      `SELECT state, retry_count FROM pgboss.job WHERE name = 'update-report' AND singleton_key = $1
       UNION ALL
       SELECT state, retry_count FROM pgboss.archive WHERE name = 'update-report' AND singleton_key = $1`,
      [reportId],
    );
    return rows;
  }

  /** The report's job reads completed just after the report does: pg-boss completes it once the handler has returned. */
  async function waitForUpdateJob(reportId: string, state: 'active' | 'completed') {
    await waitFor(`report ${reportId}'s update job to be ${state}`, async () =>
      (await updateJobs(reportId)).some((job) => job.state === state),
    );
  }

  /**
   * Asserts that each of `keys` happened exactly once, given how many times each was seen (rows per
   * dedupe key, messages per recipient, deliveries per event id at a receiver).
   */
  function expectExactlyOncePerKey(what: string, seen: Map<string, number>, keys: string[]) {
    expect(
      keys.map((key) => [key, seen.get(key) ?? 0]),
      what,
    ).toEqual(keys.map((key) => [key, 1]));
  }

  const countBy = <T>(items: T[], key: (item: T) => string) => {
    const counts = new Map<string, number>();
    for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
    return counts;
  };

  /** The same signed-in browser (its session cookie), talking to another process of the deployment. */
  const at = (server: ServerProcess, client: HttpClient) => ({
    get: (path: string): Promise<JsonResponse> =>
      new HttpClient(server.url as string, client.ip).get(path, { cookie: client.cookieHeader() }),
  });

  /** Signs up through `server`, confirming with the emailed link (which a worker delivered over SMTP). */
  async function signUpThrough(server: ServerProcess, email: string): Promise<HttpClient> {
    const client = new HttpClient(server.url as string);
    const res = await client.post('/api/auth/sign-up/email', {
      email,
      password: 'correct-horse',
      name: 'Dr. Ada Okafor',
      organization: 'Lakeside Family Medicine',
      userType: 'individual_physician',
      apiUsageInfo: null,
      callbackURL: '/dashboard',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && /Confirm/.test(m.subject), 20_000);
    const link = new URL(/(https?:\/\/\S+)/.exec(mail.text)?.[1] ?? '');
    expect((await client.get(link.pathname + link.search)).status).toBe(302);
    // Trial accounts switch plans without payment: premium has the weekly email and every state.
    const plan = await client.post('/api/v2/stripe/update-trial-plan', {
      plan_type: 'individual',
      plan_name: 'premium',
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    // So that everyone has something to be sent on Monday, whatever their licenses' dates.
    expect((await client.patch('/api/v1/auth/me', { weekly_all_clear: true })).status).toBe(200);
    return client;
  }

  const picked = new Set<GroundTruthPerson>();
  /** A physician no earlier report of this file asked for (pickPhysician's kind: all of whose licenses a report must find). */
  function nextPhysician(): GroundTruthPerson {
    const person = pickPhysician(
      persons.filter((p) => !picked.has(p)),
      { minLicenses: 3 },
    );
    picked.add(person);
    return person;
  }

  const reportBody = (person: GroundTruthPerson) => ({
    firstName: person.firstName,
    middleName: person.middleName,
    lastName: person.lastName,
    licenseType: person.licenses[0]?.licenseType,
    states: STATE_NAMES,
  });

  async function expectLicensesOf(
    client: { get: (path: string) => Promise<JsonResponse> },
    id: string,
    person: GroundTruthPerson,
  ) {
    const licenses = (await client.get(`/api/v2/reports/${id}/licenses`)).body as {
      state: string;
      license_number: string;
    }[];
    expect(licenses.map((l) => `${l.state} ${l.license_number}`).sort()).toEqual(
      person.licenses.map((l) => `${stateName(l.jurisdiction)} ${l.licenseNumber}`).sort(),
    );
  }

  const users: { email: string; client: HttpClient; home: ServerProcess; other: ServerProcess }[] = [];

  it('updates each report made through either server exactly once, and any server reads it', async () => {
    const started = Date.now();
    const emails = [0, 1, 2, 3].map((i) => `scale-out-${i}-${Date.now().toString(36)}@example.com`);
    const signedUp = await Promise.all(
      emails.map(async (email, i) => {
        const [home, other] = i % 2 === 0 ? [serveA, serveB] : [serveB, serveA];
        return { email, client: await signUpThrough(home, email), home, other };
      }),
    );
    users.push(...signedUp);
    timings.signedUp = Date.now() - started;

    const people = users.map(() => nextPhysician());
    const ids = await Promise.all(
      users.map(async ({ client }, i) => {
        const created = await client.post('/api/v2/reports/', reportBody(people[i] as GroundTruthPerson));
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        return created.body.id as string;
      }),
    );
    // Progress read through the server the report was not made on: it is all in the database.
    await Promise.all(
      users.map(({ client, other }, i) =>
        waitFor(
          `report ${ids[i]} to complete`,
          async () => (await at(other, client).get(`/api/v2/states/update-status/${ids[i]}`)).body.is_completed,
          600,
        ),
      ),
    );
    for (const id of ids) await waitForUpdateJob(id, 'completed');
    timings.reportsUpdated = Date.now() - started;

    for (const [i, id] of ids.entries()) {
      // One job, fetched once (pg-boss counts a second fetch of the same job as a retry), completed.
      expect(await updateJobs(id)).toEqual([{ state: 'completed', retry_count: 0 }]);
      const { client, other } = users[i] as (typeof users)[number];
      expect((await at(other, client).get(`/api/v2/states/update-status/${id}`)).body).toEqual({
        is_completed: true,
        progress: 100,
        unavailable_states: [],
      });
      await expectLicensesOf(at(other, client), id, people[i] as GroundTruthPerson);
    }
    const { rows } = await sql.pool.query<{ report_id: string; n: number; distinct_licenses: number }>(
      `SELECT report_id, count(*)::int AS n, count(DISTINCT license_id)::int AS distinct_licenses
       FROM report_license WHERE report_id = ANY($1) GROUP BY report_id`,
      [ids],
    );
    for (const row of rows) expect(row.n).toBe(row.distinct_licenses);
  }, 90_000);

  it('sends each user one weekly email, however many processes run the weekly job at once', async () => {
    expect(users).toHaveLength(4);
    const started = Date.now();
    // Two operators' `jobs:run weekly-reminders` at the same moment, while both workers hold the
    // 15-minute schedule: every one of them queues and drains the same week.
    const runs = await Promise.all([
      runCli(['jobs:run', 'weekly-reminders'], deployment),
      runCli(['jobs:run', 'weekly-reminders'], deployment),
    ]);
    timings.weeklyCliRuns = Date.now() - started;
    const totals = { queued: 0, sent: 0 };
    for (const run of runs) {
      expect(run.code, run.output).toBe(0);
      const m = /Queued (\d+), sent (\d+)/.exec(run.output);
      expect(m, run.output).not.toBeNull();
      totals.queued += Number(m?.[1]);
      totals.sent += Number(m?.[2]);
    }
    expect(totals).toEqual({ queued: users.length, sent: users.length });

    // The Monday email's subjects (weekly-reminder-email.tsx): all clear, licenses expiring, or
    // physicians needing attention first.
    const weekly = (m: { subject: string }) =>
      /^All clear|needs? attention this week$|^\d+ physicians? needs? attention/.test(m.subject);
    // Delivered over SMTP by whichever worker took each deliver-email job.
    await waitFor(
      'every weekly email to arrive',
      async () => users.every((u) => smtp.messages.some((m) => m.to.includes(u.email) && weekly(m))),
      200,
    );
    // Nothing more is coming: each stored message is sent, no delivery job is left.
    await waitFor('deliveries to settle', async () => (await pendingJobs(['deliver-email'])) === 0, 200);
    timings.weeklyDelivered = Date.now() - started;
    const emails = users.map((u) => u.email);
    expectExactlyOncePerKey(
      'weekly emails received per user',
      countBy(
        smtp.messages.filter(weekly).flatMap((m) => m.to),
        (to) => to,
      ),
      emails,
    );
    const { rows } = await sql.pool.query<{ to: string; status: string }>(
      `SELECT "to", status FROM outbound_message WHERE dedupe_key LIKE 'weekly:%' AND "to" = ANY($1)`,
      [emails],
    );
    expectExactlyOncePerKey(
      'weekly emails stored per user',
      countBy(rows, (r) => r.to),
      emails,
    );
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  }, 90_000);

  it('delivers each webhook event of a report made through one server, registered through the other, exactly once', async () => {
    const started = Date.now();
    const owner = users[1];
    if (!owner) throw new Error('the first test signs the users up');
    // The clinic: created through the owner's server, put on Growth as sales would, its endpoint
    // registered through the other server.
    const viaHome = owner.client.post;
    const viaOther = (path: string, body: unknown) =>
      new HttpClient(owner.other.url as string, owner.client.ip).post(path, body, {
        cookie: owner.client.cookieHeader(),
      });
    const org = await viaHome('/api/v2/organisations/', { name: 'Scale-out Clinic' });
    expect(org.status, JSON.stringify(org.body)).toBe(201);
    const plan = await runCli(['organisations:plan', '--id', org.body.id, '--plan', 'growth'], deployment);
    expect(plan.code, plan.output).toBe(0);
    const endpoint = await viaOther('/api/v2/webhooks/endpoints', {
      url: receiver.url('/scale-out'),
      events: ['report.updated', 'license.found'],
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);

    const person = nextPhysician();
    const created = await viaHome('/api/v2/reports/', reportBody(person));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    await receiver.waitFor((r) => r.path === '/scale-out' && JSON.parse(r.body).type === 'report.updated', 60_000);
    // Both workers dispatch every minute and after each update: nothing is left to send once the
    // outbox has no delivery pending and no webhook job is queued.
    await waitFor(
      'webhook deliveries to settle',
      async () =>
        (await pendingJobs(['deliver-webhook', 'dispatch-webhooks'])) === 0 &&
        (
          await sql.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM webhook_delivery WHERE endpoint_id = $1 AND status <> 'delivered'`,
            [endpoint.body.id],
          )
        ).rows[0]?.n === 0,
      300,
    );
    // Another minute's dispatch by either worker would find nothing more to send.
    await new Promise((r) => setTimeout(r, 2000));
    timings.webhooksDelivered = Date.now() - started;

    const received = receiver.received.filter((r) => r.path === '/scale-out').map((r) => JSON.parse(r.body));
    const { rows } = await sql.pool.query<{ event_id: string; event_type: string }>(
      'SELECT event_id, event_type FROM webhook_delivery WHERE endpoint_id = $1',
      [endpoint.body.id],
    );
    const eventIds = rows.map((r) => r.event_id);
    expect(rows.filter((r) => r.event_type === 'report.updated')).toHaveLength(1);
    expect(rows.filter((r) => r.event_type === 'license.found')).toHaveLength(person.licenses.length);
    expect(received.every((event) => event.data.report?.id === id || event.data.license)).toBe(true);
    expectExactlyOncePerKey(
      'webhook deliveries received per event',
      countBy(received, (event) => event.id),
      eventIds,
    );
  }, 120_000);

  it('gives the update of a worker killed mid-report to the other worker', async () => {
    const user = users[0];
    if (!user) throw new Error('the first test signs the users up');
    const person = nextPhysician();
    // Boards answering slowly, so the update takes long enough to be cut short.
    await fetch(`${sim.url}/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ boardId: '*', latencyMs: 400 }),
    });
    // Worker 2 is paused while the job is handed out, so it is known to be worker 1's to lose.
    worker2.child.kill('SIGSTOP');
    let id = '';
    try {
      const created = await user.client.post('/api/v2/reports/', reportBody(person));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      id = created.body.id;
      await waitForUpdateJob(id, 'active');
    } finally {
      worker2.child.kill('SIGCONT');
    }
    const progress = async () => (await user.client.get(`/api/v2/states/update-status/${id}`)).body;
    await waitFor('the update to get going', async () => (await progress()).progress >= 10, 300);

    worker1.child.kill('SIGKILL');
    await worker1.exited();
    const killedAt = Date.now();
    const atKill = await progress();
    expect(atKill.is_completed, 'the update finished before the worker was killed: make the boards slower').toBe(false);
    expect(await updateJobs(id)).toEqual([{ state: 'active', retry_count: 0 }]);
    await fetch(`${sim.url}/_control/faults`, { method: 'DELETE' });

    // Worker 2 started before this report existed: only pg-boss's expiry of the dead worker's job
    // (queues.ts, aliveSeconds) can bring it the update: 20 s unrenewed, up to 10 s to the next
    // maintenance, a 5–10 s retry delay, 1 s polling. Measured 35–44 s at a load average of 7–13.
    await waitFor('worker 2 to take the update over', async () => (await updateJobs(id))[0]?.retry_count === 1, 900);
    timings.takeoverMs = Date.now() - killedAt;
    await waitForUpdateJob(id, 'completed');
    timings.takeoverCompletedMs = Date.now() - killedAt;
    expect(await progress()).toEqual({ is_completed: true, progress: 100, unavailable_states: [] });
    expect(await updateJobs(id)).toEqual([{ state: 'completed', retry_count: 1 }]);
    await expectLicensesOf(user.client, id, person);
    const { rows } = await sql.pool.query<{ n: number; distinct_licenses: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT license_id)::int AS distinct_licenses FROM report_license WHERE report_id = $1',
      [id],
    );
    expect(rows[0]?.n).toBe(rows[0]?.distinct_licenses);
  }, 150_000);
});
