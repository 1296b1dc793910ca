// `npm run bench:refresh`: the daily refresh at 100,000 tracked licenses across 30,000 reports on
// PostgreSQL (issue #21; budget < 2 min), run by real `worker` processes — one, then two.
//
// The board simulator runs as its own process (the boards are other servers), behind a proxy in
// this process that counts every question by license number. The data is loaded set-based, not
// through HTTP: boards with a bulk file ingested from the simulator as the nightly job does; the look-up
// boards' rows of the tracked licenses written from the simulator's population exactly as its
// search pages print them (parsed by the connector's own row mapping), so the registry agrees
// with the boards until a "night" changes it; accounts, reports, states and attachments by
// INSERT … SELECT. Each timed run follows a night of changes: 1% of the tracked look-up licenses
// stale in the registry (the boards' answers are the change: a license_event each, alerts),
// 0.5% of the reports gaining a license (re-matched), 0.3% of the registry renewed by the bulk-file
// ingest. Each run asserts that no license was asked twice (the proxy's counts) and no report was
// refreshed twice (a trigger logs every write of update_excuted_date).
// Baselines in the same run: a bare `SELECT count(*) FROM report_license`, and the refresh as it
// was before (one report at a time: each tracked look-up license asked and stored on its own,
// every report re-matched, each state settled in its own transaction) on a sample of reports,
// projected to 100,000 licenses. The figures replace the `bench:refresh` section of BENCHMARKS.md.
// PostgreSQL: a fresh database on TEST_DATABASE_URL's server, else on
// postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards.
//
//   BENCH_REFRESH_REPORTS    reports (30,000)
//   BENCH_REFRESH_LICENSES   tracked licenses (100,000)
//   BENCH_REFRESH_PEOPLE     simulated physicians (170,000)
//   BENCH_REFRESH_SAMPLE     reports refreshed the old way for the baseline (150)
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { displayName, HTML_STATUS, usDate } from '@licensewatch/board-sim/board-records';
import { createPopulation, type SimLicense, type SimPerson } from '@licensewatch/board-sim/population';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { BoardWith } from '../apps/server/src/modules/licensing/config/board-config.ts';
import { loadBoardConfig } from '../apps/server/src/modules/licensing/config/load-board-config.ts';
import { ingestBoard } from '../apps/server/src/modules/licensing/ingest/ingest-board.ts';
import { parsePersonName } from '../apps/server/src/modules/licensing/parse-person-name.ts';
import { partitionBoardsByBulkFile } from '../apps/server/src/modules/licensing/partition-boards-by-bulk-file.ts';
import { recordRemovedLicenses } from '../apps/server/src/modules/licensing/record-removed-licenses.ts';
import { createBoardSources } from '../apps/server/src/modules/licensing/sources/create-source.ts';
import { mapRow, recordMapping } from '../apps/server/src/modules/licensing/sources/record-fields.ts';
import type { SourceRecord } from '../apps/server/src/modules/licensing/types.ts';
import { upsertLookedUpLicenses } from '../apps/server/src/modules/licensing/upsert-looked-up-licenses.ts';
import { recountReports } from '../apps/server/src/modules/reports/recount-reports.ts';
import { matchReportStates } from '../apps/server/src/modules/reports/update/match-report-states.ts';
import { count, loadAverage, machine, sec, sleep, writeBenchSection } from './support/benchmarks-file.ts';
import { startSimulatorProcess, startWorkerProcesses, stopProcesses } from './support/start-process.ts';

const REPORTS = Number(process.env.BENCH_REFRESH_REPORTS ?? 30_000);
const LICENSES = Number(process.env.BENCH_REFRESH_LICENSES ?? 100_000);
const PEOPLE = Number(process.env.BENCH_REFRESH_PEOPLE ?? 170_000);
const SAMPLE = Number(process.env.BENCH_REFRESH_SAMPLE ?? 150);
for (const [name, value] of Object.entries({ REPORTS, LICENSES, PEOPLE, SAMPLE }))
  if (!(Number.isInteger(value) && value > 0)) throw new Error(`BENCH_REFRESH_${name} must be a positive integer`);
const BUDGET_MS = 120_000;
const SEED = 42;
const TODAY = new Date().toISOString().slice(0, 10);
/** Reports tracking a physician another account's report tracks too (an organisation and the physician). */
const SHARED = 0.05;

process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
const { startTestServer } = await import('../apps/server/test/support/test-server.ts');

// ---- The simulator, as its own process, and the counting proxy in front of it.

