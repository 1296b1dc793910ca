import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type FixtureHandler,
  type FixtureServer,
  sendHtml,
  sendJson,
  startFixtureServer,
} from '../../licensing/fixture-server.ts';
import { createGateRegistry, HttpClient, type HttpPolicy } from '../../licensing/http-client.ts';
import { SourceError } from '../../licensing/types.ts';
import { samDate } from './sam-records.ts';
import { SAM_MAX_PAGES, SAM_PAGE_SIZE, searchSamExclusions } from './search-sam-exclusions.ts';

const API_KEY = 'SAM-0123456789abcdef-secret-key';

/** One excludedEntity element as the v4 API writes it (the documented sections, placeholders and nulls). */
function entity(patch: {
  first?: string;
  last?: string;
  npi?: string | null;
  activate?: string;
  termination?: string | null;
  terminationType?: string;
  recordStatus?: string;
  city?: string | null;
  state?: string | null;
  country?: string;
  agencyName?: string | null;
}) {
  const first = patch.first ?? 'JOHN';
  const last = patch.last ?? 'SMITH';
  return {
    exclusionDetails: {
      classificationType: 'Individual',
      exclusionType: 'Ineligible (Proceedings Completed)',
      exclusionProgram: 'Reciprocal',
      excludingAgencyCode: 'HHS',
      excludingAgencyName: patch.agencyName === undefined ? 'DEPT OF HEALTH AND HUMAN SERVICES' : patch.agencyName,
    },
    exclusionIdentification: {
      ueiSAM: null,
      cageCode: null,
      npi: patch.npi ?? null,
      prefix: null,
      firstName: first,
      middleName: 'A',
      lastName: last,
      suffix: null,
      entityName: `${first} A ${last}`,
      dnbOpenData: null,
    },
    exclusionActions: {
      listOfActions: [
        {
          createDate: 'Currently Not Available',
          updateDate: '03-19-2015',
          activateDate: patch.activate ?? '03-13-2015',
          terminationDate: patch.termination === undefined ? null : patch.termination,
          terminationType: patch.terminationType ?? 'Indefinite',
          recordStatus: patch.recordStatus ?? 'Active',
        },
      ],
    },
    exclusionPrimaryAddress: {
      addressLine1: '1 Main St',
      addressLine2: null,
      city: patch.city === undefined ? 'Sacramento' : patch.city,
      stateOrProvinceCode: patch.state === undefined ? 'CA' : patch.state,
      zipCode: '95814',
      zipCodePlus4: null,
      countryCode: patch.country ?? 'USA',
    },
    exclusionSecondaryAddress: [],
    exclusionOtherInformation: { additionalComments: null, ctCode: null, references: { referencesList: [] } },
    vesselDetails: { callSign: null, type: null },
  };
}

/** 13 John Smiths, distinguished by activation date. */
const SMITHS = Array.from({ length: 13 }, (_, i) => entity({ activate: `01-${String(i + 1).padStart(2, '0')}-2020` }));
const BY_NPI = entity({ first: 'JON', last: 'SMYTHE', npi: '1234567893', activate: '06-01-2021' });

/** Pages like SAM: `page` from 0, `size` records each, totalRecords the whole match. */
function pages(all: unknown[]): (url: URL) => unknown {
  return (url) => {
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('size'));
    return { totalRecords: all.length, excludedEntity: all.slice(page * size, page * size + size), links: {} };
  };
}

const samAnswer: FixtureHandler = (_req, res, url) => {
  if (url.searchParams.get('npi')) sendJson(res, pages([BY_NPI, SMITHS[0]])(url));
  else sendJson(res, pages(SMITHS)(url));
};

let server: FixtureServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

const POLICY: HttpPolicy = { timeoutMs: 2_000, retries: 0, backoffMs: 1, concurrency: 2 };

