// `npm run bench:import`: a clinic's roster of 1,000 physicians imported through the real server
// and matched across all 51 states on PostgreSQL (issue #21; budget < 60 s).
//
// The board simulator runs as its own process (the boards are other servers); the jobs run in
// `npm start -- worker` processes, one and then two, with the boards' bulk files ingested into the
// registry beforehand (the nightly job's work, not the import's). An organisation on Enterprise
// uploads a CSV of physicians taken from the simulator's population (first, middle, last name,
// license type; no states column, so every report covers all 51 states), through
// POST /api/v2/roster-imports/ — the same path as the /org/import page. Timed from the upload to
// the last report's last state settled; the rows' progress is sampled on the way. Every report's
// licenses are then checked against the simulator's ground truth.
//
// Baseline in the same run: one 51-state report created through POST /api/v2/reports/ and waited
// for, alone (median of BENCH_IMPORT_SINGLES), times the roster's rows — the one-by-one work the
// import replaces. The figures replace the `bench:import` section of BENCHMARKS.md.
// PostgreSQL: a fresh database on TEST_DATABASE_URL's server, else on
// postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards.
//
//   BENCH_IMPORT_ROWS      physicians in the roster (1,000)
//   BENCH_IMPORT_PEOPLE    simulated physicians behind the boards (20,000)
//   BENCH_IMPORT_SINGLES   reports created alone for the baseline (5)
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { STATE_NAMES } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import { loadBoardConfig } from '../apps/server/src/modules/licensing/config/load-board-config.ts';
import { ingestBoard } from '../apps/server/src/modules/licensing/ingest/ingest-board.ts';
import type { GroundTruthPerson } from '../apps/server/src/modules/licensing/matching/evaluate-accuracy.ts';
import { normalizeNamePart } from '../apps/server/src/modules/licensing/normalize-name.ts';
import { partitionBoardsByBulkFile } from '../apps/server/src/modules/licensing/partition-boards-by-bulk-file.ts';
import { createBoardSources } from '../apps/server/src/modules/licensing/sources/create-source.ts';
import { assignPlan } from '../apps/server/src/modules/plans/assign-plan.ts';
import { count, loadAverage, machine, sec, sleep, writeBenchSection } from './support/benchmarks-file.ts';
import { startSimulatorProcess, startWorkerProcesses, stopProcesses } from './support/start-process.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000);
const PEOPLE = Number(process.env.BENCH_IMPORT_PEOPLE ?? 20_000);
const SINGLES = Number(process.env.BENCH_IMPORT_SINGLES ?? 5);
for (const [name, value] of Object.entries({ ROWS, PEOPLE, SINGLES }))
  if (!(Number.isInteger(value) && value > 0)) throw new Error(`BENCH_IMPORT_${name} must be a positive integer`);
const BUDGET_MS = 60_000;
const SEED = 42;
const TODAY = new Date().toISOString().slice(0, 10);

process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
const { startTestServer } = await import('../apps/server/test/support/test-server.ts');
const { signUpAndVerify } = await import('../apps/server/test/support/accounts.ts');
const { HttpClient } = await import('../apps/server/test/support/http-client.ts');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const sim = await startSimulatorProcess({ size: PEOPLE, seed: SEED, today: TODAY });
// The server answers HTTP only; the jobs run in `worker` processes, one and then two (as deployed
// to scale out; `npm start` runs one worker in the server's process).
const server = await startTestServer({}, { worker: false });
const { db } = server.ctx;
const workers: ChildProcess[] = [];
const loadBefore = loadAverage();
const started = performance.now();
let failed = false;

type ImportRun = {
  workers: number;
  ms: number;
  rowsMs: number;
  halfMs: number;
  ninetyMs: number;
  previewMs: number;
  expected: number;
  hit: number;
  returned: number;
  settled: number;
  unavailable: number;
};

