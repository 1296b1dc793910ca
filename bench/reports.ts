// `npm run bench:reports`: do the report reads stay flat as reports accumulate? Eight signed-in
// accounts with 20 reports each (4 licenses a report, one of them suspended) ask for their report
// lists (one account per connection), and the first of them for one report and its licenses,
// first in a database holding nothing else (the baseline, measured in the
// same run), then again after 10,000 reports of 500 other users (40,000 attached licenses) were
// added to the same database. Budget (docs/budgets.md, Request path): each read's p99 with the
// 10,000 reports within 2× of its p99 in the empty database. The roster view (`/api/v2/org/licenses`,
// a page and the "expiring within 60 days" filter) is measured the same way, and then once more for a
// workspace that itself tracks 10,000 licenses, against the first account's 80. That workspace's
// roster has a budget of its own (docs/budgets.md, Request path; issue 43): ≥ 200 req/s at 8
// connections and p99 ≤ 100 ms for the first page, each filter (status, department, state, search
// text, expiring within 60 days) and each indexed sort, measured alone too; its bulk writes (the
// triggers re-deriving the stored rows, ADR 047) are timed beside the same statement with the
// triggers off. Any non-2xx answer, error or timeout fails the run, and so does a budget not met.
// The result replaces the `bench:reports` section of BENCHMARKS.md.
//
//   BENCH_REPORTS_DB        postgresql or pglite (postgresql). PostgreSQL is a fresh database on
//                           TEST_DATABASE_URL's server, else on postgres://postgres@127.0.0.1:5432/postgres,
//                           dropped afterwards; PGlite is in memory.
//   BENCH_REPORTS_SECONDS   measured seconds per row (5), each after 2 s of warm-up
//   BENCH_REPORTS_OTHERS    reports of other users added for the second pass (10000)
//   BENCH_REPORTS_ROSTER    reports (of 4 licenses) in the large roster workspace (2500)
//
// The server runs in this process (no job workers), the load generator beside it: both passes share
// that handicap, and the figure that matters is their ratio. The warm-up runs each read more than
// five times, so PostgreSQL's prepared statements are on their generic plan when measured — the
// plan that scanned every report's licenses before the counters were stored.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { signedInOnPlan } from '../apps/server/test/support/accounts.ts';
import { startTestServer, type TestServer } from '../apps/server/test/support/test-server.ts';

const SECONDS = Number(process.env.BENCH_REPORTS_SECONDS ?? 5);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 8;
// Each read is measured this many times in turn, and its median figure kept: the machine is shared,
// and one busy second can double a p99.
const ROUNDS = 3;
const OWN_REPORTS = 20;
const LICENSES_PER_REPORT = 4;
const OTHER_REPORTS = Number(process.env.BENCH_REPORTS_OTHERS ?? 10_000);
const OTHER_USERS = 500;
// The large roster: reports of one workspace, LICENSES_PER_REPORT licenses each.
const ROSTER_REPORTS = Number(process.env.BENCH_REPORTS_ROSTER ?? 2_500);
const DATABASE = process.env.BENCH_REPORTS_DB ?? 'postgresql';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
if (DATABASE !== 'postgresql' && DATABASE !== 'pglite')
  throw new Error(`BENCH_REPORTS_DB must be postgresql or pglite, not '${DATABASE}'`);
if (DATABASE === 'postgresql') process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
else delete process.env.TEST_DATABASE_URL;

type Figure = { rate: number; p50: number; p99: number; total: number };

/** Load from CONNECTIONS connections, connection i signed in with cookies[i % cookies.length]. */
function load(url: string, seconds: number, cookies: string[]): Promise<autocannon.Result> {
  let next = 0;
  const setupClient = (client: autocannon.Client) =>
    client.setHeaders({ cookie: cookies[next++ % cookies.length] ?? '' });
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, setupClient }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

