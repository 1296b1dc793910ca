import { afterEach, describe, expect, it } from 'vitest';
import { boardSchema } from '../config/board-config.ts';
import { createSource } from './create-source.ts';
import { type FixtureServer, MAINTENANCE_PAGE, sendHtml, simBoard, startFixtureServer } from './fixture-server.ts';
import { HtmlLookupSource } from './html-lookup-source.ts';
import { createGateRegistry } from './http-client.ts';

type Person = { number: string; name: string; type: 'MD' | 'DO'; status: string; issue: string; expiry: string };

const PEOPLE: Person[] = [
  {
    number: 'MD1001',
    name: 'Smith, John Allen Jr.',
    type: 'MD',
    status: 'Active',
    issue: '07/01/2001',
    expiry: '01/31/2027',
  },
  { number: 'DO2001', name: 'Smith, John', type: 'DO', status: 'Probation', issue: '3/5/2012', expiry: '' },
  {
    number: 'MD1002',
    name: 'Smith, William',
    type: 'MD',
    status: 'Expired',
    issue: '01/15/1990',
    expiry: '01/15/2020',
  },
  { number: 'MD1003', name: "O'Brien, Seán", type: 'MD', status: 'Under Review', issue: '', expiry: '' },
  {
    number: 'MD1004',
    name: 'García-López, María José',
    type: 'MD',
    status: 'Suspended',
    issue: '02/29/2008',
    expiry: '12/31/2026',
  },
];
for (let i = 0; i < 45; i++)
  PEOPLE.push({
    number: `MD${5000 + i}`,
    name: `Many, Person${String(i).padStart(2, '0')}`,
    type: 'MD',
    status: 'Active',
    issue: '01/01/2010',
    expiry: '01/01/2030',
  });

const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** The simulator's look-up page, per the contract. */
function lookupPage(url: URL): string {
  const last = url.searchParams.get('last_name')?.toLowerCase() ?? '';
  const first = url.searchParams.get('first_name')?.toLowerCase() ?? '';
  const number = url.searchParams.get('license_number');
  const type = url.searchParams.get('license_type');
  const page = Number(url.searchParams.get('page') ?? 1);
  const hits = PEOPLE.filter((p) => {
    if (number) return p.number === number;
    const [l = '', f = ''] = p.name.toLowerCase().split(', ');
    return l.startsWith(last) && f.startsWith(first) && (!type || p.type === type);
  });
  if (hits.length === 0) return '<html><body><p class="no-results">No licensees match your search.</p></body></html>';
  const rows = hits
    .slice((page - 1) * 20, page * 20)
    .map(
      (p) => `<tr class="result">
        <td class="license-number">${p.number}</td>
        <td class="name">
          ${escapeHtml(p.name)}
        </td>
        <td class="license-type">${p.type}</td><td class="status">${p.status}</td>
        <td class="issue-date">${p.issue}</td><td class="expiry-date">${p.expiry}</td></tr>`,
    )
    .join('\n');
  const next = new URL(url);
  next.searchParams.set('page', String(page + 1));
  const more =
    hits.length > page * 20 ? `<a class="next-page" href="${escapeHtml(next.pathname + next.search)}">Next</a>` : '';
  return `<html><body><table id="results"><tr><th>Number</th><th>Name</th></tr>${rows}</table>${more}</body></html>`;
}

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function source(id = 'tx-med', patch: Record<string, unknown> = {}) {
  await server?.close();
  server = await startFixtureServer((_req, res, url) => {
    if (url.pathname === `/lookup/${id}/search`) sendHtml(res, lookupPage(url));
    else sendHtml(res, 'not found', 404);
  });
  return createSource(simBoard(id, server.url, patch), { gates: createGateRegistry() });
}