const { child: simProcess, url: simUrl } = await startSimulatorProcess({ size: PEOPLE, seed: SEED, today: TODAY });

/** Questions by license number through the proxy: `board:number` → how many times. */
let asked = new Map<string, number>();
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const proxy = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', simUrl);
    const board = /^\/lookup\/([^/]+)\//.exec(url.pathname)?.[1];
    if (board) {
      const form = req.method === 'POST' ? new URLSearchParams(body.toString()) : url.searchParams;
      const number = form.get('license_number');
      if (number) asked.set(`${board}:${number}`, (asked.get(`${board}:${number}`) ?? 0) + 1);
    }
    const upstream = http.request(
      url,
      { method: req.method, headers: { ...req.headers, host: url.host }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    upstream.end(body);
  });
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

const server = await startTestServer({}, { worker: false });
const { db } = server.ctx;
const config = loadBoardConfig({ simUrl });
const sources = createBoardSources(config);
server.ctx.licensing = sources;
const { withBulkFile, lookupOnly } = partitionBoardsByBulkFile(sources);
const lookupIds = new Set(lookupOnly.map((b) => b.id));
const loadBefore = loadAverage();
const started = performance.now();
const workers: ChildProcess[] = [];
let failed = false;

const startWorkers = (n: number) =>
  startWorkerProcesses(workers, n, { databaseUrl: server.databaseUrl, simUrl: proxyUrl, appUrl: server.url });
const stopWorkers = () => stopProcesses(workers);