async function measureOnce(url: string, cookies: string[], label: string): Promise<Figure> {
  for (const seconds of [WARMUP_SECONDS, SECONDS]) {
    const result = await load(url, seconds, cookies);
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed > 0) throw new Error(`${label}: ${failed} failed requests of ${result.requests.total} — not a figure`);
    if (seconds === SECONDS) {
      const figure = {
        rate: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        total: result.requests.total,
      };
      return figure;
    }
  }
  throw new Error('unreachable');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Each read ROUNDS times, one after the other in turn; the median of each figure. */
async function measureAll(reads: Read[]): Promise<Figure[]> {
  const runs: Figure[][] = reads.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, read] of reads.entries()) runs[i]?.push(await measureOnce(read.url, read.cookies, read.label));
  return reads.map((read, i) => {
    const all = runs[i] ?? [];
    const figure = {
      rate: median(all.map((f) => f.rate)),
      p50: median(all.map((f) => f.p50)),
      p99: median(all.map((f) => f.p99)),
      total: all.reduce((n, f) => n + f.total, 0),
    };
    console.log(
      `  ${read.label.padEnd(40)} ${Math.round(figure.rate).toString().padStart(6)} req/s  p50 ${ms(figure.p50)}  p99 ${ms(figure.p99)}  (p99 of each round: ${all.map((f) => ms(f.p99)).join(', ')})`,
    );
    return figure;
  });
}

type Read = { label: string; url: string; cookies: string[] };

const ALONE_REQUESTS = 21;

