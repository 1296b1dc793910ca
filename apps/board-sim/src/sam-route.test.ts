import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SimExclusion, simExclusions } from './exclusion-list.ts';
import {
  handleSamDownload,
  handleSamExclusions,
  SAM_DOWNLOAD_ROUTE,
  SAM_EXCLUSIONS_ROUTE,
  SAM_EXTRACT_COLUMNS,
  SAM_MAX_SIZE,
  SAM_RATE_LIMITED_KEY,
  SAM_REFUSED_KEY,
  type SamAnswer,
  samEntity,
} from './sam-route.ts';
import { type BoardSimulator, startBoardSimulator } from './server.ts';

let sim: BoardSimulator;
let rows: SimExclusion[];

beforeAll(async () => {
  sim = await startBoardSimulator({ seed: 22, size: 1500, today: '2025-06-01' });
  rows = simExclusions(sim.population);
});
afterAll(() => sim.close());
afterEach(async () => {
  await fetch(`${sim.url}/_control/faults`, { method: 'DELETE' });
});

async function sam(params: Record<string, string>) {
  const res = await fetch(`${sim.url}${SAM_EXCLUSIONS_ROUTE}?${new URLSearchParams(params)}`);
  return { status: res.status, headers: res.headers, body: (await res.json()) as SamAnswer & Record<string, unknown> };
}

const KEY = { api_key: 'any-key' };
const named = (row: SimExclusion) => `${row.firstName} ${row.lastName}`;

function row(test: (r: SimExclusion) => boolean): SimExclusion {
  const found = rows.find(test);
  if (!found) throw new Error('the seed has no such row');
  return found;
}

