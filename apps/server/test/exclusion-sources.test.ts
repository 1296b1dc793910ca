import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type SimExclusion, simExclusions } from '@licensewatch/board-sim/exclusion-list';
import {
  handleSamDownload,
  handleSamExclusions,
  SAM_DOWNLOAD_ROUTE,
  SAM_EXCLUSIONS_ROUTE,
} from '@licensewatch/board-sim/sam-route';
import { type BoardSimulator, startBoardSimulator } from '@licensewatch/board-sim/server';
import { stateName as nameOfState, type StateCode } from '@licensewatch/shared/states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSamExclusions } from '../src/modules/exclusions/check-sam-exclusions.ts';
import { refreshExclusionLists } from '../src/modules/exclusions/ingest/refresh-exclusion-lists.ts';
import { refreshSamExtract } from '../src/modules/exclusions/sam/refresh-sam-extract.ts';
import { type FixtureServer, sendJson, startFixtureServer } from '../src/modules/licensing/fixture-server.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import type { HttpClient } from './support/http-client.ts';
import { signedInPerson } from './support/identities.ts';
import { SAM_POLLING_AT_ONCE } from './support/sam-polling.ts';
import { rowCounter } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// The federal lists as they really answer (docs/exclusions.md, Sources): the LEIE's supplement names,
// SAM.gov's daily request budget and its bulk extract, each against a local stand-in over HTTP.

let server: TestServer;
// Its "today" sits in 2026 so the last 12 months span the OIG's switch to lower-case supplement names.
let sim: BoardSimulator;
const TODAY = '2026-03-15';

const count = (query: string, params: unknown[] = []) => rowCounter(server.ctx.pool)(query, params);

beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, seed: 11, size: 1500, today: TODAY });
  // No worker: nothing but the test asks SAM, so every request counted is one the test made.
  server = await startTestServer({}, { worker: false });
  server.ctx.exclusions = { leie: { baseUrl: `${sim.url}/leie` }, sam: null };
});
afterAll(async () => {
  await server?.close();
  await sim?.close();
});

describe('LEIE supplements under the names the OIG publishes', () => {
  it('reads every month of the last year, upper-case names before 2026 and lower-case ones from 2026', async () => {
    const truth = (await (await fetch(`${sim.url}/ground-truth/exclusions.json`)).json()) as SimExclusion[];
    const refreshed = await refreshExclusionLists(server.ctx, { now: new Date(`${TODAY}T12:00:00Z`) });
    // The simulator publishes both supplements of each of the 12 months, each under one spelling only.
    expect(refreshed?.supplements.map((s) => `${s.kind}:${s.period}`).sort()).toEqual(
      ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12']
        .concat(['2026-01', '2026-02', '2026-03'])
        .flatMap((month) => [`exclusions:${month}`, `reinstatements:${month}`])
        .sort(),
    );
    const reinstated = truth.filter((t) => t.kind === 'reinstated');
    expect(reinstated.some((t) => (t.reinDate ?? '') >= '2026-01-01')).toBe(true);
    expect(
      await count(`SELECT count(*)::int AS n FROM exclusion WHERE source = 'leie' AND rein_date IS NOT NULL`),
    ).toBe(reinstated.length);
  });
});

/** A report of a premium account of its own (its update job is queued but, without a worker, never run). */
async function createReport(body: Record<string, unknown>): Promise<{ id: string; owner: HttpClient }> {
  const { client, userId } = await signedInPerson(server);
  await assignPlan(server.ctx.db, {
    userId,
    planName: 'premium',
    trial: false,
    endDate: new Date(Date.now() + 30 * 86_400_000),
    reason: 'plan-change',
  });
  const created = await client.post('/api/v2/reports/', { licenseType: 'MD', states: ['Nevada'], ...body });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, owner: client };
}