/** The median time of ALONE_REQUESTS requests sent one after another: what one person waits. */
async function oneAtATime(read: Read): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < ALONE_REQUESTS; i++) {
    const t = performance.now();
    const res = await fetch(read.url, { headers: { cookie: read.cookies[0] ?? '' } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${read.label}: ${res.status}`);
    times.push(performance.now() - t);
  }
  return median(times);
}

/** The roster view's first page, unfiltered and filtered to what expires within 60 days. */
function rosterReads(cookie: string): Read[] {
  return [
    { label: 'GET /api/v2/org/licenses', url: `${server.url}/api/v2/org/licenses`, cookies: [cookie] },
    {
      label: 'GET /api/v2/org/licenses?expiring_within=60',
      url: `${server.url}/api/v2/org/licenses?expiring_within=60`,
      cookies: [cookie],
    },
  ];
}

type ScanCounts = Map<string, { seqRows: number }>;

/** Rows each table gave to sequential scans so far (PostgreSQL's table statistics). */
async function scanCounts(server: TestServer): Promise<ScanCounts> {
  // Statistics reach the views a moment after the statements that made them.
  await new Promise((r) => setTimeout(r, 1_500));
  await server.ctx.db.execute(sql`SELECT pg_stat_clear_snapshot()`);
  const { rows } = await server.ctx.db.execute<{ relname: string; seq_tup_read: string }>(
    sql`SELECT relname, seq_tup_read::text FROM pg_stat_user_tables`,
  );
  return new Map(rows.map((r) => [r.relname, { seqRows: Number(r.seq_tup_read) }]));
}

/** The tables sequential scans read during the measured reads, most rows first, per request. */
function scannedPerRequest(before: ScanCounts, after: ScanCounts, requests: number): string {
  const read = [...after]
    .map(([table, a]) => ({ table, rows: a.seqRows - (before.get(table)?.seqRows ?? 0) }))
    // Under one row per ten requests is the job queue's and migrations' own upkeep, not the reads.
    .filter((t) => t.rows / requests >= 0.1)
    .sort((a, b) => b.rows - a.rows);
  if (read.length === 0) return 'none';
  return read.map((t) => `\`${t.table}\` ${(t.rows / requests).toFixed(1)}`).join(', ');
}

const sum = (figures: Figure[]) => figures.reduce((n, f) => n + f.total, 0);
const ms = (v: number) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;

/** One measured account: reports created through the API, licenses attached as an update would. */
async function setUpAccount(server: TestServer, a: number) {
  const { client, email } = await signedInOnPlan(server, { planName: 'enterprise' });
  for (let i = 0; i < OWN_REPORTS; i++) {
    const res = await client.post('/api/v2/reports/', {
      name: `Report ${i + 1}`,
      firstName: 'Ada',
      lastName: `Okafor-${a + 1}-${i + 1}`,
      licenseType: 'MD',
      states: ['Oregon'],
    });
    if (res.status !== 201) throw new Error(`creating a report answered ${res.status}`);
  }
  await attachLicenses(
    server,
    sql`SELECT r.id FROM report r JOIN "user" u ON u.id = r.workspace_id WHERE u.email = ${email}`,
    `own${a}`,
  );
  const list = await client.get('/api/v1/reports/');
  const reportId = list.body[0]?.id as string;
  const licenses = await client.get(`/api/v2/reports/${reportId}/licenses`);
  if (list.body.length !== OWN_REPORTS || licenses.body.length !== LICENSES_PER_REPORT)
    throw new Error(`the account shows ${list.body.length} reports and ${licenses.body.length} licenses`);
  return { cookie: client.cookieHeader(), reportId };
}

/** LICENSES_PER_REPORT registry licenses for each report `reports` selects, every fourth suspended. */
async function attachLicenses(server: TestServer, reports: ReturnType<typeof sql>, tag: string) {
  await server.ctx.db.execute(sql`
    WITH r AS (${reports}), n AS (SELECT r.id AS report_id, k FROM r, generate_series(1, ${LICENSES_PER_REPORT}) k),
    l AS (
      INSERT INTO license (jurisdiction, board_id, license_type, license_number, record_key, first_name, last_name,
        first_norm, last_norm, raw_status, status, expiry_date, source_kind)
      SELECT 'OR', 'or-med', 'MD', ${tag} || '-' || n.report_id || '-' || n.k, ${tag} || '-' || n.report_id || '-' || n.k,
        'Ada', 'Okafor', 'ada', 'okafor',
        CASE WHEN n.k = 4 THEN 'SUSPENDED' ELSE 'ACTIVE' END, CASE WHEN n.k = 4 THEN 'suspended' ELSE 'active' END,
        current_date + n.k * 30, 'bench'
      FROM n
      RETURNING id, record_key
    )
    INSERT INTO report_license (report_id, license_id, confidence, match_reason)
    SELECT n.report_id, l.id, 1, 'bench' FROM n JOIN l ON l.record_key = ${tag} || '-' || n.report_id || '-' || n.k`);
}

/**
 * `count` reports, each settled in Oregon with LICENSES_PER_REPORT licenses attached, written straight
 * to the tables (an API call each would take minutes); `workspace` is the SQL giving report g's
 * workspace. Then settled before measuring: fresh statistics, and no autovacuum or checkpoint of the
 * bulk insert running during the figures.
 */
async function insertReports(server: TestServer, prefix: string, count: number, workspace: ReturnType<typeof sql>) {
  const db = server.ctx.db;
  const ids = sql`SELECT id FROM report WHERE id LIKE ${`${prefix}-report-%`}`;
  await db.execute(sql`
    INSERT INTO report (id, workspace_id, name, first_name, last_name, license_type, states, created_at, update_executed_at)
    SELECT ${prefix} || '-report-' || g, ${workspace}, 'Report ' || g, 'Other', 'Physician ' || g,
      'MD', '{OR}', now() - g * interval '1 minute', now()
    FROM generate_series(1, ${count}) g`);
  await db.execute(sql`INSERT INTO report_state (report_id, state, status) SELECT id, 'OR', 'done' FROM (${ids}) r`);
  await attachLicenses(server, ids, prefix);
  await db.execute(sql`VACUUM ANALYZE`);
  if (DATABASE === 'postgresql') await db.execute(sql`CHECKPOINT`);
}

/** OTHER_REPORTS reports of OTHER_USERS other users. */
async function addOtherReports(server: TestServer) {
  const db = server.ctx.db;
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified)
    SELECT 'bench-user-' || g, 'Bench ' || g, 'bench-' || g || '@example.com', true
    FROM generate_series(1, ${OTHER_USERS}) g`);
  await insertReports(server, 'other', OTHER_REPORTS, sql`'bench-user-' || (1 + g % ${OTHER_USERS})`);
  const { rows } = await db.execute<{ reports: number; attached: number }>(
    sql`SELECT (SELECT count(*)::int FROM report) AS reports, (SELECT count(*)::int FROM report_license) AS attached`,
  );
  return rows[0] ?? { reports: 0, attached: 0 };
}

const DEPARTMENTS = ['Cardiology', 'Emergency', 'Family Medicine', 'Oncology', 'Pediatrics', 'Radiology', 'Surgery'];
const ROSTER_STATES = ['TX', 'CA', 'NY', 'FL', 'OR', 'WA', 'IL', 'PA', 'OH', 'GA'];

type BulkWrite = { label: string; rows: number; withTriggers: number; without: number };

/**
 * `statement` timed as it runs, and before that the same statement with the triggers off
 * (session_replication_role = replica) in a transaction rolled back: what keeping the stored
 * roster rows adds to a bulk write.
 */
async function timeBulkWrite(server: TestServer, label: string, statement: ReturnType<typeof sql>): Promise<BulkWrite> {
  const db = server.ctx.db;
  let without = 0;
  const rollback = new Error('rolled back');
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      const t = performance.now();
      await tx.execute(statement);
      without = performance.now() - t;
      throw rollback;
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
  const t = performance.now();
  const result = await db.execute(statement);
  return { label, rows: result.rowCount ?? 0, withTriggers: performance.now() - t, without };
}

/**
 * A workspace tracking ROSTER_REPORTS × LICENSES_PER_REPORT licenses, its physicians in
 * departments and its licenses across states and expiry dates (the filters and sorts have
 * something to pick): both set by one bulk statement each, timed.
 */
async function setUpLargeRoster(
  server: TestServer,
): Promise<{ cookie: string; licenses: number; writes: BulkWrite[] }> {
  const { client, email } = await signedInOnPlan(server, { planName: 'enterprise' });
  await insertReports(server, 'roster', ROSTER_REPORTS, sql`(SELECT id FROM "user" WHERE email = ${email})`);
  const writes = [
    await timeBulkWrite(
      server,
      "every physician's department (a roster import's update)",
      sql`UPDATE report SET department = (${sql.param(DEPARTMENTS)}::text[])[1 + abs(hashtext(id)) % ${DEPARTMENTS.length}]
        WHERE id LIKE 'roster-report-%'`,
    ),
    await timeBulkWrite(
      server,
      "every license's state and expiry date (an ingest's merge)",
      sql`UPDATE license SET jurisdiction = (${sql.param(ROSTER_STATES)}::text[])[1 + abs(hashtext(id)) % ${ROSTER_STATES.length}],
          expiry_date = current_date - 60 + abs(hashtext(id || 'x')) % 600
        WHERE record_key LIKE 'roster-%'`,
    ),
  ];
  await server.ctx.db.execute(sql`VACUUM ANALYZE`);
  const page = await client.get('/api/v2/org/licenses');
  if (page.status !== 200) throw new Error(`the large roster answered ${page.status}`);
  return { cookie: client.cookieHeader(), licenses: page.body.total, writes };
}

// The budget of the large roster (docs/budgets.md, Request path).
const BUDGET_RATE = 200;
const BUDGET_P99 = 100;

/** The large roster's reads held to the budget: the first page, each filter, each indexed sort. */
function budgetReads(cookie: string): Read[] {
  const at = (query: string, what: string) => ({
    label: `${what}: \`${query || '(first page)'}\``,
    url: `${server.url}/api/v2/org/licenses${query ? `?${query}` : ''}`,
    cookies: [cookie],
  });
  return [
    at('', 'first page (by expiry)'),
    at('status=expiring', 'filter: status'),
    at('department=Oncology', 'filter: department'),
    at('state=TX', 'filter: state'),
    at('physician=physician%2012', 'filter: search text'),
    at('expiring_within=60', 'filter: expiring within'),
    at('sort=physician', 'sort: physician'),
    at('sort=expiry&order=desc', 'sort: expiry, latest first'),
    at('sort=status', 'sort: status'),
  ];
}