try {
  const { rows: version } = await db.execute<{ server_version: string }>(sql`show server_version`);
  const database = `PostgreSQL ${version[0]?.server_version.split(' ')[0]}`;

  // ---- The boards, as `npm start` wires them: bulk files in the registry, the rest looked up live.
  const loadStart = performance.now();
  const sources = createBoardSources(loadBoardConfig({ simUrl: sim.url }));
  const { withBulkFile, lookupOnly } = partitionBoardsByBulkFile(sources);
  for (const board of withBulkFile) await ingestBoard(server.ctx, sources, board);
  server.ctx.licensing = sources;
  const persons = (await (await fetch(`${sim.url}/ground-truth.jsonl`)).text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GroundTruthPerson);
  // Physicians named like nobody else, each license numbered and of one type: their licenses are
  // exactly what a correct match returns.
  const key = (p: GroundTruthPerson) => `${normalizeNamePart(p.firstName)}|${normalizeNamePart(p.lastName)}`;
  const sharing = new Map<string, number>();
  for (const p of persons) sharing.set(key(p), (sharing.get(key(p)) ?? 0) + 1);
  const eligible = persons.filter(
    (p) =>
      sharing.get(key(p)) === 1 &&
      p.licenses.length > 0 &&
      p.licenses.every((l) => l.licenseNumber && l.licenseType === p.licenses[0]?.licenseType),
  );
  if (eligible.length < 2 * ROWS + SINGLES + 1) throw new Error(`only ${eligible.length} eligible physicians`);
  const singles = eligible.slice(0, SINGLES + 1);
  const { rows: registryRows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM license`);
  const loadMs = performance.now() - loadStart;
  console.log(
    `Loaded in ${sec(loadMs)}: registry ${count(registryRows[0]?.n ?? 0)} rows, ${lookupOnly.length} look-up boards`,
  );
  const licenseType = (p: GroundTruthPerson) => p.licenses[0]?.licenseType ?? 'MD';

  /** A clinic on Enterprise (no credit or tracked-license limit in the way), signed in. */
  async function clinic(name: string) {
    const client = new HttpClient(server.url);
    await signUpAndVerify(client);
    const created = await client.post('/api/v2/organisations/', { name });
    if (created.status !== 201) throw new Error(`organisation: ${created.status} ${JSON.stringify(created.body)}`);
    const orgId = created.body.id as string;
    await assignPlan(db, {
      userId: orgId,
      planName: 'enterprise',
      trial: false,
      endDate: new Date(Date.now() + 365 * 86_400_000),
      reason: 'plan-change',
    });
    return { client, orgId };
  }

  // ---- Baseline: one 51-state report alone, created and waited for (the first is a warm-up), on one worker.
  await startWorkerProcesses(workers, 1, { databaseUrl: server.databaseUrl, simUrl: sim.url, appUrl: server.url });
  const alone = await clinic('Bench Clinic (one at a time)');
  const singleMs: number[] = [];
  for (const [i, p] of singles.entries()) {
    const t = performance.now();
    const res = await alone.client.post('/api/v2/reports/', {
      firstName: p.firstName,
      middleName: p.middleName ?? '',
      lastName: p.lastName,
      licenseType: licenseType(p),
      states: STATE_NAMES,
    });
    if (res.status !== 201) throw new Error(`report: ${res.status} ${JSON.stringify(res.body)}`);
    for (;;) {
      const status = (await alone.client.get(`/api/v2/states/update-status/${res.body.id}`)).body;
      if (status.is_completed) break;
      await sleep(50);
    }
    if (i > 0) singleMs.push(performance.now() - t);
  }
  const singleReport = median(singleMs);
  console.log(`One 51-state report alone: ${sec(singleReport)} (median of ${singleMs.length})`);

  async function importRoster(workerCount: number, people: GroundTruthPerson[]): Promise<ImportRun> {
    stopProcesses(workers);
    await startWorkerProcesses(workers, workerCount, {
      databaseUrl: server.databaseUrl,
      simUrl: sim.url,
      appUrl: server.url,
    });
    const { client, orgId } = await clinic(`Bench Clinic (${workerCount} workers)`);
    /** Reports of the organisation not yet settled in every state. */
    const unsettled = async () =>
      (
        await db.execute<{ reports: number; open: number }>(sql`
          SELECT count(*)::int AS reports,
            count(*) FILTER (WHERE update_executed_at IS NULL
              OR EXISTS (SELECT 1 FROM report_state s WHERE s.report_id = r.id AND s.status = 'pending'))::int AS open
          FROM report r WHERE workspace_id = ${orgId}`)
      ).rows[0] ?? { reports: 0, open: 0 };

    // ---- The roster file.
    const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
    const csv = [
      'First name,Middle name,Last name,License type,Employee ID,Department',
      ...people.map((p, i) =>
        [p.firstName, p.middleName ?? '', p.lastName, licenseType(p), `B${i + 1}`, `Dept ${(i % 12) + 1}`]
          .map(csvCell)
          .join(','),
      ),
    ].join('\n');
    const file = { fileName: 'roster.csv', content: Buffer.from(csv).toString('base64') };

    let t = performance.now();
    const preview = await client.post('/api/v2/roster-imports/preview', file);
    const previewMs = performance.now() - t;
    if (preview.status !== 200 || preview.body.counts.create !== people.length)
      throw new Error(`preview: ${preview.status} ${JSON.stringify(preview.body.counts ?? preview.body)}`);

    // ---- The import, timed to the last state settled.
    t = performance.now();
    const upload = await client.post('/api/v2/roster-imports/', file);
    if (upload.status !== 202) throw new Error(`import: ${upload.status} ${JSON.stringify(upload.body)}`);
    let rowsMs = Number.NaN;
    const samples: { at: number; settled: number }[] = [];
    for (;;) {
      const job = (await client.get(`/api/v2/roster-imports/${upload.body.id}`)).body;
      if (job.status === 'failed') throw new Error(`import failed: ${JSON.stringify(job)}`);
      const now = await unsettled();
      const at = performance.now() - t;
      samples.push({ at, settled: now.reports - now.open });
      if (job.status === 'done' && Number.isNaN(rowsMs)) rowsMs = at;
      if (job.status === 'done' && now.open === 0) break;
      await sleep(250);
    }
    const ms = performance.now() - t;
    const { rows: done } = await db.execute<{ created: number }>(
      sql`SELECT created_count AS created FROM roster_import WHERE id = ${upload.body.id}`,
    );
    if (done[0]?.created !== people.length) throw new Error('the import did not create every row');

    // ---- What the reports found, against the ground truth.
    const { rows: found } = await db.execute<{ external_id: string; board_id: string; license_number: string }>(sql`
      SELECT r.external_id, l.board_id, l.license_number
      FROM report r JOIN report_license rl ON rl.report_id = r.id AND rl.hidden_at IS NULL
      JOIN license l ON l.id = rl.license_id
      WHERE r.workspace_id = ${orgId}`);
    const foundBy = new Map<string, Set<string>>();
    for (const f of found) {
      const set = foundBy.get(f.external_id) ?? new Set<string>();
      set.add(`${f.board_id}:${f.license_number}`);
      foundBy.set(f.external_id, set);
    }
    let expected = 0;
    let hit = 0;
    let returned = 0;
    for (const [i, p] of people.entries()) {
      const mine = new Set(p.licenses.map((l) => `${l.boardId}:${l.licenseNumber}`));
      const got = foundBy.get(`B${i + 1}`) ?? new Set<string>();
      expected += mine.size;
      returned += got.size;
      for (const k of got) if (mine.has(k)) hit++;
    }
    const { rows: stateRows } = await db.execute<{ settled: number; unavailable: number }>(sql`
      SELECT count(*)::int AS settled, count(*) FILTER (WHERE s.status = 'unavailable')::int AS unavailable
      FROM report_state s JOIN report r ON r.id = s.report_id WHERE r.workspace_id = ${orgId}`);
    const at = (fraction: number) => samples.find((s) => s.settled >= fraction * people.length)?.at ?? Number.NaN;
    const run: ImportRun = {
      workers: workerCount,
      ms,
      rowsMs,
      halfMs: at(0.5),
      ninetyMs: at(0.9),
      previewMs,
      expected,
      hit,
      returned,
      settled: stateRows[0]?.settled ?? 0,
      unavailable: stateRows[0]?.unavailable ?? 0,
    };
    console.log(`${workerCount} worker process(es):`, JSON.stringify(run));
    return run;
  }

  const one = await importRoster(1, eligible.slice(SINGLES + 1, SINGLES + 1 + ROWS));
  const two = await importRoster(2, eligible.slice(SINGLES + 1 + ROWS, SINGLES + 1 + 2 * ROWS));

  // ---- The section.
  const oneByOne = singleReport * ROWS;
  const over = (ms: number) => (ms > BUDGET_MS ? ' — over budget' : '');
  const row = (r: ImportRun) =>
    `| ${count(ROWS)}-row roster, upload → every report settled in 51 states, ${r.workers} worker process${r.workers === 1 ? '' : 'es'} (budget < 60 s) | ${sec(r.ms)}${over(r.ms)} | one 51-state report alone (median of ${singleMs.length}: ${sec(singleReport)}) × ${count(ROWS)}: ${sec(oneByOne)} | ${(r.ms / oneByOne).toFixed(3)}× |`;
  const text = [
    '<!-- bench:import -->',
    `### Roster import (\`npm run bench:import\`) — ${database}, ${TODAY}`,
    '',
    `Machine: ${machine()}; load average before ${loadBefore}, after ${loadAverage()}. Two rosters of ${count(ROWS)} different physicians (of ${count(PEOPLE)} simulated, each named like nobody else), each a CSV without a states column, so each report covers all 51 states: ${withBulkFile.length} boards' bulk files read from the registry (${count(registryRows[0]?.n ?? 0)} rows, ingested beforehand), ${lookupOnly.length} look-up boards asked by name; the simulator is its own process, answering at once. Whole bench ${sec(performance.now() - started)}.`,
    '',
    '| figure | measured | baseline (same run) | ratio |',
    '|---|---|---|---|',
    row(one),
    row(two),
    `| 2 worker processes against 1 | ${sec(two.ms)} | ${sec(one.ms)} | ${(two.ms / one.ms).toFixed(2)}× |`,
    `| rows written (reports created, credits spent, updates queued): 1 / 2 workers | ${sec(one.rowsMs)} / ${sec(two.rowsMs)} | the whole import | ${(one.rowsMs / one.ms).toFixed(2)}× / ${(two.rowsMs / two.ms).toFixed(2)}× |`,
    `| half the reports settled / 90%, 1 worker | ${sec(one.halfMs)} / ${sec(one.ninetyMs)} | the whole import | ${(one.halfMs / one.ms).toFixed(2)}× / ${(one.ninetyMs / one.ms).toFixed(2)}× |`,
    `| preview of the file (parse, validate ${count(ROWS)} rows against the roster) | ${one.previewMs.toFixed(0)} ms | the whole import | ${(one.previewMs / one.ms).toFixed(4)}× |`,
    '',
    ...[one, two].map(
      (r) =>
        `${r.workers} worker${r.workers === 1 ? '' : 's'}: ${count(r.hit)} of the roster's ${count(r.expected)} licenses found (${((100 * r.hit) / r.expected).toFixed(1)}%), ${count(r.returned - r.hit)} of ${count(r.returned)} attached licenses not the physician's; ${count(r.settled)} report states settled, ${count(r.unavailable)} unavailable.`,
    ),
    "Each worker process updates 4 reports at a time; an imported report is matched in every state in one step (all its look-up boards asked at once, each by surname first, their answers stored in one merge, one registry match, one transaction settling its states: ADRs 023 and 024), where a report made by hand goes state by state so that its progress moves — the baseline. The import job writes 10 rows at a time through the same code as POST /api/v2/reports/ and queues each report's update at once, so matching starts with the first rows. The server process answers HTTP only; workers are `npm start -- worker`.",
    '<!-- /bench:import -->',
  ].join('\n');
  writeBenchSection('import', text);
  console.log(`\n${text}\n\nWritten to BENCHMARKS.md.`);
  if (Math.max(one.ms, two.ms) > BUDGET_MS) console.log(`Over the ${sec(BUDGET_MS)} budget.`);
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  stopProcesses(workers);
  await server.close();
  sim.child.removeAllListeners('exit');
  sim.child.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