async function sam(
  handler: FixtureHandler,
  policy: Partial<HttpPolicy> = {},
  prefix = '',
  spend?: () => Promise<unknown>,
) {
  await server?.close();
  server = await startFixtureServer(handler);
  const http = new HttpClient(
    'sam-test',
    { ...POLICY, ...policy },
    { gates: createGateRegistry(), sleep: async () => {} },
  );
  const config = { baseUrl: `${server.url}${prefix}`, apiKey: API_KEY, ...(spend ? { spend } : {}) };
  return (search: { firstName: string; lastName: string; npi?: string | null }) =>
    searchSamExclusions(http, config, search);
}

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SourceError);
  return error as SourceError;
}

describe('samDate', () => {
  it('reads SAM’s MM-DD-YYYY, its query format and ISO, and refuses what is not a date', () => {
    expect(samDate('03-13-2015')).toBe('2015-03-13');
    expect(samDate('03/13/2015')).toBe('2015-03-13');
    expect(samDate('2015-03-13')).toBe('2015-03-13');
    expect(samDate(null)).toBeNull();
    expect(samDate(' ')).toBeNull();
    expect(samDate('Currently Not Available')).toBeNull();
    expect(samDate('02-30-2024')).toBeUndefined();
    expect(samDate('13-01-2024')).toBeUndefined();
    expect(samDate('2015/03/13')).toBeUndefined();
  });
});

