// The server side of `bench/search-api.ts`, in its own process so that it never shares an event
// loop with the load generator: `node --import tsx bench/search-api-target.ts` (TEST_DATABASE_URL
// set) starts the real app against a fresh PostgreSQL database on TEST_DATABASE_URL's server
// (dropped on exit), fills its registry with BENCH_SEARCH_ROWS synthetic licenses through the
// registry's merge (bench/support/load-synthetic-registry.ts), signs up BENCH_SEARCH_ACCOUNTS
// accounts on Enterprise with their API keys, and starts a bare Fastify on another port whose
// three routes run the engine calls the search API makes, with the API's presenter, on a pool of
// their own. No look-up board is configured (DATA_DIR is startTestServer's '/nonexistent'), so
// the API answers from the registry alone, as the bare routes do. Before serving it checks that
// both answer the same JSON to the same queries, then prints one JSON line on stdout ({"bare": …})
// and serves until SIGTERM or SIGINT.
//
// Env from bench/search-api.ts: BENCH_SEARCH_ROWS, BENCH_SEARCH_ACCOUNTS, BENCH_SEARCH_QUERIES
// (distinct queries of each kind), BENCH_SEARCH_API_LOAD_SECONDS (how long the API rows load it
// in all, which bounds the calls a key can make without a 429 and so the credits each needs).

import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import type { SimPerson } from '@licensewatch/board-sim/population';
import type { LicenseType } from '@licensewatch/shared/licenses';
import { ENTITLEMENTS } from '@licensewatch/shared/plans';
import type { SearchResponse } from '@licensewatch/shared/search-api';
import { SEARCH_API_ENDPOINTS } from '@licensewatch/shared/search-api-endpoints';
import { type StateCode, stateName, toStateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { holderOfLicense, screenPhysicianName } from '../apps/server/src/modules/exclusions/screen-physician-name.ts';
import { findByNumber } from '../apps/server/src/modules/licensing/find-by-number.ts';
import {
  type FindLicensesQuery,
  findLicenses,
  type LicenseMatch,
} from '../apps/server/src/modules/licensing/find-licenses.ts';
import { CONFIDENT_MATCH } from '../apps/server/src/modules/licensing/score-candidate.ts';
import { presentNameSearch, presentNumberMatch } from '../apps/server/src/modules/search-api/present-search-result.ts';
import { connectDatabase, type Database } from '../apps/server/src/platform/db/client.ts';
import { parseEnv } from '../apps/server/src/platform/env.ts';
import { signedInOnPlan } from '../apps/server/test/support/accounts.ts';
import { startTestServer, type TestServer } from '../apps/server/test/support/test-server.ts';
import { inBatches } from './support/bench-target.ts';
import { loadSyntheticRegistry } from './support/load-synthetic-registry.ts';

const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 1_000_000);
const ACCOUNTS = Number(process.env.BENCH_SEARCH_ACCOUNTS ?? 64);
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 2_000);
const API_LOAD_SECONDS = Number(process.env.BENCH_SEARCH_API_LOAD_SECONDS ?? 120);
/** Queries of each kind asked of both servers and compared before the load starts. */
const CHECKED = 25;
const PLAN = 'enterprise' as const;

const PATHS = {
  byNumber: SEARCH_API_ENDPOINTS.searchLicenseByNumber.path,
  byState: SEARCH_API_ENDPOINTS.searchLicenseByState.path,
  nationwide: SEARCH_API_ENDPOINTS.searchLicense.path,
} as const;
export type Kind = keyof typeof PATHS;

/** What this process prints once it serves; bench/search-api.ts reads it. */
export type Target = {
  bare: string;
  app: string;
  database: string;
  paths: Record<Kind, string>;
  licenses: number;
  people: number;
  /** Form bodies, url-encoded, per kind: the same sequence for the bare and the API rows. */
  bodies: Record<Kind, string[]>;
  /** Share of each kind's checked queries whose answer had at least one confident license. */
  found: Record<Kind, number>;
  keys: string[];
  credits: { plan: number; raisedTo: number | null; perMinute: number };
};

if (!process.env.TEST_DATABASE_URL) throw new Error('bench/search-api-target.ts needs TEST_DATABASE_URL');
for (const [name, value] of Object.entries({ ROWS, ACCOUNTS, QUERIES, API_LOAD_SECONDS }))
  if (!(Number.isInteger(value) && value > 0)) throw new Error(`${name} must be a positive integer, not '${value}'`);

const log = pino({ level: 'info' });
const bare = Fastify();
let bareDatabase: Database | undefined;
let server: TestServer | undefined;
let stopping: Promise<void> | undefined;

/**
 * Until no query is running or waiting on either pool (30 s at most): the load generator's last
 * requests may still be searching when it has hung up, and must not meet a closed pool.
 */