/** One SAM v4 excludedEntity of an individual. */
function samIndividual(first: string, last: string, i: number, npi: string | null = null) {
  return {
    exclusionDetails: {
      classificationType: 'Individual',
      exclusionType: 'Ineligible (Proceedings Completed)',
      exclusionProgram: 'Reciprocal',
      excludingAgencyCode: 'HHS',
      excludingAgencyName: 'DEPT OF HEALTH AND HUMAN SERVICES',
    },
    exclusionIdentification: {
      npi,
      firstName: first,
      middleName: null,
      lastName: last,
      entityName: `${first} ${last}`,
    },
    exclusionActions: {
      listOfActions: [
        {
          activateDate: `01-${String(i + 1).padStart(2, '0')}-2020`,
          terminationDate: null,
          terminationType: 'Indefinite',
          recordStatus: 'Active',
        },
      ],
    },
    exclusionPrimaryAddress: { city: 'RENO', stateOrProvinceCode: 'NV', countryCode: 'USA' },
  };
}

/** SAM.gov's v4 search: 12 individuals by any name (two pages of 10), one by NPI. */
async function startSamStandIn(): Promise<FixtureServer> {
  return startFixtureServer((_req, res, url) => {
    const npi = url.searchParams.get('npi');
    if (npi) return sendJson(res, { totalRecords: 1, excludedEntity: [samIndividual('PAT', 'DOE', 0, npi)] });
    const [first = '', last = ''] = (url.searchParams.get('exclusionName') ?? '').toUpperCase().split(' ');
    const all = Array.from({ length: 12 }, (_, i) => samIndividual(first, last, i));
    const page = Number(url.searchParams.get('page') ?? 0);
    sendJson(res, { totalRecords: all.length, excludedEntity: all.slice(page * 10, page * 10 + 10) });
  });
}

const spentToday = () =>
  count(
    `SELECT coalesce(sum(count), 0)::int AS n FROM request_limit
     WHERE key = 'sam-requests:' || to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
  );

describe('SAM.gov’s daily request budget', () => {
  it('counts requests, not physicians, and never asks beyond the budget: a spent budget leaves the check stale and says so', async () => {
    const sam = await startSamStandIn();
    try {
      const { id: paged } = await createReport({ firstName: 'Pat', lastName: 'Doe', npi: '1234567893' });
      const { id: next, owner } = await createReport({ firstName: 'Lee', lastName: 'Roe' });
      server.ctx.exclusions = {
        leie: { baseUrl: `${sim.url}/leie` },
        sam: { baseUrl: sam.url, apiKey: 'sam-test-key', dailyRequests: 4 },
      };
      // Two pages of the name search and the NPI search: one physician, three requests.
      expect(await checkSamExclusions(server.ctx, { reportIds: [paged] })).toEqual({
        checked: 1,
        failed: 0,
        skipped: 0,
      });
      expect(sam.requests.map((r) => r.url.searchParams.get('page'))).toEqual(['0', '1', '0']);
      expect(await spentToday()).toBe(3);

      // The next physician needs two requests; the budget has one left. The second is never sent.
      expect(await checkSamExclusions(server.ctx, { reportIds: [next] })).toMatchObject({ checked: 0, failed: 1 });
      expect(sam.requests).toHaveLength(4);
      expect(await spentToday()).toBe(4);
      const standing = await owner.get(`/api/v2/reports/${next}/exclusions`);
      expect(standing.body.sources[1]).toMatchObject({ name: 'SAM', state: 'stale', checked_at: null });
      const check = await server.ctx.pool.query(
        `SELECT error FROM exclusion_check WHERE report_id = $1 AND source = 'sam'`,
        [next],
      );
      expect(check.rows[0]?.error).toMatch(/daily request budget of 4 is spent/);

      // Spent for the day: the daily run asks nothing.
      await server.ctx.pool.query(
        `UPDATE exclusion_check SET attempted_at = now() - interval '2 hours' WHERE report_id = $1`,
        [next],
      );
      expect(await checkSamExclusions(server.ctx, { reportIds: null })).toMatchObject({ checked: 0 });
      expect(sam.requests).toHaveLength(4);
    } finally {
      await sam.close();
      server.ctx.exclusions = { leie: { baseUrl: `${sim.url}/leie` }, sam: null };
    }
  });

  it('shares one count between processes asking at the same time', async () => {
    const sam = await startSamStandIn();
    try {
      await server.ctx.pool.query(`DELETE FROM request_limit WHERE key LIKE 'sam-requests:%'`);
      const reports = await Promise.all(
        ['Ann', 'Bob', 'Cyd', 'Dee'].map(async (firstName) => (await createReport({ firstName, lastName: 'Poe' })).id),
      );
      server.ctx.exclusions = {
        leie: { baseUrl: `${sim.url}/leie` },
        sam: { baseUrl: sam.url, apiKey: 'sam-test-key', dailyRequests: 5 },
      };
      // Each check needs two requests; four run side by side, as separate workers would.
      await Promise.all(reports.map((id) => checkSamExclusions(server.ctx, { reportIds: [id] })));
      expect(sam.requests).toHaveLength(5);
      expect(await spentToday()).toBe(5);
    } finally {
      await sam.close();
      server.ctx.exclusions = { leie: { baseUrl: `${sim.url}/leie` }, sam: null };
    }
  });
});

/**
 * The board simulator's SAM routes, the extract's download among them, on a server of the test's own,
 * so that no fault another test sets on the shared simulator reaches them.
 */
async function startSimulatedSam(): Promise<{ url: string; close(): Promise<void> }> {
  const ctx = {
    population: sim.population,
    index: () => {
      throw new Error('the SAM routes need no search index');
    },
  };
  const standIn = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sim.invalid');
    const pass = async () => true;
    if (url.pathname === SAM_EXCLUSIONS_ROUTE) void handleSamExclusions(ctx, req, res, url.searchParams, pass);
    else if (url.pathname === SAM_DOWNLOAD_ROUTE) void handleSamDownload(ctx, req, res, url.searchParams, pass);
    else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    }
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sam`,
    close: () =>
      new Promise<void>((resolve) => {
        standIn.closeAllConnections();
        standIn.close(() => resolve());
      }),
  };
}