describe('HtmlLookupSource', () => {
  it('is what createSource builds for a look-up board, and has no roster', async () => {
    const s = await source();
    expect(s).toBeInstanceOf(HtmlLookupSource);
    expect(s.fetchRoster).toBeUndefined();
  });

  it('searches by name and type, parsing names, statuses and dates', async () => {
    const s = await source();
    const result = await s.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    // The surname alone is asked first: its namesakes fit one page, so that page is the answer.
    expect(result.ok && result.value.map((r) => r.licenseNumber)).toEqual(['MD1001', 'MD1002']);
    expect(result.ok && result.value[0]).toEqual({
      jurisdiction: 'TX',
      boardId: 'tx-med',
      licenseType: 'MD',
      licenseNumber: 'MD1001',
      firstName: 'John',
      middleName: 'Allen',
      lastName: 'Smith',
      suffix: 'JR',
      rawStatus: 'Active',
      status: 'active',
      issueDate: '2001-07-01',
      expiryDate: '2027-01-31',
      discipline: null,
    });
    expect(server?.requests).toHaveLength(1);
    const query = server?.requests[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({ last_name: 'Smith', license_type: 'MD' });
  });

  it('finds DOs on a composite board, with empty dates as null', async () => {
    const s = await source();
    const result = await s.search({ firstName: 'John', lastName: 'Smith', licenseType: 'DO' });
    expect(result.ok && result.value).toEqual([
      expect.objectContaining({
        licenseNumber: 'DO2001',
        licenseType: 'DO',
        status: 'probation',
        issueDate: '2012-03-05',
        expiryDate: null,
      }),
    ]);
  });

  it('keeps accents and apostrophes, and unknown status text as raw', async () => {
    const s = await source();
    const obrien = await s.search({ firstName: 'Seán', lastName: "O'Brien", licenseType: 'MD' });
    expect(obrien.ok && obrien.value[0]).toMatchObject({
      lastName: "O'Brien",
      firstName: 'Seán',
      rawStatus: 'Under Review',
      status: 'unknown',
    });
    const garcia = await s.search({ firstName: 'María', lastName: 'García-López', licenseType: 'MD' });
    expect(garcia.ok && garcia.value[0]).toMatchObject({
      middleName: 'José',
      status: 'suspended',
      issueDate: '2008-02-29',
    });
  });

  it('finds a nickname (Bill for William) in the one page of the surname alone', async () => {
    const s = await source();
    const result = await s.search({ firstName: 'Bill', lastName: 'Smith', licenseType: 'MD' });
    expect(result.ok && result.value.map((r) => r.licenseNumber)).toEqual(['MD1001', 'MD1002']);
    expect(server?.requests).toHaveLength(1);
    expect(server?.requests[0]?.url.searchParams.has('first_name')).toBe(false);
  });

  it('asks by first name too when the surname fills more than a page, following next-page links', async () => {
    const s = await source();
    const result = await s.search({ firstName: 'Person', lastName: 'Many', licenseType: 'MD' });
    expect(result.ok && result.value).toHaveLength(45);
    expect(server?.requests.map((r) => [r.url.searchParams.get('first_name'), r.url.searchParams.get('page')])).toEqual(
      [
        [null, null],
        ['Person', null],
        ['Person', '2'],
        ['Person', '3'],
      ],
    );
  });

  it('reads the rest of the surname pages when the first name finds nobody among many namesakes', async () => {
    const s = await source();
    const result = await s.search({ firstName: 'Bob', lastName: 'Many', licenseType: 'MD' });
    expect(result.ok && result.value).toHaveLength(45);
    expect(server?.requests.map((r) => [r.url.searchParams.get('first_name'), r.url.searchParams.get('page')])).toEqual(
      [
        [null, null],
        ['Bob', null],
        [null, '2'],
        [null, '3'],
      ],
    );
  });

  it('stops at the configured maximum number of pages', async () => {
    const s = await source('tx-med', { maxPages: 2 });
    const result = await s.search({ firstName: 'Person', lastName: 'Many', licenseType: 'MD' });
    expect(result.ok && result.value).toHaveLength(40);
    expect(server?.requests).toHaveLength(3);
  });

  it('answers an empty list on the no-results page, noting that the board said so', async () => {
    const s = await source();
    expect(await s.search({ firstName: 'Nobody', lastName: 'Zzyzx', licenseType: 'MD' })).toEqual({
      ok: true,
      value: [],
      notes: { rejectedRows: [], saidNoResults: true },
    });
  });

  it('searches by license number', async () => {
    const s = await source();
    const result = await s.search({ licenseNumber: ' DO2001 ' });
    expect(result.ok && result.value.map((r) => r.licenseNumber)).toEqual(['DO2001']);
    expect(server?.requests[0]?.url.searchParams.get('license_number')).toBe('DO2001');
  });

  it('leaves out licenses of a type a single-type board does not hold', async () => {
    const s = await source('pa-do');
    const result = await s.search({ licenseNumber: 'MD1001' });
    expect(result).toEqual({ ok: true, value: [] });
    expect(await s.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' })).toEqual({
      ok: true,
      value: [],
    });
  });

  it('reports a page with neither results nor the no-results marker as a parse failure', async () => {
    server = await startFixtureServer((_req, res) =>
      sendHtml(res, '<html><body><form id="captcha"></form></body></html>'),
    );
    const s = createSource(simBoard('tx-med', server.url), { gates: createGateRegistry() });
    expect(await s.search({ firstName: 'A', lastName: 'B', licenseType: 'MD' })).toMatchObject({
      ok: false,
      error: { kind: 'parse-failure' },
    });
    expect(await s.health()).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
  });

  it('reports a CAPTCHA answering instead of results as blocked, never as no licenses', async () => {
    server = await startFixtureServer((_req, res) =>
      sendHtml(
        res,
        '<html><body><p>Please verify you are human.</p><div class="h-captcha" data-sitekey="1"></div><script src="https://js.hcaptcha.com/1/api.js"></script></body></html>',
      ),
    );
    // Even a board whose no-results marker is not configured (real look-ups mostly): the wall is named.
    const { source: sim } = simBoard('tx-med', server.url);
    if (sim.kind !== 'html-lookup') throw new Error('tx-med is a look-up board');
    const selectors = { ...sim.selectors, noResults: undefined };
    const s = createSource(simBoard('tx-med', server.url, { selectors }), { gates: createGateRegistry() });
    const result = await s.search({ firstName: 'A', lastName: 'Smith', licenseType: 'MD' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'blocked' } });
    if (!result.ok)
      expect(result.error.message).toBe('tx-med: the board answered an hCaptcha CAPTCHA instead of results');
  });

  it('reads results beside an invisible reCAPTCHA tag: a widget blocks only a page without rows', async () => {
    server = await startFixtureServer((_req, res, url) =>
      sendHtml(
        res,
        lookupPage(url).replace(
          '<body>',
          '<body><script src="https://www.google.com/recaptcha/api.js?render=6Lc"></script>',
        ),
      ),
    );
    const s = createSource(simBoard('tx-med', server.url), { gates: createGateRegistry() });
    const result = await s.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result.ok && result.value.map((r) => r.licenseNumber)).toEqual(['MD1001', 'MD1002']);
  });

  it('reports a search sent to another site’s page without results as moved, naming where', async () => {
    const portal = await startFixtureServer((_req, res) =>
      sendHtml(res, '<html><body><h1>Welcome to our new licensing portal</h1></body></html>'),
    );
    try {
      server = await startFixtureServer((_req, res) => {
        res.writeHead(302, { location: `${portal.url}/home` });
        res.end();
      });
      const s = createSource(simBoard('tx-med', server.url), { gates: createGateRegistry() });
      expect(await s.search({ firstName: 'A', lastName: 'Smith', licenseType: 'MD' })).toMatchObject({
        ok: false,
        error: { kind: 'moved', url: `${portal.url}/home` },
      });
    } finally {
      await portal.close();
    }
  });

  it('notes the rows it could not read, which the records leave out', async () => {
    server = await startFixtureServer((_req, res, url) =>
      sendHtml(
        res,
        lookupPage(url).replace('<td class="expiry-date">01/31/2027</td>', '<td class="expiry-date">31/01/2027</td>'),
      ),
    );
    const s = createSource(simBoard('tx-med', server.url), { gates: createGateRegistry() });
    const result = await s.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result.ok && result.value.map((r) => r.licenseNumber)).toEqual(['MD1002']);
    expect(result.ok && result.notes).toEqual({
      rejectedRows: ["invalid expiry date '31/01/2027'"],
      saidNoResults: false,
    });
  });

  it('reports a board down for maintenance as unavailable', async () => {
    server = await startFixtureServer((_req, res) => sendHtml(res, MAINTENANCE_PAGE, 503));
    const s = createSource(simBoard('tx-med', server.url), { gates: createGateRegistry() });
    expect(await s.search({ firstName: 'A', lastName: 'B', licenseType: 'MD' })).toMatchObject({
      ok: false,
      error: { kind: 'unavailable', status: 503 },
    });
    expect(await s.health()).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
  });

  it('reports health on the no-results page', async () => {
    const s = await source();
    expect(await s.health()).toMatchObject({ ok: true });
  });

  it('reads a page as a browser builds it: selectors may name the implied <tbody> and <body>', async () => {
    server = await startFixtureServer((_req, res, url) =>
      // Rows written straight inside <table>, no <html>/<body>: a browser adds both, and boards' selectors say so.
      sendHtml(
        res,
        lookupPage(url)
          .replace(/^<html><body>/, '')
          .replace(/<\/body><\/html>$/, ''),
      ),
    );
    const { source: sim } = simBoard('tx-med', server.url);
    if (sim.kind !== 'html-lookup') throw new Error('tx-med is a look-up board');
    const selectors = { ...sim.selectors, row: 'body table tbody tr.result', noResults: 'body p.no-results' };
    const s = createSource(simBoard('tx-med', server.url, { selectors }), { gates: createGateRegistry() });
    const found = await s.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(found.ok && found.value.map((r) => r.licenseNumber)).toEqual(['MD1001', 'MD1002']);
    expect(await s.search({ firstName: 'Nobody', lastName: 'Nobody', licenseType: 'MD' })).toMatchObject({
      ok: true,
      value: [],
    });
  });

  it('can post a form and page with a page parameter', async () => {
    server = await startFixtureServer((_req, res, url, body) => {
      const form = new URLSearchParams(body);
      const asGet = new URL(url);
      for (const [k, v] of form) asGet.searchParams.set(k, v);
      // A POST board's next link is a javascript: postback, so the page parameter must be used.
      sendHtml(res, lookupPage(asGet).replace(/href="[^"]*"/, 'href="javascript:__doPostBack()"'));
    });
    const base = simBoard('tx-med', server.url);
    const board = boardSchema.parse({
      ...base,
      source: { ...base.source, method: 'POST', extraParams: { __VIEWSTATE: 'abc' } },
    });
    const s = createSource(board, { gates: createGateRegistry() });
    const result = await s.search({ firstName: 'Person', lastName: 'Many', licenseType: 'MD' });
    expect(result.ok && result.value).toHaveLength(45);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'POST', 'POST']);
    expect(server.requests.map((r) => new URLSearchParams(r.body).get('page'))).toEqual([null, null, '2', '3']);
    expect(new URLSearchParams(server.requests[0]?.body).get('__VIEWSTATE')).toBe('abc');
    expect(server.requests[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });
});