try {
  const { rows: version } = await db.execute<{ server_version: string }>(sql`show server_version`);
  const database = `PostgreSQL ${version[0]?.server_version.split(' ')[0]}`;

  // ---- Load.
  const loadStart = performance.now();
  for (const board of withBulkFile) await ingestBoard(server.ctx, sources, board);

  // Physicians to report on: one type of license, every license numbered; several licenses each,
  // with one- and two-license physicians mixed in to meet LICENSES over REPORTS.
  const population = createPopulation({ seed: SEED, size: PEOPLE, today: TODAY });
  const unique = Math.round(REPORTS * (1 - SHARED));
  const target = LICENSES / REPORTS;
  const chosen: SimPerson[] = [];
  const spare: SimPerson[] = [];
  let tracked = 0;
  for (const person of population.people()) {
    if (chosen.length >= unique) break;
    if (!person.licenses.every((l) => l.licenseNumber && l.licenseType === person.licenseType)) continue;
    const many = person.licenses.length >= 3;
    if (many === tracked / Math.max(1, chosen.length) < target) {
      chosen.push(person);
      tracked += person.licenses.length;
    } else if (!many && spare.length < unique) spare.push(person);
  }
  while (chosen.length < unique && spare.length > 0) chosen.push(spare.shift() as SimPerson);
  const reportPeople = [...chosen, ...chosen.slice(0, REPORTS - chosen.length)];
  // Trim attachments to exactly LICENSES, from the last reports with more than one.
  const attached = reportPeople.map((p) => [...p.licenses]);
  let total = attached.reduce((n, l) => n + l.length, 0);
  for (let i = attached.length - 1; i >= 0 && total > LICENSES; i--) {
    const list = attached[i] as SimLicense[];
    while (list.length > 1 && total > LICENSES) {
      list.pop();
      total--;
    }
  }

  // Look-up boards' rows, as each board's search page prints them and the connector reads them.
  const boardsById = new Map(config.boards.map((b) => [b.id, b]));
  const mappings = new Map(
    lookupOnly.map((b) => {
      const board = boardsById.get(b.id) as BoardWith<'html-lookup'>;
      return [b.id, recordMapping(board, board.source)];
    }),
  );
  const records = new Map<string, SourceRecord>();
  for (const [i, person] of reportPeople.entries()) {
    for (const license of attached[i] as SimLicense[]) {
      const mapping = mappings.get(license.boardId);
      const key = `${license.boardId}:${license.licenseNumber}`;
      if (!mapping || records.has(key)) continue;
      const name = parsePersonName(displayName(person, license));
      const row = mapRow(
        {
          ...name,
          firstName: name.firstName || null,
          licenseNumber: license.licenseNumber,
          licenseType: license.licenseType,
          status: HTML_STATUS[license.status],
          issueDate: usDate(license.issueDate),
          expiryDate: usDate(license.expiryDate),
        },
        mapping,
      );
      if ('record' in row) records.set(key, row.record);
    }
  }
  const lookupRecords = [...records.values()];
  for (let i = 0; i < lookupRecords.length; i += 5000) {
    await upsertLookedUpLicenses(server.ctx, { records: lookupRecords.slice(i, i + 5000), sourceKind: 'html-lookup' });
  }

  // Accounts: three reports each, on Premium (alerts by email), the shared reports' on accounts of their own.
  const users = Math.ceil(REPORTS / 3);
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified)
    SELECT 'bench-u-' || lpad(i::text, 6, '0'), 'Dr. Bench ' || i, 'bench-' || i || '@example.com', true
    FROM generate_series(1, ${users}) AS i`);
  await db.execute(sql`
    INSERT INTO user_plan (workspace_id, plan_name, is_trial, end_date)
    SELECT id, 'premium', false, now() + interval '30 days' FROM "user" WHERE id LIKE 'bench-u-%'`);
  const pad = (i: number) => String(i).padStart(6, '0');
  const rep = reportPeople.map((p, i) => ({
    id: `bench-r-${pad(i + 1)}`,
    // Reports of a shared physician go to the last accounts, never the first's.
    user: `bench-u-${pad(i < unique ? 1 + Math.floor(i / 3) : users - Math.floor((i - unique) / 3))}`,
    person: p,
    states: [...new Set((attached[i] as SimLicense[]).map((l) => l.jurisdiction))] as StateCode[],
  }));
  await db.execute(sql`
    INSERT INTO report (id, workspace_id, name, first_name, middle_name, last_name, license_type, states,
      update_executed_at, refreshed_at, created_at)
    SELECT id, workspace_id, first || ' ' || last, first, nullif(middle, ''), last, type, string_to_array(states, ','),
      now() - interval '1 day', now() - interval '1 day', now() - interval '30 days'
    FROM unnest(${sql.param(rep.map((r) => r.id))}::text[], ${sql.param(rep.map((r) => r.user))}::text[],
      ${sql.param(rep.map((r) => r.person.firstName))}::text[], ${sql.param(rep.map((r) => r.person.middleName ?? ''))}::text[],
      ${sql.param(rep.map((r) => r.person.lastName))}::text[], ${sql.param(rep.map((r) => r.person.licenseType))}::text[],
      ${sql.param(rep.map((r) => r.states.join(',')))}::text[])
      AS t(id, workspace_id, first, middle, last, type, states)`);
  await db.execute(sql`
    INSERT INTO report_state (report_id, state, status, attempts, checked_at)
    SELECT id, unnest(states), 'done', 1, now() - interval '1 day' FROM report WHERE id LIKE 'bench-r-%'`);
  const links = rep.flatMap((r, i) =>
    (attached[i] as SimLicense[]).map((l) => [r.id, l.boardId, l.licenseNumber ?? '']),
  );
  await db.execute(sql`
    INSERT INTO report_license (report_id, license_id, confidence, match_reason, created_at)
    SELECT t.report_id, l.id, 1, 'bench', now() - interval '30 days'
    FROM unnest(${sql.param(links.map((l) => l[0]))}::text[], ${sql.param(links.map((l) => l[1]))}::text[],
      ${sql.param(links.map((l) => l[2]))}::text[]) AS t(report_id, board_id, number)
    JOIN license l ON l.board_id = t.board_id AND l.record_key = t.number
    ON CONFLICT DO NOTHING`);
  // The registry as yesterday's refresh left it.
  await db.execute(sql`
    UPDATE license SET first_seen_at = now() - interval '30 days', updated_at = now() - interval '30 days',
      name_changed_at = now() - interval '30 days',
      last_seen_at = now() - interval '1 day'`);
  await recountReports(
    db,
    rep.map((r) => r.id),
  );
  await db.execute(sql`VACUUM ANALYZE`);
  const { rows: sizes } = await db.execute<{ tracked: number; lookup: number; registry: number }>(sql`
    SELECT (SELECT count(*) FROM report_license)::int AS tracked,
      (SELECT count(DISTINCT rl.license_id) FROM report_license rl JOIN license l ON l.id = rl.license_id
        WHERE l.board_id = ANY(${sql.param([...lookupIds])}::text[]))::int AS lookup,
      (SELECT count(*) FROM license)::int AS registry`);
  const size = sizes[0] ?? { tracked: 0, lookup: 0, registry: 0 };
  const loadMs = performance.now() - loadStart;
  console.log(
    `Loaded in ${sec(loadMs)}: ${count(rep.length)} reports, ${count(size.tracked)} tracked licenses ` +
      `(${count(size.lookup)} distinct on look-up boards), registry ${count(size.registry)} rows`,
  );

  // Every write of update_excuted_date, per report.
  await db.execute(sql`CREATE TABLE bench_refreshed (report_id text NOT NULL)`);
  await db.execute(sql`
    CREATE FUNCTION bench_log_refreshed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO bench_refreshed VALUES (NEW.id); RETURN NEW; END $$`);
  await db.execute(sql`
    CREATE TRIGGER bench_report_refreshed AFTER UPDATE OF update_executed_at ON report
    FOR EACH ROW EXECUTE FUNCTION bench_log_refreshed()`);

  // ---- Baselines.
  const median = async (run: () => Promise<unknown>, runs = 7) => {
    await run();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    return times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0;
  };
  const countMs = await median(() => db.execute(sql`SELECT count(*) FROM report_license`));
  console.log(`Baseline count(*) of report_license: ${countMs.toFixed(1)} ms`);

  // The refresh as it was: report after report, each license asked and stored on its own, every
  // report re-matched and each state settled in its own transaction (the code before this change).
  const sample = rep.slice(0, SAMPLE);
  let sampleLicenses = 0;
  const oldStart = performance.now();
  for (const r of sample) {
    const { rows: tracked } = await db.execute<{ board_id: string; license_number: string }>(sql`
      SELECT l.board_id, l.license_number FROM report_license rl JOIN license l ON l.id = rl.license_id
      WHERE rl.report_id = ${r.id} AND rl.hidden_at IS NULL AND l.license_number IS NOT NULL`);
    sampleLicenses += tracked.length;
    const byBoard = new Map<string, typeof tracked>();
    for (const t of tracked) byBoard.set(t.board_id, [...(byBoard.get(t.board_id) ?? []), t]);
    await Promise.all(
      [...byBoard].map(async ([boardId, numbers]) => {
        const board = lookupOnly.find((b) => b.id === boardId);
        if (!board) return;
        for (const { license_number } of numbers) {
          const found = await sources.sourceFor(boardId).search({ licenseNumber: license_number });
          if (!found.ok) continue;
          const mine = found.value.filter((x) => x.boardId === boardId && x.licenseNumber === license_number);
          if (mine.length === 0)
            await recordRemovedLicenses(db, { boardId, source: 'refresh', licenseNumber: license_number });
          else
            await upsertLookedUpLicenses(server.ctx, {
              records: mine,
              sourceKind: board.sourceKind,
              eventSource: 'refresh',
            });
        }
      }),
    );
    const rematched = await matchReportStates(
      server.ctx,
      { ...r.person, id: r.id, workspaceId: r.user, states: r.states },
      r.states,
      { live: false },
    );
    if (!rematched) throw new Error(`report ${r.id} vanished`);
    await db.execute(sql`UPDATE report SET update_executed_at = now() WHERE id = ${r.id}`);
    await recountReports(db, [r.id]);
  }
  const oldMs = performance.now() - oldStart;
  const oldPerLicense = oldMs / sampleLicenses;
  console.log(
    `Old path on ${SAMPLE} reports (${sampleLicenses} licenses): ${sec(oldMs)}, ${oldPerLicense.toFixed(2)} ms a license → 100k in ${sec(oldPerLicense * 100_000)}`,
  );

  // ---- A night of changes, then a timed run.
  let night = 0;
  async function changeOvernight() {
    night++;
    // Registry copies the boards have since changed: their answers restore them, an event each.
    const { rows: stale } = await db.execute<{ n: number }>(sql`
      WITH pick AS (
        SELECT DISTINCT l.id FROM report_license rl JOIN license l ON l.id = rl.license_id
        WHERE l.board_id = ANY(${sql.param([...lookupIds])}::text[])
          AND hashtext(l.id || ${night}) % 100 = 0
      )
      UPDATE license l SET status = CASE WHEN l.status = 'active' THEN 'expired' ELSE 'active' END,
        raw_status = CASE WHEN l.status = 'active' THEN 'Expired' ELSE 'Active' END
      FROM pick WHERE pick.id = l.id RETURNING 1`);
    // New licenses of reported physicians, published overnight (a second number on a board they are on).
    const { rows: added } = await db.execute<{ n: number }>(sql`
      WITH pick AS (
        SELECT DISTINCT ON (rl.report_id) rl.license_id FROM report_license rl
        WHERE hashtext(rl.report_id || ${night}) % 200 = 0 ORDER BY rl.report_id, rl.license_id
      )
      INSERT INTO license (jurisdiction, board_id, license_type, license_number, record_key, first_name, middle_name,
        last_name, suffix, first_norm, middle_norm, last_norm, raw_status, status, issue_date, expiry_date, source_kind)
      SELECT jurisdiction, board_id, license_type, 'N' || ${night} || '-' || license_number,
        'N' || ${night} || '-' || record_key, first_name, middle_name, last_name, suffix, first_norm, middle_norm,
        last_norm, raw_status, status, issue_date, expiry_date, source_kind
      FROM license WHERE id IN (SELECT license_id FROM pick) RETURNING 1`);
    // Renewals read by the bulk-file ingest: a later expiry and its event.
    const { rows: renewed } = await db.execute<{ n: number }>(sql`
      WITH pick AS (
        UPDATE license SET expiry_date = expiry_date + 730, updated_at = now()
        WHERE abs(hashtext(id || 'renew' || ${night})) % 1000 < 3 AND expiry_date IS NOT NULL
          AND board_id <> ALL(${sql.param([...lookupIds])}::text[])
        RETURNING id, expiry_date
      )
      INSERT INTO license_event (license_id, kind, before, after, source)
      SELECT id, 'expiry', (expiry_date - 730)::text, expiry_date::text, 'ingest' FROM pick RETURNING 1`);
    await db.execute(sql`ANALYZE license`);
    return { stale: stale.length, added: added.length, renewed: renewed.length };
  }

  type RunResult = {
    ms: number;
    asks: number;
    askedTwice: number;
    refreshed: number;
    refreshedTwice: number;
    chunks: { asked: number; changed: number; events: number; failures: number; rematched: number; attached: number };
    /** From the run's start to its last board, and from there to its end (the database's clock). */
    phases: { boards: number; reports: number };
    night: Awaited<ReturnType<typeof changeOvernight>>;
  };
  async function timedRun(processes: number): Promise<RunResult> {
    const changes = await changeOvernight();
    await startWorkers(processes);
    await db.execute(sql`TRUNCATE bench_refreshed`);
    asked = new Map();
    const { rows: before } = await db.execute<{ id: string }>(sql`SELECT id FROM refresh_run`);
    const t = performance.now();
    await server.ctx.jobs.send('dailyRefresh', {});
    let runId: string | undefined;
    for (;;) {
      const { rows } = await db.execute<{ id: string; finished: boolean }>(sql`
        SELECT id, finished_at IS NOT NULL AS finished FROM refresh_run
        WHERE id <> ALL(${sql.param(before.map((r) => r.id))}::text[])`);
      if (rows[0]?.finished) {
        runId = rows[0].id;
        break;
      }
      await sleep(100);
    }
    const ms = performance.now() - t;
    // Let the alerts and any duplicate job drain before the workers stop.
    for (let i = 0; i < 600 && (await server.ctx.jobs.pending('statusAlerts')) > 0; i++) await sleep(100);
    stopWorkers();
    const { rows: logged } = await db.execute<{ reports: number; twice: number }>(sql`
      SELECT count(*)::int AS reports, count(*) FILTER (WHERE n > 1)::int AS twice
      FROM (SELECT report_id, count(*) AS n FROM bench_refreshed GROUP BY report_id) s`);
    const { rows: sums } = await db.execute<RunResult['chunks']>(sql`
      SELECT sum(asked)::int AS asked, sum(changed)::int AS changed, sum(events)::int AS events,
        sum(failures)::int AS failures, sum(rematched)::int AS rematched, sum(attached)::int AS attached
      FROM refresh_chunk WHERE run_id = ${runId}`);
    const { rows: phases } = await db.execute<{ boards: number; reports: number }>(sql`
      SELECT extract(epoch FROM rechecked_at - started_at) * 1000 AS boards,
        extract(epoch FROM finished_at - rechecked_at) * 1000 AS reports
      FROM refresh_run WHERE id = ${runId}`);
    const result: RunResult = {
      phases: { boards: Number(phases[0]?.boards), reports: Number(phases[0]?.reports) },
      ms,
      asks: [...asked.values()].reduce((a, b) => a + b, 0),
      askedTwice: [...asked.values()].filter((n) => n > 1).length,
      refreshed: logged[0]?.reports ?? 0,
      refreshedTwice: logged[0]?.twice ?? 0,
      chunks: sums[0] as RunResult['chunks'],
      night: changes,
    };
    console.log(`${processes} worker process(es):`, JSON.stringify(result));
    if (result.askedTwice > 0) throw new Error(`${result.askedTwice} licenses asked more than once`);
    if (result.refreshedTwice > 0) throw new Error(`${result.refreshedTwice} reports refreshed more than once`);
    if (result.refreshed !== rep.length) throw new Error(`${result.refreshed} of ${rep.length} reports refreshed`);
    return result;
  }

  const one = await timedRun(1);
  const two = await timedRun(2);

  // ---- The section.
  const perLicense = (r: RunResult) => r.ms / size.tracked;
  const oldProjected = oldPerLicense * size.tracked;
  const row = (label: string, r: RunResult) =>
    `| ${label} (budget < 2 min) | ${sec(r.ms)}${r.ms > BUDGET_MS ? ' — over budget' : ''} | the refresh before, one report at a time, projected from its sample: ${sec(oldProjected)} | ${(r.ms / oldProjected).toFixed(3)}× |`;
  const text = [
    '<!-- bench:refresh -->',
    `### Daily refresh at scale (\`npm run bench:refresh\`) — ${database}, ${TODAY}`,
    '',
    `Machine: ${machine()}; load average before ${loadBefore}, after ${loadAverage()}. ${count(rep.length)} reports of ${count(users)} accounts tracking ${count(size.tracked)} licenses (${count(size.lookup)} distinct on ${lookupOnly.length} look-up boards, asked again each run; the rest on boards with a bulk file, re-read by the nightly ingest); registry ${count(size.registry)} rows from ${count(PEOPLE)} simulated physicians; loaded in ${sec(loadMs)}; whole bench ${sec(performance.now() - started)}.`,
    '',
    '| figure | measured | baseline (same run) | ratio |',
    '|---|---|---|---|',
    row('daily refresh of every report, 1 worker process', one),
    row('daily refresh of every report, 2 worker processes', two),
    `| time per tracked license: 1 worker / 2 workers | ${perLicense(one).toFixed(3)} ms / ${perLicense(two).toFixed(3)} ms | the refresh before, measured on ${SAMPLE} reports (${count(sampleLicenses)} licenses): ${oldPerLicense.toFixed(2)} ms | ${(perLicense(one) / oldPerLicense).toFixed(3)}× / ${(perLicense(two) / oldPerLicense).toFixed(3)}× |`,
    `| 2 workers against 1 | ${sec(two.ms)} | ${sec(one.ms)} | ${(two.ms / one.ms).toFixed(2)}× |`,
    `| bare \`SELECT count(*) FROM report_license\` (${count(size.tracked)} rows) | ${countMs.toFixed(1)} ms | — | refresh = ${Math.round(one.ms / countMs).toLocaleString('en-US')}× / ${Math.round(two.ms / countMs).toLocaleString('en-US')}× |`,
    '',
    ...[
      ['1 worker', one],
      ['2 workers', two],
    ].map(([label, r]) => {
      const x = r as RunResult;
      return `${label}: boards asked in ${sec(x.phases.boards)}, reports refreshed in ${sec(x.phases.reports)}. The night before, ${count(x.night.stale)} tracked look-up licenses went stale in the registry, ${count(x.night.added)} reports' physicians gained a license, ${count(x.night.renewed)} bulk-file rows were renewed. The run asked ${count(x.asks)} questions by number (${count(x.chunks.asked)} answered; none twice), recorded ${count(x.chunks.changed)} changed licenses and ${count(x.chunks.events)} events, re-matched ${count(x.chunks.rematched)} of ${count(x.refreshed)} reports (each refreshed once), attached ${count(x.chunks.attached)} licenses; ${count(x.chunks.failures)} questions failed.`;
    }),
    "Timed from sending the daily-refresh job to the run marked finished (every chunk done); the status-change alerts it queued are sent after. Worker processes are `npm start -- worker` (pg-boss, 8 board chunks and 2 report chunks at a time each); the simulator is its own process, reached through a counting proxy in the bench process (which costs the boards' side a little). The old path is the code before this change run in the bench process on the first reports.",
    '<!-- /bench:refresh -->',
  ].join('\n');
  writeBenchSection('refresh', text);
  console.log(`\n${text}\n\nWritten to BENCHMARKS.md.`);
  if (Math.max(one.ms, two.ms) > BUDGET_MS) console.log(`Over the ${sec(BUDGET_MS)} budget.`);
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  stopWorkers();
  await server.close();
  proxy.close();
  agent.destroy();
  simProcess.removeAllListeners('exit');
  simProcess.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