const title = (name: string | null) => (name ? name[0] + name.slice(1).toLowerCase() : '');
const samRuns = () =>
  server.ctx.pool.query<{ status: string; rows_read: number; rows_rejected: number; error: string | null }>(
    `SELECT status, rows_read, rows_rejected, error FROM exclusion_ingest_run WHERE source = 'sam' ORDER BY started_at`,
  );

describe('SAM.gov’s exclusions extract', () => {
  it('reads every individual SAM lists from one file, screens every report and marks it SAM-checked', async () => {
    const sam = await startSimulatedSam();
    try {
      await server.ctx.pool.query(`DELETE FROM request_limit WHERE key LIKE 'sam-requests:%'`);
      const truth = (await (await fetch(`${sim.url}/ground-truth/exclusions.json`)).json()) as SimExclusion[];
      const onSam = truth.find((t) => t.kind === 'excluded' && t.onSam && t.npi && t.firstName && !t.middleName);
      if (!onSam?.npi) throw new Error('the simulator lists no excluded physician on SAM with an NPI');
      const { id, owner } = await createReport({
        firstName: title(onSam.firstName),
        lastName: title(onSam.lastName),
        states: [nameOfState(onSam.state as StateCode)],
        npi: onSam.npi,
      });
      server.ctx.exclusions = {
        leie: { baseUrl: `${sim.url}/leie` },
        sam: { baseUrl: sam.url, apiKey: 'sam-test-key', dailyRequests: 50 },
      };

      // The weekly refresh: the LEIE, then SAM's extract.
      const weekly = await refreshExclusionLists(server.ctx, {
        now: new Date(`${TODAY}T12:00:00Z`),
        samPolling: SAM_POLLING_AT_ONCE,
      });
      const refreshed = weekly?.sam;
      if (!refreshed?.ok) throw new Error(`extract not read: ${refreshed?.ok === false ? refreshed.error : 'null'}`);
      // Individuals with an exclusion in force: the simulator's SAM, less firms and reinstated people.
      const individuals = simExclusionsOnSam(sim);
      expect(refreshed.ingest).toMatchObject({ rowsRead: individuals, rowsRejected: 0 });
      expect(await count(`SELECT count(*)::int AS n FROM exclusion WHERE source = 'sam' AND listed`)).toBe(individuals);
      // The request, one "still generating", the file: three requests of the day's budget.
      expect(await spentToday()).toBe(3);
      expect((await samRuns()).rows).toEqual([
        { status: 'succeeded', rows_read: individuals, rows_rejected: 0, error: null },
      ]);

      const standing = await owner.get(`/api/v2/reports/${id}/exclusions`);
      expect(standing.body).toMatchObject({
        status: 'excluded',
        sources: [
          expect.objectContaining({ name: 'LEIE' }),
          { name: 'SAM', state: 'checked', checked_at: expect.any(String) },
        ],
      });
      expect(standing.body.matches).toContainEqual(
        expect.objectContaining({ source: 'SAM', basis: 'npi', status: 'confirmed', npi: onSam.npi }),
      );

      // The same records as a physician's own search stores: asking SAM by name adds no entry.
      const entries = await count(`SELECT count(*)::int AS n FROM exclusion WHERE source = 'sam'`);
      await server.ctx.pool.query(
        `UPDATE exclusion_check SET attempted_at = now() - interval '2 days' WHERE report_id = $1 AND source = 'sam'`,
        [id],
      );
      expect(await checkSamExclusions(server.ctx, { reportIds: [id] })).toMatchObject({ checked: 1, failed: 0 });
      expect(await count(`SELECT count(*)::int AS n FROM exclusion WHERE source = 'sam'`)).toBe(entries);
      expect(await count(`SELECT count(*)::int AS n FROM exclusion_match WHERE report_id = $1`, [id])).toBe(
        standing.body.matches.length,
      );

      // Read again, nothing changes.
      const again = await refreshSamExtract(server.ctx, { polling: SAM_POLLING_AT_ONCE });
      expect(again).toMatchObject({ ok: true, ingest: { rowsUpserted: 0, eventsRecorded: 0, delisted: 0 } });
    } finally {
      await sam.close();
      server.ctx.exclusions = { leie: { baseUrl: `${sim.url}/leie` }, sam: null };
    }
  });

  it('records a refused key, a file never ready and a spent budget as failed runs, changing nothing', async () => {
    const sam = await startSimulatedSam();
    try {
      const entries = await count(`SELECT count(*)::int AS n FROM exclusion WHERE source = 'sam' AND listed`);
      const runs = (await samRuns()).rows.length;
      const attempt = async (apiKey: string, dailyRequests: number, polling = SAM_POLLING_AT_ONCE) => {
        await server.ctx.pool.query(`DELETE FROM request_limit WHERE key LIKE 'sam-requests:%'`);
        server.ctx.exclusions = {
          leie: { baseUrl: `${sim.url}/leie` },
          sam: { baseUrl: sam.url, apiKey, dailyRequests },
        };
        return refreshSamExtract(server.ctx, { polling });
      };
      expect(await attempt('refused', 50)).toEqual({ ok: false, error: expect.stringMatching(/refused the API key/) });
      expect(await attempt('sam-test-key', 50, { ...SAM_POLLING_AT_ONCE, attempts: 1 })).toEqual({
        ok: false,
        error: expect.stringMatching(/not ready after 1 attempts/),
      });
      // The request and one download fit; the second download would not, and is never sent.
      expect(await attempt('sam-test-key', 2)).toEqual({
        ok: false,
        error: expect.stringMatching(/daily request budget of 2 is spent/),
      });
      expect(await spentToday()).toBe(2);
      const failed = (await samRuns()).rows.slice(runs);
      expect(failed.map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);
      expect(await count(`SELECT count(*)::int AS n FROM exclusion WHERE source = 'sam' AND listed`)).toBe(entries);
    } finally {
      await sam.close();
      server.ctx.exclusions = { leie: { baseUrl: `${sim.url}/leie` }, sam: null };
    }
  });
});

/** Active individuals in the simulator's SAM (sam-route.ts lists the onSam rows). */
function simExclusionsOnSam(simulator: BoardSimulator): number {
  return simExclusions(simulator.population).filter((r) => r.onSam && r.reinDate === null && r.lastName !== null)
    .length;
}