type Row = { label: string; empty: Figure; full: Figure };
type RosterRow = { label: string; small: Figure; large: Figure };

function section(
  database: string,
  rows: Row[],
  stored: { reports: number; attached: number },
  minutes: number,
  scans: { empty: string; full: string },
  roster: { rows: RosterRow[]; small: number; large: number; alone: { small: number; large: number } },
  budget: { reads: Read[]; figures: Figure[]; alone: number[]; writes: BulkWrite[] },
) {
  const cpus = os.cpus();
  const verdict = (r: Row) =>
    r.full.p99 <= 2 * r.empty.p99 ? 'met' : `**not met** (${(r.full.p99 / r.empty.p99).toFixed(2)}× > 2×)`;
  return [
    '<!-- bench:reports -->',
    `### Report reads as reports accumulate — ${database}, ${new Date().toISOString().slice(0, 10)}`,
    '',
    'Budget ([docs/budgets.md](docs/budgets.md), Request path): with 10,000 reports in one database, each read’s p99 within 2× of an empty one.',
    '',
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, Node ${process.version}. autocannon, ${CONNECTIONS} connections, ` +
      `${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured, each read ${ROUNDS} times in turn and its median figures kept; server and load generator in one process; whole run ${minutes.toFixed(1)} min. ` +
      `${CONNECTIONS} accounts with ${OWN_REPORTS} reports of ${LICENSES_PER_REPORT} licenses (the list: one account per connection; a report and its licenses: the first account); then ${stored.reports.toLocaleString('en-US')} reports and ` +
      `${stored.attached.toLocaleString('en-US')} attached licenses in the database (${OTHER_USERS} other users).`,
    '',
    `| read | empty: req/s | p50 | p99 | ${stored.reports.toLocaleString('en-US')} reports: req/s | p50 | p99 | p99 ratio | budget |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${Math.round(r.empty.rate)} | ${ms(r.empty.p50)} | ${ms(r.empty.p99)} | ${Math.round(r.full.rate)} | ` +
        `${ms(r.full.p50)} | ${ms(r.full.p99)} | ${(r.full.p99 / r.empty.p99).toFixed(2)}× | ${verdict(r)} |`,
    ),
    '',
    `Rows read by sequential scans per request (PostgreSQL's table statistics over the measured reads, sessions and plans included): empty database ${scans.empty}; with the other reports ${scans.full}. A read that looks up by key reads none, or a handful from tiny tables, however many reports are stored.`,
    '',
    `The roster view of one workspace as it grows: the first account (${roster.small} licenses) against a workspace tracking ${roster.large.toLocaleString('en-US')} (${ROSTER_REPORTS.toLocaleString('en-US')} reports), both measured after the larger one was stored; the larger one's budget is the table after.`,
    '',
    `| read | ${roster.small} licenses: req/s | p50 | p99 | ${roster.large.toLocaleString('en-US')} licenses: req/s | p50 | p99 | p99 ratio |`,
    '|---|---|---|---|---|---|---|---|',
    ...roster.rows.map(
      (r) =>
        `| ${r.label} | ${Math.round(r.small.rate)} | ${ms(r.small.p50)} | ${ms(r.small.p99)} | ${Math.round(r.large.rate)} | ` +
        `${ms(r.large.p50)} | ${ms(r.large.p99)} | ${(r.large.p99 / r.small.p99).toFixed(2)}× |`,
    ),
    '',
    `One request at a time (the first page, median of ${ALONE_REQUESTS}): ${ms(roster.alone.small)} with ${roster.small} licenses, ${ms(roster.alone.large)} with ${roster.large.toLocaleString('en-US')} (${(roster.alone.large / roster.alone.small).toFixed(2)}×).`,
    '',
    `Budget ([docs/budgets.md](docs/budgets.md), Request path): the roster of a workspace tracking ${roster.large.toLocaleString('en-US')} licenses, ≥ ${BUDGET_RATE} req/s at ${CONNECTIONS} connections and p99 ≤ ${BUDGET_P99} ms, read from its stored rows (ADR 047). "Alone": one request at a time, median of ${ALONE_REQUESTS}. ` +
      `"× 80": the rate against the ${roster.small}-license workspace's first page in this run (${Math.round(roster.rows[0]?.small.rate ?? 0)} req/s, p99 ${ms(roster.rows[0]?.small.p99 ?? 0)}), the most this machine served a roster read at the time.`,
    '',
    '| read | req/s | p50 | p99 | alone | × 80 | budget |',
    '|---|---|---|---|---|---|---|',
    ...budget.reads.map((read, i) => {
      const f = budget.figures[i] as Figure;
      const ceiling = roster.rows[0]?.small.rate ?? 0;
      return `| ${read.label} | ${Math.round(f.rate)} | ${ms(f.p50)} | ${ms(f.p99)} | ${ms(budget.alone[i] ?? 0)} | ${(f.rate / ceiling).toFixed(2)}× | ${budgetVerdict(f)} |`;
    }),
    '',
    'Bulk writes to that workspace, the stored rows re-derived by the triggers in the same statement, beside the same statement with the triggers off (rolled back):',
    '',
    '| write | rows | with the stored rows kept | triggers off | ratio |',
    '|---|---|---|---|---|',
    ...budget.writes.map(
      (w) =>
        `| ${w.label} | ${w.rows.toLocaleString('en-US')} | ${ms(w.withTriggers)} | ${ms(w.without)} | ${(w.withTriggers / w.without).toFixed(2)}× |`,
    ),
    '<!-- /bench:reports -->',
  ].join('\n');
}

function budgetVerdict(f: Figure): string {
  const misses = [
    ...(f.rate < BUDGET_RATE ? [`${Math.round(f.rate)} req/s < ${BUDGET_RATE}`] : []),
    ...(f.p99 > BUDGET_P99 ? [`p99 ${ms(f.p99)} > ${BUDGET_P99} ms`] : []),
  ];
  return misses.length === 0 ? 'met' : `**not met** (${misses.join(', ')})`;
}

function writeSection(text: string) {
  const file = path.join(ROOT, 'BENCHMARKS.md');
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const pattern = /<!-- bench:reports -->[\s\S]*?<!-- \/bench:reports -->/;
  writeFileSync(file, pattern.test(doc) ? doc.replace(pattern, () => text) : `${doc.trimEnd()}\n\n${text}\n`);
}

const started = performance.now();
const server = await startTestServer({}, { worker: false });
let failed = false;
try {
  const { rows: version } = await server.ctx.db.execute<{ server_version: string }>(sql`show server_version`);
  const database = `${DATABASE === 'postgresql' ? 'PostgreSQL' : 'PGlite (PostgreSQL)'} ${version[0]?.server_version.split(' ')[0]}`;
  const accounts: { cookie: string; reportId: string }[] = [];
  for (let a = 0; a < CONNECTIONS; a++) accounts.push(await setUpAccount(server, a));
  const [first] = accounts;
  if (!first) throw new Error('no account');
  const reads: Read[] = [
    // One account per connection: concurrent lists of different users share one query (the
    // batched list read), which is where a plan over several users' reports can turn to a scan.
    {
      label: `GET /api/v1/reports/ (${CONNECTIONS} users × ${OWN_REPORTS})`,
      url: `${server.url}/api/v1/reports/`,
      cookies: accounts.map((a) => a.cookie),
    },
    {
      label: 'GET /api/v1/reports/{id}',
      url: `${server.url}/api/v1/reports/${first.reportId}`,
      cookies: [first.cookie],
    },
    {
      label: 'GET /api/v2/reports/{id}/licenses',
      url: `${server.url}/api/v2/reports/${first.reportId}/licenses`,
      cookies: [first.cookie],
    },
    ...rosterReads(first.cookie),
  ];
  // One untimed pass first: the server's code and the connections' plans warm before any figure,
  // so that the empty database's figures are not its cold start.
  for (const read of reads) await load(read.url, 2 * WARMUP_SECONDS, read.cookies);
  console.log(`Report reads on ${database}: the ${CONNECTIONS} measured accounts alone`);
  let before = await scanCounts(server);
  const empty = await measureAll(reads);
  const emptyScans = scannedPerRequest(before, await scanCounts(server), sum(empty));
  const stored = await addOtherReports(server);
  console.log(
    `… and with ${stored.reports.toLocaleString('en-US')} reports, ${stored.attached.toLocaleString('en-US')} attached licenses`,
  );
  before = await scanCounts(server);
  const full = await measureAll(reads);
  const fullScans = scannedPerRequest(before, await scanCounts(server), sum(full));
  console.log(`  rows read by sequential scans per request: empty ${emptyScans}; full ${fullScans}`);
  const large = await setUpLargeRoster(server);
  console.log(
    `Roster view: ${OWN_REPORTS * LICENSES_PER_REPORT} licenses against ${large.licenses.toLocaleString('en-US')}`,
  );
  const small = rosterReads(first.cookie);
  const largeReads = rosterReads(large.cookie);
  const rosterFigures = await measureAll([...small, ...largeReads]);
  const alone = { small: await oneAtATime(small[0] as Read), large: await oneAtATime(largeReads[0] as Read) };
  console.log(`  roster page one request at a time, median: ${ms(alone.small)} / ${ms(alone.large)}`);
  for (const w of large.writes)
    console.log(`  ${w.label}: ${w.rows} rows, ${ms(w.withTriggers)} (triggers off ${ms(w.without)})`);
  console.log(`Roster view of ${large.licenses.toLocaleString('en-US')} licenses against its budget`);
  const budgeted = budgetReads(large.cookie);
  const budgetFigures = await measureAll(budgeted);
  const budgetAlone: number[] = [];
  for (const read of budgeted) budgetAlone.push(await oneAtATime(read));
  const rosterRows: RosterRow[] = small.map((read, i) => ({
    label: read.label,
    small: rosterFigures[i] as Figure,
    large: rosterFigures[i + small.length] as Figure,
  }));
  const rows: Row[] = reads.map((read, i) => ({
    label: read.label,
    empty: empty[i] as Figure,
    full: full[i] as Figure,
  }));
  const text = section(
    database,
    rows,
    stored,
    (performance.now() - started) / 60_000,
    {
      empty: emptyScans,
      full: fullScans,
    },
    { rows: rosterRows, small: OWN_REPORTS * LICENSES_PER_REPORT, large: large.licenses, alone },
    { reads: budgeted, figures: budgetFigures, alone: budgetAlone, writes: large.writes },
  );
  writeSection(text);
  console.log(`\n${text}\n\nWritten to BENCHMARKS.md.`);
  failed = rows.some((r) => r.full.p99 > 2 * r.empty.p99) || budgetFigures.some((f) => budgetVerdict(f) !== 'met');
} finally {
  await server.close();
}
if (failed) process.exitCode = 1;