describe('searchSamExclusions', () => {
  it('searches individuals by name as the v4 API documents it, page by page', async () => {
    const search = await sam(samAnswer);
    const records = await search({ firstName: 'John', lastName: 'Smith' });
    expect(records).toHaveLength(13);
    const requests = server?.requests ?? [];
    expect(requests.map((r) => r.url.pathname)).toEqual([
      '/entity-information/v4/exclusions',
      '/entity-information/v4/exclusions',
    ]);
    expect(requests.map((r) => Object.fromEntries(r.url.searchParams))).toEqual([
      {
        api_key: API_KEY,
        classification: 'Individual',
        exclusionName: 'John Smith',
        page: '0',
        size: String(SAM_PAGE_SIZE),
      },
      {
        api_key: API_KEY,
        classification: 'Individual',
        exclusionName: 'John Smith',
        page: '1',
        size: String(SAM_PAGE_SIZE),
      },
    ]);
    expect(requests[0]?.headers.accept).toMatch(/^application\/hal\+json/);

    expect(records[0]).toEqual({
      samId: expect.stringMatching(/^sam-[0-9a-f]{24}$/),
      classification: 'Individual',
      firstName: 'JOHN',
      middleName: 'A',
      lastName: 'SMITH',
      entityName: 'JOHN A SMITH',
      npi: null,
      exclusionType: 'Ineligible (Proceedings Completed)',
      exclusionProgram: 'Reciprocal',
      agency: 'DEPT OF HEALTH AND HUMAN SERVICES',
      activeDate: '2020-01-01',
      terminationDate: null,
      city: 'Sacramento',
      state: 'CA',
    });
    expect(new Set(records.map((r) => r.samId)).size).toBe(13);
  });

  it('takes every request, each page and the NPI, from the budget before sending it, and stops when it is spent', async () => {
    let left = 3;
    const spent: number[] = [];
    const spend = async () => {
      if (left === 0) throw new SourceError({ kind: 'rate-limited', message: 'budget spent' });
      left--;
      spent.push(server?.requests.length ?? -1);
    };
    const search = await sam(samAnswer, {}, '', spend);
    // Two pages of 13 Smiths and one NPI page: three requests, each spent before it was sent.
    expect(await search({ firstName: 'John', lastName: 'Smith', npi: '1234567893' })).toHaveLength(14);
    expect(spent).toEqual([0, 1, 2]);
    const error = await failure(search({ firstName: 'John', lastName: 'Smith' }));
    expect(error.failure).toMatchObject({ kind: 'rate-limited', message: 'budget spent' });
    expect(server?.requests).toHaveLength(3);
  });

  it('appends the API path to a base URL with a path (the simulator’s /sam)', async () => {
    const search = await sam(samAnswer, {}, '/sam');
    await search({ firstName: 'John', lastName: 'Smith' });
    expect(server?.requests[0]?.url.pathname).toBe('/sam/entity-information/v4/exclusions');
  });

  it('also searches by NPI when given, and keeps a record found both ways once', async () => {
    const search = await sam(samAnswer);
    const records = await search({ firstName: 'John', lastName: 'Smith', npi: ' 1234567893 ' });
    expect(records).toHaveLength(14);
    expect(records.filter((r) => r.npi === '1234567893')).toEqual([
      expect.objectContaining({ firstName: 'JON', lastName: 'SMYTHE', activeDate: '2021-06-01' }),
    ]);
    const npiRequest = server?.requests.find((r) => r.url.searchParams.has('npi'));
    expect(Object.fromEntries(npiRequest?.url.searchParams ?? [])).toEqual({
      api_key: API_KEY,
      classification: 'Individual',
      npi: '1234567893',
      page: '0',
      size: String(SAM_PAGE_SIZE),
    });

    // An NPI that cannot be one is not sent: SAM would match nothing with it.
    await search({ firstName: 'John', lastName: 'Smith', npi: '12345' });
    expect(server?.requests.filter((r) => r.url.searchParams.get('npi') === '12345')).toEqual([]);
  });

  it('reads the termination: a definite date, indefinite as null; placeholders and foreign provinces as null', async () => {
    const search = await sam((_req, res) =>
      sendJson(res, {
        totalRecords: 3,
        excludedEntity: [
          entity({ activate: '12-12-2011', termination: '11-08-2029', terminationType: 'Definite' }),
          entity({ activate: '01-02-2012', termination: '11-08-2029', terminationType: 'Indefinite' }),
          entity({
            activate: '01-03-2012',
            city: 'Currently Not Available',
            state: 'GL',
            country: 'CHE',
            agencyName: null,
          }),
        ],
      }),
    );
    const [definite, indefinite, foreign] = await search({ firstName: 'John', lastName: 'Smith' });
    expect(definite).toMatchObject({ activeDate: '2011-12-12', terminationDate: '2029-11-08' });
    expect(indefinite).toMatchObject({ activeDate: '2012-01-02', terminationDate: null });
    expect(foreign).toMatchObject({ city: null, state: null, agency: 'HHS' });
  });

  it('gives a record the same samId however its termination or address changes', async () => {
    let answer = [entity({ activate: '05-05-2019' })];
    const search = await sam((_req, res) => sendJson(res, { totalRecords: answer.length, excludedEntity: answer }));
    const [before] = await search({ firstName: 'John', lastName: 'Smith' });
    answer = [entity({ activate: '05-05-2019', termination: '01-01-2025', terminationType: 'Definite', city: 'Reno' })];
    const [after] = await search({ firstName: 'John', lastName: 'Smith' });
    answer = [entity({ activate: '05-05-2019', first: 'JANE' })];
    const [other] = await search({ firstName: 'John', lastName: 'Smith' });
    expect(after?.samId).toBe(before?.samId);
    expect(other?.samId).not.toBe(before?.samId);
  });

  it('strips characters SAM reads as operators from the name, and needs a last name', async () => {
    const search = await sam(samAnswer);
    await search({ firstName: 'Mary-Jo*', lastName: "O'Neil [Jr] & Co/x" });
    expect(server?.requests[0]?.url.searchParams.get('exclusionName')).toBe("Mary-Jo O'Neil Jr Co x");
    const error = await failure(search({ firstName: 'John', lastName: ' *~ ' }));
    expect(error.failure.kind).toBe('unsupported');
  });

  it('stops after SAM_MAX_PAGES pages however many records SAM counts', async () => {
    const many = Array.from({ length: SAM_PAGE_SIZE }, (_, i) =>
      entity({ activate: `02-${String(i + 1).padStart(2, '0')}-2020` }),
    );
    const search = await sam((_req, res) => sendJson(res, { totalRecords: 5_000, excludedEntity: many }));
    await search({ firstName: 'John', lastName: 'Smith' });
    expect(server?.requests).toHaveLength(SAM_MAX_PAGES);
  });

  it('reports a refused key as unsupported without the key', async () => {
    for (const status of [401, 403]) {
      const search = await sam((_req, res) =>
        sendJson(res, { code: '900901', message: 'Invalid Credentials', description: `bad key ${API_KEY}` }, status),
      );
      const error = await failure(search({ firstName: 'John', lastName: 'Smith' }));
      expect(error.failure).toMatchObject({ kind: 'unsupported', status });
      expect(error.message).toMatch(/refused the API key/);
      expect(JSON.stringify(error.failure)).not.toContain(API_KEY);
      expect(error.stack ?? '').not.toContain(API_KEY);
      expect(server?.requests).toHaveLength(1);
    }
  });

  it('reports a 429 as rate-limited, keeping the Retry-After seconds', async () => {
    const search = await sam((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ code: '900804', message: 'Message throttled out' }));
    });
    const limited = await failure(search({ firstName: 'John', lastName: 'Smith' }));
    expect(limited.failure).toMatchObject({ kind: 'rate-limited', status: 429 });
    expect(limited.message).toContain('retry after 1 s');

    const noHeader = await sam((_req, res) => sendJson(res, { code: '900804', message: 'Message throttled out' }, 429));
    const quota = await failure(noHeader({ firstName: 'John', lastName: 'Smith' }));
    expect(quota.failure).toMatchObject({ kind: 'rate-limited', status: 429 });
    expect(quota.message).not.toContain(API_KEY);
  });

  it('reports a 5xx as unavailable once the retries are spent', async () => {
    const search = await sam((_req, res) => sendHtml(res, '<h1>Internal Server Error</h1>', 500), { retries: 2 });
    const error = await failure(search({ firstName: 'John', lastName: 'Smith' }));
    expect(error.failure).toMatchObject({ kind: 'unavailable', status: 500 });
    expect(server?.requests).toHaveLength(3);
    expect(error.message).not.toContain(API_KEY);
  });

  it('reports a refused query (400) and answers it cannot read as parse failures', async () => {
    const cases: FixtureHandler[] = [
      (_req, res) => sendJson(res, { message: 'The search parameter, x does not exist.' }, 400),
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"totalRecords": 1, "excludedEntity": [');
      },
      (_req, res) => sendJson(res, { results: [] }),
      (_req, res) => sendJson(res, { totalRecords: 1, excludedEntity: [{ exclusionIdentification: {} }] }),
      (_req, res) => sendJson(res, { totalRecords: 1, excludedEntity: [entity({ termination: '2029/11/08' })] }),
    ];
    for (const handler of cases) {
      const search = await sam(handler);
      const error = await failure(search({ firstName: 'John', lastName: 'Smith' }));
      expect(error.failure.kind).toBe('parse-failure');
      expect(error.message).not.toContain(API_KEY);
    }
  });

  it('sends the key to SAM and writes it nowhere else', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => {}),
    );
    const search = await sam(samAnswer);
    await search({ firstName: 'John', lastName: 'Smith', npi: '1234567893' });
    expect(server?.requests.every((r) => r.url.searchParams.get('api_key') === API_KEY)).toBe(true);
    // Unreachable host: the network error path must not quote the URL either.
    const down = searchSamExclusions(
      new HttpClient('sam-down', POLICY, { gates: createGateRegistry(), sleep: async () => {} }),
      { baseUrl: 'http://127.0.0.1:9', apiKey: API_KEY },
      { firstName: 'John', lastName: 'Smith' },
    );
    const error = await failure(down);
    expect(error.failure.kind).toBe('unavailable');
    expect(error.message).not.toContain(API_KEY);
    for (const spy of spies) expect(JSON.stringify(spy.mock.calls)).not.toContain(API_KEY);
  });
});
