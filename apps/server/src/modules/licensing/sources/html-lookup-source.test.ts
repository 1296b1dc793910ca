import { afterEach, describe, expect, it } from 'vitest';
import { boardSchema } from '../config/board-config.ts';
import { BOARDS } from '../config/jurisdictions.ts';
import { type FixtureServer, MAINTENANCE_PAGE, sendHtml, simBoard, startFixtureServer } from '../fixture-server.ts';
import { createGateRegistry } from '../http-client.ts';
import { createSource } from './create-source.ts';
import { HtmlLookupSource } from './html-lookup-source.ts';

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
  it('is what createSource builds for a look-up board, and has no bulk file', async () => {
    const s = await source();
    expect(s).toBeInstanceOf(HtmlLookupSource);
    expect(s.fetchBulkFile).toBeUndefined();
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

// Boards whose list lacks fields its detail pages give, grouped under occupation rows (Virginia's
// shape), with a number form of their own and a "too many records" answer; and a posted form whose
// results live in the session, paged by links (Kansas's shape).

type Listed = {
  number: string;
  name: string;
  occupation: string;
  status: string;
  issue: string;
  expiry: string;
};

const LISTED: Listed[] = [
  {
    number: '0101000001',
    name: 'SMITH, JOHN A',
    occupation: 'Medicine and Surgery',
    status: 'Active',
    issue: '07/01/2001',
    expiry: '06/30/2027',
  },
  {
    number: '0102000002',
    name: 'SMITH, WILLIAM',
    occupation: 'Osteopathy and Surgery',
    status: 'Suspended',
    issue: '01/15/1990',
    expiry: '01/15/2026',
  },
  {
    number: '0001000003',
    name: 'SMITH, JANE',
    occupation: 'Registered Nurse',
    status: 'Active',
    issue: '03/03/2013',
    expiry: '03/31/2027',
  },
  {
    number: '0101000004',
    name: 'SMITHSON, JOHN',
    occupation: 'Medicine and Surgery',
    status: 'Expired',
    issue: '02/02/2002',
    expiry: '02/28/2024',
  },
];

/** Virginia's shape, in miniature: more than `tooMany` hits for a surname alone are not listed. */
function groupedBoard(tooMany = 10) {
  return async (_req: unknown, res: import('node:http').ServerResponse, url: URL, body: string) => {
    const form = new URLSearchParams(body);
    if (url.pathname.startsWith('/Lookup/Detail/')) {
      const row = LISTED.find((p) => p.number === url.pathname.slice('/Lookup/Detail/'.length));
      if (!row) return sendHtml(res, 'not found', 404);
      const line = (label: string, value: string) => `<tr><th>${label}</th><td>${value}</td></tr>`;
      return sendHtml(
        res,
        `<html><body><table><tr><td>layout</td></tr></table><table class="detail">${line('License Number', row.number)}${line('Occupation', row.occupation)}${line('Initial License Date', row.issue)}${line('Expire Date', row.expiry)}${line('License Status', row.status)}</table></body></html>`,
      );
    }
    let hits: Listed[];
    if (url.pathname === '/Lookup/Result') hits = LISTED.filter((p) => p.number === form.get('LicenseNo'));
    else {
      const last = (form.get('LName') ?? '').toUpperCase();
      const first = (form.get('FName') ?? '').toUpperCase();
      hits = LISTED.filter((p) => {
        const [l = '', f = ''] = p.name.split(', ');
        return last !== '' && l.startsWith(last) && f.startsWith(first);
      });
      if (hits.length > tooMany)
        return sendHtml(res, '<html><body><p>Your search returned too many records.</p></body></html>');
    }
    if (hits.length === 0) return sendHtml(res, '<html><body><p>Your search returned 0 records.</p></body></html>');
    const occupations = [...new Set(hits.map((h) => h.occupation))].sort();
    const rows = occupations.flatMap((occupation) => [
      `<tr><td colspan="3"><b>${occupation}</b></td></tr>`,
      ...hits
        .filter((h) => h.occupation === occupation)
        .map(
          (h) =>
            `<tr><td><a href="Detail/${h.number}">${h.name}</a></td><td>RICHMOND, VA</td><td>${h.expiry}</td></tr>`,
        ),
    ]);
    return sendHtml(res, `<html><body><table id="results"><tbody>${rows.join('')}</tbody></table></body></html>`);
  };
}

function groupedSource(baseUrl: string, patch: Record<string, unknown> = {}) {
  const real = BOARDS.find((b) => b.id === 'va-med');
  const board = boardSchema.parse({
    ...real,
    source: {
      kind: 'html-lookup',
      searchUrl: `${baseUrl}/Lookup/Index`,
      numberSearchUrl: `${baseUrl}/Lookup/Result`,
      method: 'POST',
      params: { lastName: 'LName', firstName: 'FName', licenseNumber: 'LicenseNo' },
      numberQuery: { padDigits: 10 },
      selectors: { row: 'table#results tbody tr', name: 'td:nth-child(1)', expiryDate: 'td:nth-child(3)' },
      groups: { heading: 'td[colspan]' },
      noResultsText: 'returned 0 records',
      tooManyText: 'returned too many records',
      detail: {
        link: 'td:nth-child(1) a',
        fields: {
          licenseNumber: { label: 'License Number' },
          status: { label: 'License Status:' },
          issueDate: { label: 'initial license date' },
          expiryDate: { label: 'Expire Date' },
        },
      },
      licenseTypes: { 'Medicine and Surgery': 'MD', 'Osteopathy and Surgery': 'DO' },
      retries: 1,
      backoffMs: 1,
      timeoutMs: 2_000,
      ...patch,
    },
  });
  return createSource(board, { gates: createGateRegistry() });
}

const detailPaths = () =>
  (server?.requests ?? []).filter((r) => r.url.pathname.startsWith('/Lookup/Detail/')).map((r) => r.url.pathname);

describe('HtmlLookupSource: detail pages, grouped rows, the number form', () => {
  it("reads the number, status and dates from the namesakes' detail pages, by label", async () => {
    server = await startFixtureServer(groupedBoard());
    const s = groupedSource(server.url);
    const result = await s.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result.ok && result.value).toEqual([
      {
        jurisdiction: 'VA',
        boardId: 'va-med',
        licenseType: 'MD',
        licenseNumber: '0101000001',
        firstName: 'JOHN',
        middleName: 'A',
        lastName: 'SMITH',
        suffix: null,
        rawStatus: 'Active',
        status: 'active',
        issueDate: '2001-07-01',
        expiryDate: '2027-06-30',
        discipline: null,
      },
    ]);
    // Smithson is not the Smith asked about, and the nurse's group is not read: neither detail is asked.
    expect(detailPaths()).toEqual(['/Lookup/Detail/0101000001', '/Lookup/Detail/0102000002']);
  });

  it('reads only the physician groups: the nurse under the same surname is never a record', async () => {
    server = await startFixtureServer(groupedBoard());
    const s = groupedSource(server.url);
    const result = await s.search({ firstName: 'Jane', lastName: 'Smith', licenseType: 'DO' });
    expect(result.ok && result.value.map((r) => [r.licenseNumber, r.licenseType, r.status])).toEqual([
      ['0102000002', 'DO', 'suspended'],
    ]);
    expect(detailPaths()).not.toContain('/Lookup/Detail/0001000003');
    // Without groups, the heading reads as a licensee named 'Registered Nurse', and the nurse as a physician.
    const flat = groupedSource(server.url, { groups: undefined, fixedLicenseType: 'MD' });
    const all = await flat.search({ licenseNumber: '0001000003' });
    expect(all.ok && all.value.map((r) => [r.lastName, r.licenseNumber])).toEqual([
      ['Nurse', null],
      ['SMITH', '0001000003'],
    ]);
  });

  it('reads a value beside an inline label, in a definition list, or by selector', async () => {
    server = await startFixtureServer((_req, res, url) => {
      if (url.pathname === '/Lookup/Detail/0101000001')
        return sendHtml(
          res,
          `<html><body><h3>Profile for JOHN SMITH</h3><ul>
<li><strong>License Number:</strong> 0101000001</li>
<li><strong>License Status:</strong>  Probation </li>
<li><strong>License Expiration Date:</strong> 06/30/2027</li></ul>
<dl><dt>Original License Date</dt><dd>07/01/2001</dd></dl></body></html>`,
        );
      sendHtml(
        res,
        '<html><body><table id="results"><tbody><tr><td><a href="/Lookup/Detail/0101000001">SMITH, JOHN</a></td><td>x</td><td></td></tr></tbody></table></body></html>',
      );
    });
    const s = groupedSource(server.url, {
      groups: undefined,
      fixedLicenseType: 'MD',
      detail: {
        link: 'td:nth-child(1) a',
        fields: {
          licenseNumber: 'ul li:first-child',
          status: { label: 'License Status' },
          expiryDate: { label: 'license expiration date:' },
          issueDate: { label: 'Original License Date' },
        },
      },
    });
    const result = await s.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result.ok && result.value.map((r) => [r.licenseNumber, r.rawStatus, r.issueDate, r.expiryDate])).toEqual([
      ['License Number: 0101000001', 'Probation', '2001-07-01', '2027-06-30'],
    ]);
  });

  it('reads at most maxDetails detail pages, namesakes sharing the first initial first', async () => {
    server = await startFixtureServer(groupedBoard());
    const s = groupedSource(server.url, {
      detail: {
        link: 'td:nth-child(1) a',
        fields: { licenseNumber: { label: 'License Number' }, status: { label: 'License Status' } },
        maxDetails: 1,
      },
    });
    const result = await s.search({ firstName: 'Will', lastName: 'Smith', licenseType: 'DO' });
    expect(detailPaths()).toEqual(['/Lookup/Detail/0102000002']);
    expect(result.ok && result.value.map((r) => r.licenseNumber)).toEqual(['0102000002']);
    // A row left unread has no number: it cannot be told from another license, so it is left out.
    const md = await s.search({ firstName: 'Will', lastName: 'Smith', licenseType: 'MD' });
    expect(md.ok && md.value).toEqual([]);
  });

  it("sends a number to the board's number form, padded to the board's ten digits", async () => {
    server = await startFixtureServer(groupedBoard());
    const s = groupedSource(server.url);
    const result = await s.search({ licenseNumber: ' 101000001 ' });
    expect(result.ok && result.value.map((r) => r.licenseNumber)).toEqual(['0101000001']);
    expect(server.requests[0]?.url.pathname).toBe('/Lookup/Result');
    expect(new URLSearchParams(server.requests[0]?.body).get('LicenseNo')).toBe('0101000001');
    // Unpadded, the board finds nothing and says so in its own words.
    const unpadded = groupedSource(server.url, { numberQuery: undefined });
    expect(await unpadded.search({ licenseNumber: '101000001' })).toEqual({
      ok: true,
      value: [],
      notes: { rejectedRows: [], saidNoResults: true },
    });
  });

  it('rewrites a number into the board’s pattern before it is sent', async () => {
    server = await startFixtureServer((_req, res, _url, body) => {
      const number = new URLSearchParams(body).get('LicenseNo');
      sendHtml(
        res,
        number === '04-37150'
          ? '<html><body><table id="results"><tbody><tr><td><a href="Detail/0101000001">SMITH, JOHN</a></td><td>x</td><td>06/30/2027</td></tr></tbody></table></body></html>'
          : '<html><body><p>Your search returned 0 records.</p></body></html>',
      );
    });
    const s = groupedSource(server.url, {
      numberQuery: { rewrite: { pattern: '^(\\d{2})-?(\\d{5})$', replacement: '$1-$2' } },
      groups: undefined,
      fixedLicenseType: 'MD',
      detail: undefined,
      selectors: { row: 'table#results tbody tr', name: 'td:nth-child(1)', status: 'td:nth-child(2)' },
    });
    for (const typed of ['0437150', '04-37150'])
      expect((await s.search({ licenseNumber: typed })).ok && server.requests.at(-1)?.body).toBe('LicenseNo=04-37150');
    await s.search({ licenseNumber: 'A-12' });
    expect(server.requests.at(-1)?.body).toBe('LicenseNo=A-12');
  });

  it('narrows a surname the board finds too many of by the first name; fails when even that is too many', async () => {
    server = await startFixtureServer(groupedBoard(2));
    const s = groupedSource(server.url);
    const result = await s.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result.ok && result.value.map((r) => r.licenseNumber)).toEqual(['0101000001']);
    expect(server.requests.map((r) => `${r.method} ${r.url.pathname} ${r.body}`)).toEqual([
      'POST /Lookup/Index LName=Smith',
      'POST /Lookup/Index LName=Smith&FName=John',
      'GET /Lookup/Detail/0101000001 ',
    ]);
    await server.close();
    server = await startFixtureServer(groupedBoard(0));
    const never = groupedSource(server.url);
    expect(await never.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' })).toMatchObject({
      ok: false,
      error: { kind: 'unsupported' },
    });
  });

  it("says no results only on the board's own words; a page without rows or them is a parse failure", async () => {
    server = await startFixtureServer((_req, res) =>
      sendHtml(res, '<html><body><p>Enable JavaScript.</p></body></html>'),
    );
    const s = groupedSource(server.url);
    expect(await s.search({ firstName: 'A', lastName: 'Nobody', licenseType: 'MD' })).toMatchObject({
      ok: false,
      error: { kind: 'parse-failure' },
    });
    expect(await s.health()).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
  });

  it('follows a posted search’s next links by GET, in the session its first answer opened', async () => {
    const people = ['Many, Ann', 'Many, Bob', 'Many, Cy', 'Many, Dee', 'Many, Eve'];
    server = await startFixtureServer((req, res, url) => {
      if (req.method === 'POST' && url.pathname === '/search') {
        res.writeHead(302, { location: '/results', 'set-cookie': 'SID=abc; HttpOnly' });
        res.end();
        return;
      }
      if (req.headers.cookie !== 'SID=abc')
        return sendHtml(res, '<html><body><p>Your session has expired.</p></body></html>');
      const page = Number(url.searchParams.get('page') ?? 1);
      const rows = people
        .slice((page - 1) * 2, page * 2)
        .map((name, i) => `<tr><td>${name}</td><td>MD${page}${i}</td><td>Active</td></tr>`)
        .join('');
      const next =
        page * 2 < people.length
          ? `<div class="pagination"><a href="/results?navigate=next&page=${page + 1}">Next</a></div>`
          : '';
      sendHtml(res, `<html><body><table><tbody>${rows}</tbody></table>${next}</body></html>`);
    });
    const real = BOARDS.find((b) => b.id === 'ks-med');
    const board = boardSchema.parse({
      ...real,
      source: {
        kind: 'html-lookup',
        searchUrl: `${server.url}/search`,
        method: 'POST',
        params: { lastName: 'lastName' },
        selectors: {
          row: 'table tbody tr',
          name: 'td:nth-child(1)',
          licenseNumber: 'td:nth-child(2)',
          status: 'td:nth-child(3)',
          nextPage: 'div.pagination a:contains("Next")',
        },
        noResultsText: 'Total Matches Found: 0',
        fixedLicenseType: 'MD',
        retries: 1,
        backoffMs: 1,
        timeoutMs: 2_000,
      },
    });
    const s = createSource(board, { gates: createGateRegistry() });
    const result = await s.search({ firstName: 'Ann', lastName: 'Many', licenseType: 'MD' });
    expect(result.ok && result.value.map((r) => r.licenseNumber)).toEqual(['MD10', 'MD11', 'MD20', 'MD21', 'MD30']);
    expect(server.requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual([
      'POST /search',
      'GET /results',
      'GET /results?navigate=next&page=2',
      'GET /results?navigate=next&page=3',
    ]);
  });
});