async function drained() {
  const busy = (pool: Database['pool'] | undefined) =>
    pool ? pool.totalCount - pool.idleCount + pool.waitingCount : 0;
  for (let waited = 0; waited < 30_000 && busy(server?.ctx.pool) + busy(bareDatabase?.pool) > 0; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Closes both servers (dropping the PostgreSQL database) once, then exits. */
function stop(code: number) {
  stopping ??= (async () => {
    try {
      await drained();
      await bare.close();
      await bareDatabase?.pool.end();
      await server?.close();
    } catch (err) {
      console.error('bench target: closing failed', err);
      code = 1;
    }
    process.exit(code);
  })();
  return stopping;
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

// ---- the bare routes --------------------------------------------------------------------------

type Form = Record<string, string | undefined>;

/**
 * Possible matches per state, best first, as search-licenses-by-name.ts keeps them (its
 * MAX_POSSIBLE_PER_STATE); the answers are compared with the API's before the load, so a drift
 * shows.
 */
const MAX_POSSIBLE_PER_STATE = 3;
const byConfidence = (a: LicenseMatch, b: LicenseMatch) =>
  b.confidence - a.confidence || a.license.jurisdiction.localeCompare(b.license.jurisdiction);

/** findLicenses as the API calls it (with near matches), split and presented as the API answers. */
async function nameSearch({ db, pool }: Database, form: Form, state: StateCode | undefined): Promise<SearchResponse> {
  const query: FindLicensesQuery = {
    firstName: (form.First_Name ?? '').trim(),
    middleName: form.Middle_Name?.trim() || null,
    lastName: (form.Last_Name ?? '').trim(),
    suffix: null,
    licenseType: form.License_Type as LicenseType,
    states: state ? [state] : undefined,
  };
  const matches = await findLicenses(db, query, { includeNear: true });
  const confident = matches.filter((m) => m.confidence >= CONFIDENT_MATCH && !m.review).sort(byConfidence);
  const perState = new Map<StateCode, number>();
  const possible = matches
    .filter((m) => {
      if (!m.review) return false;
      const n = perState.get(m.license.jurisdiction) ?? 0;
      perState.set(m.license.jurisdiction, n + 1);
      return n < MAX_POSSIBLE_PER_STATE;
    })
    .sort(byConfidence);
  // The API's exclusion check, as it makes it (no SAM key configured on either server).
  const states = state ? [state] : [...new Set(confident.map((m) => m.license.jurisdiction))];
  const exclusions = await screenPhysicianName(
    pool,
    { firstName: query.firstName, middleName: query.middleName, lastName: query.lastName, states },
    { samConfigured: false },
  );
  return { ...presentNameSearch({ query, confident, possible, unavailable: [] }), exclusions };
}

/** The same engine calls and serialisation as the API, without key, limit, credit or usage row. */
function registerBareRoutes(database: Database) {
  const { db, pool } = database;
  bare.removeAllContentTypeParsers();
  bare.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  bare.post(PATHS.byNumber, async (request): Promise<SearchResponse> => {
    const form = request.body as Form;
    const matches = await findByNumber(db, {
      licenseNumber: (form.License_Number ?? '').trim(),
      state: toStateCode(form.State ?? '') as StateCode,
    });
    const exclusions = await screenPhysicianName(pool, holderOfLicense(matches[0]?.license), {
      samConfigured: false,
    });
    return {
      status: 'success',
      exclusions,
      data: matches.map((match) => presentNumberMatch(match.license, match.confidence)),
      possible_matches: [],
      unavailable_sources: [],
    };
  });
  bare.post(PATHS.byState, async (request) => {
    const form = request.body as Form;
    return nameSearch(database, form, toStateCode(form.State ?? '') as StateCode);
  });
  bare.post(PATHS.nationwide, async (request) => nameSearch(database, request.body as Form, undefined));
}

// ---- queries ----------------------------------------------------------------------------------

/** Queries of people on record, spread over the registry; a person's home license for the state and number. */
function queryBodies(person: (index: number) => SimPerson, people: number): Record<Kind, string[]> {
  const bodies: Record<Kind, string[]> = { byNumber: [], byState: [], nationwide: [] };
  const encode = (form: Form) =>
    new URLSearchParams(Object.entries(form).filter((e): e is [string, string] => Boolean(e[1]))).toString();
  for (let k = 0; bodies.nationwide.length < QUERIES; k++) {
    const p = person((k * 104_729 + 17) % people);
    const home = p.licenses[0];
    if (!home) continue;
    const name = { First_Name: p.firstName, Middle_Name: p.middleName ?? undefined, Last_Name: p.lastName };
    bodies.nationwide.push(encode({ ...name, License_Type: home.licenseType }));
    bodies.byState.push(encode({ ...name, License_Type: home.licenseType, State: stateName(home.jurisdiction) }));
    const numbered = p.licenses.find((l) => l.licenseNumber);
    if (numbered?.licenseNumber)
      bodies.byNumber.push(encode({ License_Number: numbered.licenseNumber, State: stateName(numbered.jurisdiction) }));
  }
  return bodies;
}

async function post(origin: string, path: string, body: string, key: string) {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${origin}${path} answered ${res.status} to ${body}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as SearchResponse;
}

/** Both servers answer the first queries of each kind alike; the share that found someone. */
async function compareAnswers(target: Pick<Target, 'bare' | 'app' | 'bodies' | 'keys'>): Promise<Record<Kind, number>> {
  const found = { byNumber: 0, byState: 0, nationwide: 0 };
  for (const kind of Object.keys(PATHS) as Kind[]) {
    const bodies = target.bodies[kind].slice(0, CHECKED);
    let hits = 0;
    for (const [i, body] of bodies.entries()) {
      const key = target.keys[i % target.keys.length] as string;
      const fromApi = await post(target.app, PATHS[kind], body, key);
      const fromBare = await post(target.bare, PATHS[kind], body, key);
      if (!isDeepStrictEqual(fromApi, fromBare)) {
        throw new Error(
          `the bare ${kind} route answers ${body} unlike the API:\n  API:  ${JSON.stringify(fromApi).slice(0, 600)}\n  bare: ${JSON.stringify(fromBare).slice(0, 600)}`,
        );
      }
      if (fromApi.data.length > 0) hits++;
    }
    found[kind] = hits / bodies.length;
  }
  return found;
}

// ---- main -------------------------------------------------------------------------------------

try {
  // As `npm start` configures the server (env.ts's default request logging at info), but for the
  // port and the database, and without job workers. The proxy is trusted so that the set-up's
  // sign-ups (each from its own forwarded address) are not all counted against one address's
  // sign-up limit; the measured requests carry no such header.
  const defaults = parseEnv({ NODE_ENV: 'test' });
  server = await startTestServer({ LOG_LEVEL: defaults.LOG_LEVEL, TRUST_PROXY: 'loopback' }, { worker: false });
  const app = server;

  const loadStarted = Date.now();
  let reported = 0;
  const registry = await loadSyntheticRegistry(
    { pool: app.ctx.pool, db: app.ctx.db },
    log,
    { licenses: ROWS },
    {
      onProgress: (stored) => {
        if (stored - reported < 100_000) return;
        reported = stored;
        log.info(`bench target: ${stored.toLocaleString('en-US')} licenses stored`);
      },
    },
  );
  log.info(
    `bench target: registry of ${registry.licenses.toLocaleString('en-US')} licenses (${registry.people.toLocaleString('en-US')} physicians) in ${((Date.now() - loadStarted) / 1000).toFixed(0)} s`,
  );

  // Signed up through the public API and confirmed through the emailed link; the key is the one
  // the dashboard shows.
  const accounts = await inBatches(ACCOUNTS, 4, async () => {
    const { client, userId } = await signedInOnPlan(app, { planName: PLAN });
    const res = await client.get('/api/v1/credentials/');
    const key = res.body?.credential_key;
    if (res.status !== 200 || typeof key !== 'string') throw new Error(`/api/v1/credentials/ answered ${res.status}`);
    return { userId, key };
  });

  // A key can make at most its plan's calls a minute without a 429 (which fails the run anyway),
  // so this many credits can never run out; the plan's own are raised when they are fewer.
  const { apiCreditsPerMonth, apiRequestsPerMinute } = ENTITLEMENTS[PLAN];
  const needed = (Math.ceil(API_LOAD_SECONDS / 60) + 1) * apiRequestsPerMinute + 2 * CHECKED * 3;
  let raisedTo: number | null = null;
  if (needed > apiCreditsPerMonth) {
    raisedTo = needed;
    const ids = sql.join(
      accounts.map((a) => sql`${a.userId}`),
      sql`, `,
    );
    await app.ctx.db.execute(sql`UPDATE user_credit SET api_credits = ${needed} WHERE workspace_id IN (${ids})`);
  }

  bareDatabase = connectDatabase(app.databaseUrl);
  registerBareRoutes(bareDatabase);
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const { rows } = await app.ctx.db.execute<{ server_version: string }>(sql`show server_version`);
  const target: Target = {
    bare: `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`,
    app: app.url,
    database: `PostgreSQL ${rows[0]?.server_version.split(' ')[0] ?? '?'}`,
    paths: PATHS,
    licenses: registry.licenses,
    people: registry.people,
    bodies: queryBodies((i) => registry.population.person(i), registry.people),
    found: { byNumber: 0, byState: 0, nationwide: 0 },
    keys: accounts.map((a) => a.key),
    credits: { plan: apiCreditsPerMonth, raisedTo, perMinute: apiRequestsPerMinute },
  };
  target.found = await compareAnswers(target);
  console.log(JSON.stringify(target));
} catch (err) {
  console.error('bench target: set-up failed', err);
  await stop(1);
}