describe('SAM exclusions route', () => {
  it('needs an api_key, and acts out a refused key and an exhausted quota', async () => {
    const missing = await sam({ exclusionName: 'smith' });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ code: '900902', message: 'Missing Credentials' });
    expect((await sam({ api_key: ' ', exclusionName: 'smith' })).status).toBe(401);

    const refused = await sam({ api_key: SAM_REFUSED_KEY, exclusionName: 'smith' });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: '900901', message: 'Invalid Credentials' });

    const limited = await sam({ api_key: SAM_RATE_LIMITED_KEY, exclusionName: 'smith' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.body).toMatchObject({
      code: '900804',
      message: 'Message throttled out',
      nextAccessTime: '2025-Jun-02 00:00:00+0000 UTC',
    });
  });

  it('finds an excluded physician by name, in the v4 answer’s sections', async () => {
    const excluded = row((r) => r.kind === 'excluded' && r.onSam && r.middleName !== null);
    const { status, headers, body } = await sam({
      ...KEY,
      classification: 'Individual',
      exclusionName: `${excluded.lastName?.toLowerCase()} ${excluded.firstName?.toLowerCase()}`,
    });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/hal\+json/);
    const entity = body.excludedEntity.find((e) => e.exclusionIdentification.lastName === excluded.lastName);
    expect(entity).toEqual(samEntity(excluded));
    expect(entity).toMatchObject({
      exclusionDetails: {
        classificationType: 'Individual',
        exclusionType: 'Ineligible (Proceedings Completed)',
        exclusionProgram: 'Reciprocal',
        excludingAgencyCode: 'HHS',
      },
      exclusionIdentification: {
        firstName: excluded.firstName,
        middleName: excluded.middleName,
        lastName: excluded.lastName,
        entityName: `${excluded.firstName} ${excluded.middleName} ${excluded.lastName}`,
        npi: excluded.npi,
      },
      exclusionActions: {
        listOfActions: [
          {
            activateDate: `${excluded.exclDate.slice(5, 7)}-${excluded.exclDate.slice(8)}-${excluded.exclDate.slice(0, 4)}`,
            terminationDate: null,
            terminationType: 'Indefinite',
            recordStatus: 'Active',
          },
        ],
      },
      exclusionPrimaryAddress: { city: excluded.city, stateOrProvinceCode: excluded.state, countryCode: 'USA' },
    });
    for (const e of body.excludedEntity) {
      expect(e.exclusionIdentification.entityName.toUpperCase()).toContain(excluded.firstName as string);
      expect(e.exclusionIdentification.entityName.toUpperCase()).toContain(excluded.lastName as string);
    }
    expect(body.totalRecords).toBe(body.excludedEntity.length);
  });

  it('finds by NPI, and never lists a row SAM does not carry', async () => {
    const withNpi = row((r) => r.kind === 'excluded' && r.onSam && r.npi !== null);
    const byNpi = await sam({ ...KEY, npi: withNpi.npi as string });
    expect(byNpi.body.excludedEntity).toEqual([samEntity(withNpi)]);

    const offSam = row((r) => r.kind !== 'other' && !r.onSam);
    const search = await sam({ ...KEY, exclusionName: named(offSam), recordStatus: 'Active~Inactive' });
    expect(search.body.excludedEntity).not.toContainEqual(samEntity(offSam));
  });

  it('keeps a reinstated physician as an Inactive record, served only when asked for', async () => {
    const reinstated = row((r) => r.kind === 'reinstated' && r.onSam);
    const rein = reinstated.reinDate as string;
    const active = await sam({ ...KEY, exclusionName: named(reinstated) });
    expect(active.body.excludedEntity).not.toContainEqual(samEntity(reinstated));

    const statuses: Record<string, string>[] = [
      { recordStatus: 'inactive' },
      { recordStatus: '[Active~Inactive]' },
      { isActive: 'N' },
    ];
    for (const params of statuses) {
      const { body } = await sam({ ...KEY, exclusionName: named(reinstated), ...params });
      const entity = body.excludedEntity.find((e) => e.exclusionActions.listOfActions[0]?.recordStatus === 'Inactive');
      expect(entity?.exclusionIdentification.lastName).toBe(reinstated.lastName);
      expect(entity?.exclusionActions.listOfActions[0]).toMatchObject({
        terminationDate: `${rein.slice(5, 7)}-${rein.slice(8)}-${rein.slice(0, 4)}`,
        terminationType: 'Definite',
        recordStatus: 'Inactive',
      });
    }
  });

  it('pages with page and size, up to size 10, and links the next page', async () => {
    const firms = await sam({ ...KEY, classification: 'firm' });
    expect(firms.body.excludedEntity.length).toBeGreaterThan(0);
    expect(firms.body.excludedEntity.every((e) => e.exclusionDetails.classificationType === 'Firm')).toBe(true);

    const first = await sam({ ...KEY, classification: 'Individual' });
    const expected = rows.filter((r) => r.onSam && r.reinDate === null && r.lastName !== null).length;
    expect(first.body.totalRecords).toBe(expected);
    expect(first.body.excludedEntity).toHaveLength(SAM_MAX_SIZE);
    expect(first.body.links.selfLink).toContain('api_key=REPLACE_WITH_API_KEY');
    expect(first.body.links.nextLink).toContain('page=1');
    const second = await sam({ ...KEY, classification: 'Individual', page: '1', size: '3' });
    expect(second.body.excludedEntity).toHaveLength(3);
    expect(second.body.excludedEntity[0]).not.toEqual(first.body.excludedEntity[0]);
    const last = await sam({ ...KEY, classification: 'Individual', page: String(Math.ceil(expected / 10) - 1) });
    expect(last.body.links.nextLink).toBeUndefined();
  });

  it('answers 400 for parameters it does not know or simulate, and out-of-range paging', async () => {
    const invalid: Record<string, string>[] = [
      { size: '11' },
      { size: '0' },
      { page: '1000' },
      { page: '-1' },
      { isActive: 'maybe' },
    ];
    for (const params of invalid) {
      const { status, body } = await sam({ ...KEY, ...params });
      expect(status, JSON.stringify(params)).toBe(400);
      expect(body).toMatchObject({ status: 400, message: 'Invalid input' });
    }
    expect((await sam({ ...KEY, lastName: 'smith' })).body.message).toMatch(/does not exist/);
    expect((await sam({ ...KEY, stateProvince: 'CA' })).body.message).toMatch(/not simulated/);
  });

  it('answers under the sam fault id, after the key check', async () => {
    const post = await fetch(`${sim.url}/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ boardId: 'sam', down: true }),
    });
    expect(post.status).toBe(204);
    const down = await fetch(`${sim.url}${SAM_EXCLUSIONS_ROUTE}?api_key=k&exclusionName=smith`);
    expect(down.status).toBe(503);
    await down.text();
    expect((await sam({ api_key: SAM_REFUSED_KEY })).status).toBe(401);
  });
});

/**
 * The simulator's two SAM routes on a server of their own: the extract's download path
 * (`/sam/entity-information/v4/download-exclusions`) is not among the routes server.ts dispatches yet.
 */
async function samRoutes(): Promise<{ url: string; close(): Promise<void> }> {
  const ctx = {
    population: sim.population,
    index: () => {
      throw new Error('the SAM routes need no search index');
    },
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sim.invalid');
    const pass = async () => true;
    if (url.pathname === SAM_EXCLUSIONS_ROUTE) void handleSamExclusions(ctx, req, res, url.searchParams, pass);
    else if (url.pathname === SAM_DOWNLOAD_ROUTE) void handleSamDownload(ctx, req, res, url.searchParams, pass);
    else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 4180 with the extract's minimal quoting. */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

describe('SAM exclusions extract (format=csv)', () => {
  it('answers a format=csv request with the download link, then serves the file once generated', async () => {
    const routes = await samRoutes();
    try {
      const kickoff = await fetch(
        `${routes.url}${SAM_EXCLUSIONS_ROUTE}?api_key=k&classification=Individual&format=CSV`,
      );
      expect(kickoff.status).toBe(200);
      const { message } = (await kickoff.json()) as { message: string };
      expect(message).toMatch(
        /^Extract File will be available for download with url: http:\/\/127\.0\.0\.1:\d+\/sam\/entity-information\/v4\/download-exclusions\?api_key=REPLACE_WITH_API_KEY&token=[A-Za-z0-9]+ in some time\./,
      );
      const token = /token=([A-Za-z0-9]+)/.exec(message)?.[1] as string;
      const download = (key = 'k', t = token) => fetch(`${routes.url}${SAM_DOWNLOAD_ROUTE}?api_key=${key}&token=${t}`);

      // Generated asynchronously: the first ask finds it in progress.
      const early = await download();
      expect(early.status).toBe(400);
      expect(await early.json()).toMatchObject({ message: 'Extract File Generation is Still in Progress.' });
      expect((await download('k', 'nosuchtoken')).status).toBe(400);
      expect((await download(SAM_REFUSED_KEY)).status).toBe(401);

      const ready = await download();
      expect(ready.status).toBe(200);
      const text = gunzipSync(Buffer.from(await ready.arrayBuffer())).toString('utf8');
      const [header, ...lines] = text.trimEnd().split('\n');
      expect(header).toBe(SAM_EXTRACT_COLUMNS.join(','));
      const individuals = rows.filter((r) => r.onSam && r.reinDate === null && r.lastName !== null);
      expect(lines).toHaveLength(individuals.length);
      const column = (name: string) => SAM_EXTRACT_COLUMNS.indexOf(name as (typeof SAM_EXTRACT_COLUMNS)[number]);
      const withNpi = row((r) => r.kind === 'excluded' && r.onSam && r.npi !== null);
      const cells = lines.map(parseCsvLine).find((c) => c[column('npi')] === withNpi.npi) as string[];
      expect(cells).toHaveLength(SAM_EXTRACT_COLUMNS.length);
      const iso = withNpi.exclDate;
      expect(cells[column('classificationType')]).toBe('Individual');
      expect(cells[column('lastName')]).toBe(withNpi.lastName);
      expect(cells[column('middleName')]).toBe(withNpi.middleName ?? 'null');
      expect(cells[column('activateDate')]).toBe(`${iso.slice(5, 7)}-${iso.slice(8)}-${iso.slice(0, 4)}`);
      expect(cells[column('terminationDate')]).toBe('null');
      expect(cells[column('recordStatus')]).toBe('Active');
      expect(cells[column('exclusionPrimaryAddress:stateOrProvinceCode')]).toBe(withNpi.state);
      expect(cells[column('ueiDUNS')]).toBe('null');
    } finally {
      await routes.close();
    }
  });

  it('refuses a json extract and a token without a key, as the gateway does', async () => {
    const routes = await samRoutes();
    try {
      const json = await fetch(`${routes.url}${SAM_EXCLUSIONS_ROUTE}?api_key=k&format=json`);
      expect(json.status).toBe(400);
      expect(((await json.json()) as { message: string }).message).toMatch(/not simulated/);
      expect((await fetch(`${routes.url}${SAM_DOWNLOAD_ROUTE}?token=abc`)).status).toBe(401);
    } finally {
      await routes.close();
    }
  });
});
