// The daily refresh shared by two workers on one database (two job queues and pools, as two
// `worker` processes would have): every chunk's job is sent twice, so the two race for the same
// work; still each report is refreshed once and each tracked license on a look-up board is asked
// once, however many reports track it.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppContext, createContext } from '../src/context.ts';
import type { LicenseSources } from '../src/modules/licensing/license-sources.ts';
import { partitionBoardsByBulkFile } from '../src/modules/licensing/partition-boards-by-bulk-file.ts';
import type { LicenseSource } from '../src/modules/licensing/types.ts';
import { dailyRefreshJob } from '../src/modules/reports/update/daily-refresh-job.ts';
import { parseEnv } from '../src/platform/env.ts';
import { startWorker } from '../src/worker.ts';
import { signedInOnPlan } from './support/accounts.ts';
import { reportBodyFor } from './support/reports.ts';
import { type SimulatedBoards, startSimulatedBoards } from './support/simulated-boards.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
let boards: SimulatedBoards;
const workers: AppContext[] = [];
/** Number questions each worker asked, `board:number` → count. */
const asked = [new Map<string, number>(), new Map<string, number>()];

/** The boards as the server has them, counting every question by number this worker asks. */
function counting(sources: LicenseSources, tally: Map<string, number>): LicenseSources {
  return {
    boards: sources.boards,
    sourceFor(boardId) {
      const source = sources.sourceFor(boardId);
      const counted: LicenseSource = Object.create(source);
      counted.search = (query) => {
        if ('licenseNumber' in query) {
          const key = `${boardId}:${query.licenseNumber}`;
          tally.set(key, (tally.get(key) ?? 0) + 1);
        }
        return source.search(query);
      };
      return counted;
    },
  };
}

async function startWorkerContext(tally: Map<string, number>): Promise<AppContext> {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: server.url,
    DATA_DIR: '/nonexistent',
  });
  const ctx = await createContext({
    env,
    databaseUrl: server.databaseUrl,
    secret: 'test-secret-test-secret-test-secret-0123',
    log: pino({ level: 'silent' }),
    licensing: counting(server.ctx.licensing as LicenseSources, tally),
  });
  await startWorker(ctx);
  return ctx;
}

beforeAll(async () => {
  // The server only serves: the two worker contexts below do every job, the reports' updates too.
  server = await startTestServer({}, { worker: false });
  boards = await startSimulatedBoards(server.ctx, { size: 1500, seed: 42 });
  workers.push(await startWorkerContext(asked[0] as Map<string, number>));
  workers.push(await startWorkerContext(asked[1] as Map<string, number>));
}, 120_000);
afterAll(async () => {
  for (const ctx of workers) await ctx.close();
  await server?.close();
  await boards?.sim.close();
});

const premiumUser = () => signedInOnPlan(server, { planName: 'premium' });

describe('the daily refresh with two workers', () => {
  it('refreshes each report once and asks each look-up license once', async () => {
    // Reports through the API for physicians named like nobody else, licensed on look-up boards.
    const owner = await premiumUser();
    const lookupOnly = new Set(
      partitionBoardsByBulkFile(server.ctx.licensing as LicenseSources).lookupOnly.map((b) => b.id),
    );
    const name = (p: { firstName: string; lastName: string }) => `${p.firstName}|${p.lastName}`.toLowerCase();
    const named = new Map<string, number>();
    for (const p of boards.persons) named.set(name(p), (named.get(name(p)) ?? 0) + 1);
    const people = boards.persons
      .filter(
        (p) =>
          named.get(name(p)) === 1 &&
          p.licenses.every((l) => l.licenseNumber && l.licenseType === p.licenses[0]?.licenseType) &&
          p.licenses.some((l) => lookupOnly.has(l.boardId)),
      )
      .slice(0, 5);
    const reportIds: string[] = [];
    for (const person of people) {
      const created = await owner.client.post('/api/v2/reports/', reportBodyFor(person));
      expect(created.status).toBe(201);
      reportIds.push(created.body.id);
    }
    await expect
      .poll(
        async () =>
          (
            await server.ctx.db.execute<{ n: number }>(
              sql`SELECT count(*)::int AS n FROM report WHERE update_executed_at IS NULL`,
            )
          ).rows[0]?.n,
        { timeout: 60_000, interval: 200 },
      )
      .toBe(0);
    // A second account tracks the same licenses: an organisation following the same physicians.
    const other = await premiumUser();
    await server.ctx.db.execute(sql`
      WITH copy AS (
        INSERT INTO report (workspace_id, name, first_name, middle_name, last_name, license_type, states,
          update_executed_at, refreshed_at)
        SELECT ${other.userId}, name, first_name, middle_name, last_name, license_type, states,
          update_executed_at, refreshed_at
        FROM report WHERE id = ANY(${sql.param(reportIds)}::text[])
        RETURNING id, first_name, last_name
      ),
      pairs AS (
        SELECT c.id AS copy_id, r.id AS report_id FROM copy c
        JOIN report r ON r.id = ANY(${sql.param(reportIds)}::text[])
          AND r.first_name = c.first_name AND r.last_name = c.last_name
      ),
      states AS (
        INSERT INTO report_state (report_id, state, status, attempts, checked_at)
        SELECT p.copy_id, s.state, s.status, s.attempts, s.checked_at
        FROM pairs p JOIN report_state s ON s.report_id = p.report_id
      )
      INSERT INTO report_license (report_id, license_id, confidence, match_reason)
      SELECT p.copy_id, rl.license_id, rl.confidence, rl.match_reason
      FROM pairs p JOIN report_license rl ON rl.report_id = p.report_id`);
    const { rows: tracked } = await server.ctx.db.execute<{ key: string; reports: number }>(sql`
      SELECT l.board_id || ':' || l.license_number AS key, count(*)::int AS reports
      FROM report_license rl JOIN license l ON l.id = rl.license_id
      WHERE rl.hidden_at IS NULL AND l.license_number IS NOT NULL
        AND l.board_id = ANY(${sql.param([...lookupOnly])}::text[])
      GROUP BY 1`);
    expect(tracked.length).toBeGreaterThan(2);
    expect(tracked.every((t) => t.reports === 2)).toBe(true);

    // Every write of update_excuted_date, per report.
    await server.ctx.db.execute(sql`CREATE TABLE refreshed_log (report_id text NOT NULL)`);
    await server.ctx.db.execute(sql`
      CREATE FUNCTION log_refreshed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO refreshed_log VALUES (NEW.id); RETURN NEW; END $$`);
    await server.ctx.db.execute(sql`
      CREATE TRIGGER report_refreshed AFTER UPDATE OF update_executed_at ON report
      FOR EACH ROW EXECUTE FUNCTION log_refreshed()`);

    // A report per chunk, and every chunk's job twice (as a retry or a second scheduler would).
    const reports = await dailyRefreshJob(server.ctx, { reportsPerChunk: 1 });
    expect(reports).toBe(2 * reportIds.length);
    const { rows: run } = await server.ctx.db.execute<{ id: string }>(
      sql`SELECT id FROM refresh_run ORDER BY started_at DESC LIMIT 1`,
    );
    const runId = run[0]?.id as string;
    const { rows: chunks } = await server.ctx.db.execute<{ kind: string; key: string }>(
      sql`SELECT kind, key FROM refresh_chunk WHERE run_id = ${runId}`,
    );
    for (const { kind, key } of chunks) {
      if (kind === 'board')
        await server.ctx.jobs.send('refreshBoard', { runId, boardId: key }, { singletonKey: `again:${key}` });
      else await server.ctx.jobs.send('refreshReports', { runId, key }, { singletonKey: `again:${key}` });
    }
    await expect
      .poll(
        async () =>
          (
            await server.ctx.db.execute<{ done: boolean }>(
              sql`SELECT finished_at IS NOT NULL AS done FROM refresh_run WHERE id = ${runId}`,
            )
          ).rows[0]?.done,
        { timeout: 90_000, interval: 200 },
      )
      .toBe(true);
    // Let the duplicate jobs still queued run (and do nothing).
    await expect.poll(() => server.ctx.jobs.pending('refreshReports'), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => server.ctx.jobs.pending('refreshBoard'), { timeout: 30_000 }).toBe(0);

    const { rows: logged } = await server.ctx.db.execute<{ report_id: string; n: number }>(
      sql`SELECT report_id, count(*)::int AS n FROM refreshed_log GROUP BY report_id`,
    );
    expect(logged).toHaveLength(2 * reportIds.length);
    expect(logged.every((r) => r.n === 1)).toBe(true);

    const total = new Map<string, number>();
    for (const tally of asked) for (const [key, n] of tally) total.set(key, (total.get(key) ?? 0) + n);
    expect([...total.keys()].sort()).toEqual(tracked.map((t) => t.key).sort());
    expect([...total.values()].every((n) => n === 1)).toBe(true);
    // Every chunk of the run done, once.
    const { rows: done } = await server.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM refresh_chunk WHERE run_id = ${runId} AND done_at IS NOT NULL`,
    );
    expect(done[0]?.n).toBe(chunks.length);
  }, 180_000);
});
