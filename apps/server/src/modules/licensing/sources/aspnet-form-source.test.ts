import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type BoardInput, boardSchema } from '../config/board-config.ts';
import { type FixtureServer, sendHtml, startFixtureServer } from '../fixture-server.ts';
import { createGateRegistry } from '../http-client.ts';
import { AspnetFormSource } from './aspnet-form-source.ts';
import { createSource } from './create-source.ts';

// A small WebForms board: every page it renders carries a __VIEWSTATE of its own and the session's
// __EVENTVALIDATION, and a POST is only answered when it brings back a view state this session was
// given, its event validation and its session cookie; anything else gets the empty search form with
// HTTP 200, as WebForms answers a post-back it cannot restore. The page's controls follow the
// master-page naming of BOARDS.md's GLSuite and Texas rows; its words are this fixture's own.

type Person = {
  number: string;
  last: string;
  first: string;
  middle?: string;
  type: 'MD' | 'DO';
  status: string;
  issue: string;
  expiry: string;
};

const PEOPLE: Person[] = [
  {
    number: 'MD1001',
    last: 'Smith',
    first: 'John',
    middle: 'Allen',
    type: 'MD',
    status: 'Active',
    issue: '07/01/2001',
    expiry: '01/31/2027',
  },
  {
    number: 'MD1002',
    last: 'Smith',
    first: 'Bill',
    type: 'MD',
    status: 'Expired',
    issue: '01/15/1990',
    expiry: '01/15/2020',
  },
  {
    number: 'DO2001',
    last: 'Smith',
    first: 'Jane',
    type: 'DO',
    status: 'Active',
    issue: '03/05/2012',
    expiry: '03/31/2027',
  },
  {
    number: 'MD1003',
    last: 'Smithers',
    first: 'Jack',
    type: 'MD',
    status: 'Active',
    issue: '05/05/2005',
    expiry: '05/31/2027',
  },
  // Printed without its apostrophe, as some boards print names.
  {
    number: 'MD1004',
    last: 'ONeill',
    first: 'James',
    type: 'MD',
    status: 'Active',
    issue: '02/02/2002',
    expiry: '02/28/2028',
  },
];
for (let i = 0; i < 45; i++)
  PEOPLE.push({
    number: `MD${5000 + i}`,
    last: 'Manyname',
    first: `Person${String(i).padStart(2, '0')}`,
    type: 'MD',
    status: 'Active',
    issue: '01/01/2010',
    expiry: '01/01/2030',
  });

const TYPE_NAMES = { MD: 'Medical Doctor', DO: 'Doctor of Osteopathy' } as const;
const PAGE_SIZE = 10;
const SESSION_COOKIE = 'ASP.NET_SessionId';
const GRID = 'ctl00$MainContent$gvResults';

type Mode = {
  /** A terms page first; 'repeat': accepting them never sticks. */
  terms?: 'accept' | 'repeat';
  /** Results shown as a list until the grid radio is posted back (Kentucky's GenSearch). */
  listView?: boolean;
  /** Rows link their detail page by address or by a __doPostBack of the grid. */
  detail?: 'address' | 'postBack';
  /** Accela's zero-width characters in every cell. */
  zeroWidth?: boolean;
  /** A reCAPTCHA widget on the search page. */
  captcha?: boolean;
  /** Results in a layout the configuration does not know. */
  changed?: boolean;
  /** The detail page fails. */
  brokenDetail?: boolean;
};

type Session = { id: string; viewStates: Set<string>; accepted: boolean };
type Criteria = { last: string; first: string; number: string; by: string; profession: string };

const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');

let server: FixtureServer | undefined;
let elsewhere: FixtureServer | undefined;
/** Each view state issued, with its session, in order. */
let issued: { session: string; viewState: string }[] = [];

afterEach(async () => {
  await server?.close();
  await elsewhere?.close();
  server = undefined;
  elsewhere = undefined;
  issued = [];
});

async function startBoard(mode: Mode = {}): Promise<FixtureServer> {
  const sessions = new Map<string, Session>();
  let counter = 0;

  const send = (res: ServerResponse, session: Session, isNew: boolean, content: (viewState: string) => string) => {
    const viewState = Buffer.from(`vs|${session.id}|${++counter}`).toString('base64');
    session.viewStates.add(viewState);
    issued.push({ session: session.id, viewState });
    if (isNew) res.setHeader('set-cookie', `${SESSION_COOKIE}=${session.id}; path=/; HttpOnly`);
    sendHtml(res, content(viewState));
  };

  // The script's comment holds the no-results words: a page's script is not what it says to a reader.
  const page = (session: Session, viewState: string, inner: string, head = '') => `<!DOCTYPE html>
<html><head><title>License Verification</title>${head}</head><body>
<form method="post" action="./Search.aspx" id="form1">
<div class="aspNetHidden">
<input type="hidden" name="__EVENTTARGET" id="__EVENTTARGET" value="" />
<input type="hidden" name="__EVENTARGUMENT" id="__EVENTARGUMENT" value="" />
<input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="${viewState}" />
</div>
<script type="text/javascript">function __doPostBack(t, a) { /* No records found */ }</script>
<div class="aspNetHidden">
<input type="hidden" name="__VIEWSTATEGENERATOR" id="__VIEWSTATEGENERATOR" value="9C2D14E1" />
<input type="hidden" name="__EVENTVALIDATION" id="__EVENTVALIDATION" value="${eventValidation(session)}" />
</div>
${inner}
</form></body></html>`;

  const termsPage = (session: Session) => (viewState: string) =>
    page(
      session,
      viewState,
      `<h1>Terms of Use</h1><p>The information on this site is provided as a public service.</p>
<input type="submit" name="ctl00$BodyContent$btnAccept" id="BodyContent_btnAccept" value="I Accept" />`,
    );

  const searchPage =
    (session: Session, criteria: Criteria | undefined, results = '', view = 'rdbtList') =>
    (viewState: string) => {
      const c = criteria ?? { last: '', first: '', number: '', by: 'rbName', profession: '' };
      const option = (value: string, label: string) =>
        `<option${c.profession === value ? ' selected="selected"' : ''} value="${value}">${label}</option>`;
      const radio = (name: string, id: string, value: string, checked: boolean, extra = '') =>
        `<input type="radio" name="${name}" id="${id}" value="${value}"${checked ? ' checked="checked"' : ''}${extra} />`;
      const views =
        mode.listView && criteria !== undefined && !results.includes('MainContent_lblNoResults')
          ? `${radio('ctl00$MainContent$view', 'MainContent_rdbtList', 'rdbtList', view === 'rdbtList')}
${radio('ctl00$MainContent$view', 'MainContent_rdbtGrid', 'rdbtGrid', view === 'rdbtGrid', ` onclick="javascript:setTimeout('__doPostBack(\\'ctl00$MainContent$rdbtGrid\\',\\'\\')', 0)"`)}`
          : '';
      const captcha = mode.captcha ? '<div class="g-recaptcha" data-sitekey="6LdKfixture"></div>' : '';
      return page(
        session,
        viewState,
        `<h1>License Verification</h1>
<select name="ctl00$MainContent$ddlProfession" id="MainContent_ddlProfession">
${option('', 'All professions')}${option('MD', TYPE_NAMES.MD)}${option('DO', TYPE_NAMES.DO)}
</select>
<input type="text" name="ctl00$MainContent$txtLastName" id="MainContent_txtLastName" value="${escapeHtml(c.last)}" />
<input type="text" name="ctl00$MainContent$txtFirstName" id="MainContent_txtFirstName" value="${escapeHtml(c.first)}" />
<input type="text" name="ctl00$MainContent$txtLicense" id="MainContent_txtLicense" value="${escapeHtml(c.number)}" />
${radio('ctl00$MainContent$searchBy', 'MainContent_rbName', 'rbName', c.by !== 'rbNumber')}
${radio('ctl00$MainContent$searchBy', 'MainContent_rbNumber', 'rbNumber', c.by === 'rbNumber')}
${captcha}
<input type="submit" name="ctl00$MainContent$btnSearch" id="MainContent_btnSearch" value="Search" />
<input type="submit" name="ctl00$MainContent$btnReset" id="MainContent_btnReset" value="Reset" />
${views}
${results}`,
        mode.captcha ? '<script src="https://www.google.com/recaptcha/api.js" async defer></script>' : '',
      );
    };

  const zw = (text: string) =>
    mode.zeroWidth && text.length > 1 ? `\uFEFF${text[0]}\u200B${text.slice(1)}\u200D` : text;

  const results = (hits: Person[], pageNo: number, grid: boolean): string => {
    if (hits.length === 0)
      return '<span id="MainContent_lblNoResults">No records found matching your search criteria.</span>';
    const shown = hits.slice((pageNo - 1) * PAGE_SIZE, pageNo * PAGE_SIZE);
    if (mode.changed)
      return `<div class="cards">${shown.map((p) => `<div class="card">${p.last}, ${p.first} ${p.number}</div>`).join('')}</div>`;
    if (!grid)
      return shown
        .map((p) => `<div class="listing"><b>${p.last}, ${p.first}</b> ${p.number} ${p.status}</div>`)
        .join('\n');
    const rows = shown.map((p, i) => {
      const index = (pageNo - 1) * PAGE_SIZE + i;
      const href =
        mode.detail === 'postBack'
          ? `javascript:__doPostBack('${GRID}','Select$${index}')`
          : `Details.aspx?id=${p.number}`;
      const name = `${p.last}, ${p.first}${p.middle ? ` ${p.middle}` : ''}`;
      const nameCell = `<table><tr><td><a class="detail" href="${escapeHtml(href)}">${zw(name)}</a></td></tr></table>`;
      return `<tr><td>${nameCell}</td><td>${zw(p.number)}</td><td>${TYPE_NAMES[p.type]}</td><td>${zw(p.status)}</td>
<td>${p.issue}</td><td>${p.expiry}</td><td>Expires ${p.expiry};<br/> ${p.status}</td></tr>`;
    });
    const pages = Math.ceil(hits.length / PAGE_SIZE);
    const pager =
      pages > 1
        ? `<tr class="pager"><td colspan="7"><table><tr>${Array.from({ length: pages }, (_, i) =>
            i + 1 === pageNo
              ? `<td><span>${i + 1}</span></td>`
              : `<td><a href="javascript:__doPostBack('${GRID}','Page$${i + 1}')">${i + 1}</a></td>`,
          ).join('')}${
            pageNo < pages
              ? `<td><a class="pager-next" href="javascript:__doPostBack('${GRID}','Page$${pageNo + 1}')">Next &gt;</a></td>`
              : ''
          }</tr></table></td></tr>`
        : '';
    return `<table id="MainContent_gvResults"><tbody>
<tr><th>Name</th><th>License</th><th>Type</th><th>Status</th><th>Issued</th><th>Expires</th><th>Summary</th></tr>
${rows.join('\n')}
${pager}
</tbody></table>`;
  };

  const detailPage = (p: Person) => `<!DOCTYPE html><html><body><h1>License Details</h1>
<table class="details">
<tr><td>License Number:</td><td>${p.number}</td></tr>
<tr><td>Disciplinary Action:</td><td></td></tr>
<tr><th>License Status</th><td>Probation</td></tr>
<tr><td><b>Expiration Date:</b></td><td>2029-01-31</td></tr>
</table>
<dl><dt>Issued</dt><dd>07/01/2001</dd></dl>
<span id="MainContent_lblActionsLabel">Board Actions:</span> <span id="MainContent_lblActions">Public reprimand (2024)</span>
<p>Expires on <span id="expiration_date">01/31/2029</span></p>
</body></html>`;

  return startFixtureServer((req: IncomingMessage, res: ServerResponse, url: URL, body: string) => {
    if (url.pathname === '/Old.aspx' && elsewhere) {
      res.writeHead(302, { location: `${elsewhere.url}/portal` });
      res.end();
      return;
    }
    if (url.pathname === '/Details.aspx') {
      const person = PEOPLE.find((p) => p.number === url.searchParams.get('id'));
      if (mode.brokenDetail) sendHtml(res, '<h1>Service Unavailable</h1>', 503);
      else if (person) sendHtml(res, detailPage(person));
      else sendHtml(res, 'Not found', 404);
      return;
    }
    if (url.pathname !== '/Search.aspx') {
      sendHtml(res, '<h1>Not Found</h1>', 404);
      return;
    }
    const cookie = /ASP\.NET_SessionId=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];
    const known = cookie === undefined ? undefined : sessions.get(cookie);
    const session = known ?? { id: `s${sessions.size + 1}x${Date.now()}`, viewStates: new Set(), accepted: false };
    sessions.set(session.id, session);
    const isNew = known === undefined;
    const gated = mode.terms !== undefined && !session.accepted;
    const empty = () => send(res, session, isNew, gated ? termsPage(session) : searchPage(session, undefined));
    if (req.method !== 'POST') return empty();

    const form = new URLSearchParams(body);
    const restored =
      known?.viewStates.has(form.get('__VIEWSTATE') ?? '') &&
      form.get('__EVENTVALIDATION') === eventValidation(known) &&
      form.get('__VIEWSTATEGENERATOR') === '9C2D14E1';
    if (!restored) return empty();
    if (gated) {
      if (form.has('ctl00$BodyContent$btnAccept') && mode.terms === 'accept') {
        session.accepted = true;
        return send(res, session, isNew, searchPage(session, undefined));
      }
      return empty();
    }
    if (form.has('ctl00$MainContent$btnReset')) return empty();

    const criteria: Criteria = {
      last: form.get('ctl00$MainContent$txtLastName') ?? '',
      first: form.get('ctl00$MainContent$txtFirstName') ?? '',
      number: form.get('ctl00$MainContent$txtLicense') ?? '',
      by: form.get('ctl00$MainContent$searchBy') ?? '',
      profession: form.get('ctl00$MainContent$ddlProfession') ?? '',
    };
    const hits = search(criteria);
    const target = form.get('__EVENTTARGET') ?? '';
    const argument = form.get('__EVENTARGUMENT') ?? '';
    const view = form.get('ctl00$MainContent$view') ?? 'rdbtList';
    const grid = !mode.listView || view === 'rdbtGrid';
    if (form.has('ctl00$MainContent$btnSearch') && target === '')
      return send(res, session, isNew, searchPage(session, criteria, results(hits, 1, grid), view));
    if (target === 'ctl00$MainContent$rdbtGrid' && view === 'rdbtGrid')
      return send(res, session, isNew, searchPage(session, criteria, results(hits, 1, true), view));
    const event = /^(Page|Select)\$(\d+)$/.exec(argument);
    if (target === GRID && event?.[1] === 'Page')
      return send(res, session, isNew, searchPage(session, criteria, results(hits, Number(event[2]), grid), view));
    const selected = hits[Number(event?.[2])];
    if (target === GRID && event?.[1] === 'Select' && selected) return sendHtml(res, detailPage(selected));
    return empty();
  });
}

function eventValidation(session: Session): string {
  return Buffer.from(`ev|${session.id}`).toString('base64');
}

function search(c: Criteria): Person[] {
  // The board ignores punctuation in what is typed (O'Neill finds ONeill).
  const bare = (text: string) => text.trim().toLowerCase().replaceAll("'", '');
  const starts = (value: string, prefix: string) => bare(value).startsWith(bare(prefix));
  return PEOPLE.filter((p) => {
    if (c.profession !== '' && p.type !== c.profession) return false;
    if (c.by === 'rbNumber') return c.number.trim() !== '' && p.number.toLowerCase() === c.number.trim().toLowerCase();
    return c.by === 'rbName' && c.last.trim() !== '' && starts(p.last, c.last) && starts(p.first, c.first);
  });
}

type SourceInput = Extract<BoardInput['source'], { kind: 'aspnet-form' }>;

function baseSource(url: string): SourceInput {
  return {
    kind: 'aspnet-form',
    platform: 'webforms',
    pageUrl: `${url}/Search.aspx`,
    byName: {
      lastName: 'MainContent_txtLastName',
      firstName: 'MainContent_txtFirstName',
      check: ['MainContent_rbName'],
      button: 'MainContent_btnSearch',
    },
    byNumber: {
      licenseNumber: 'MainContent_txtLicense',
      check: ['MainContent_rbNumber'],
      button: 'MainContent_btnSearch',
    },
    results: {
      row: '#MainContent_gvResults > tbody > tr',
      cells: { name: 0, licenseNumber: 1, licenseType: 2, status: 3, issueDate: 4, expiryDate: 5 },
      noResults: 'No records   found',
    },
    pager: { next: 'a.pager-next' },
    licenseTypes: { 'Medical Doctor': 'MD', 'Doctor of Osteopathy': 'DO' },
    retries: 0,
    backoffMs: 1,
    timeoutMs: 2_000,
  };
}

async function sourceFor(mode: Mode = {}, patch: (s: SourceInput) => SourceInput = (s) => s, id = 'ky-med') {
  server = await startBoard(mode);
  const board = boardSchema.parse({
    id,
    jurisdiction: 'KY',
    name: 'Kentucky Board of Medical Licensure',
    website: 'https://kbml.ky.gov',
    lookupUrl: `${server.url}/Search.aspx`,
    licenseTypes: id === 'ky-med' ? ['MD', 'DO'] : ['MD'],
    source: patch(baseSource(server.url)),
  });
  return createSource(board, { gates: createGateRegistry(), sleep: async () => {} });
}

const posted = (i: number) => new URLSearchParams(server?.requests[i]?.body ?? '');
const methods = () => server?.requests.map((r) => `${r.method} ${r.url.pathname}`);
const numbers = (result: { ok: boolean; value?: { licenseNumber: string | null }[] }) =>
  result.ok ? result.value?.map((r) => r.licenseNumber) : result;

describe('AspnetFormSource', () => {
  it('is what createSource builds for an aspnet-form board, and has no bulk file', async () => {
    const source = await sourceFor();
    expect(source).toBeInstanceOf(AspnetFormSource);
    expect(source.fetchBulkFile).toBeUndefined();
  });

  it('finds a physician by name, the form filled as a browser fills it, and maps the row', async () => {
    const source = await sourceFor({}, (s) => ({ ...s, set: { MainContent_ddlProfession: 'Medical Doctor' } }));
    const result = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result).toEqual({
      ok: true,
      value: [
        {
          jurisdiction: 'KY',
          boardId: 'ky-med',
          licenseType: 'MD',
          licenseNumber: 'MD1001',
          firstName: 'John',
          middleName: 'Allen',
          lastName: 'Smith',
          suffix: null,
          rawStatus: 'Active',
          status: 'active',
          issueDate: '2001-07-01',
          expiryDate: '2027-01-31',
          discipline: null,
        },
      ],
    });
    expect(methods()).toEqual(['GET /Search.aspx', 'POST /Search.aspx']);
    const form = posted(1);
    expect(server?.requests[1]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form.get('ctl00$MainContent$ddlProfession')).toBe('MD');
    expect(form.get('ctl00$MainContent$txtLastName')).toBe('Smith');
    expect(form.get('ctl00$MainContent$txtFirstName')).toBe('John');
    expect(form.getAll('ctl00$MainContent$searchBy')).toEqual(['rbName']);
    expect(form.get('ctl00$MainContent$btnSearch')).toBe('Search');
    expect(form.has('ctl00$MainContent$btnReset')).toBe(false);
  });

  it("sends back the page's view state and session cookie, without which the board answers the empty form", async () => {
    const source = await sourceFor();
    const result = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(numbers(result)).toEqual(['MD1001']);
    const [first] = issued;
    expect(first).toBeDefined();
    expect(posted(1).get('__VIEWSTATE')).toBe(first?.viewState);
    expect(posted(1).get('__EVENTVALIDATION')).toBe(Buffer.from(`ev|${first?.session}`).toString('base64'));
    expect(server?.requests[1]?.headers.cookie).toContain(`${SESSION_COOKIE}=${first?.session}`);

    // The same form without the cookie is refused: the board answers its empty form, HTTP 200.
    const refused = await fetch(`${server?.url}/Search.aspx`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: server?.requests[1]?.body ?? '',
    });
    expect(refused.status).toBe(200);
    const html = await refused.text();
    expect(html).toContain('MainContent_btnSearch');
    expect(html).not.toContain('MainContent_gvResults');
  });

  it("reads a miss in the board's own words as no results", async () => {
    const source = await sourceFor();
    const result = await source.search({ firstName: 'Ann', lastName: 'Nobody', licenseType: 'MD' });
    expect(result).toEqual({ ok: true, value: [], notes: { saidNoResults: true, rejectedRows: [] } });
  });

  it('searches the first name with the surname, and when that finds nobody the surname alone', async () => {
    const source = await sourceFor();
    const result = await source.search({ firstName: 'William', lastName: 'Smith', licenseType: 'MD' });
    // Bill Smith is found by his surname; Jane Smith, a DO, is another board's answer to an MD question.
    expect(numbers(result)).toEqual(['MD1001', 'MD1002', 'MD1003']);
    expect(methods()).toEqual(['GET /Search.aspx', 'POST /Search.aspx', 'GET /Search.aspx', 'POST /Search.aspx']);
    expect(posted(1).get('ctl00$MainContent$txtFirstName')).toBe('William');
    expect(posted(3).get('ctl00$MainContent$txtFirstName')).toBe('');
    // Each search is a conversation of its own: the second starts without the first's cookie.
    expect(server?.requests[2]?.headers.cookie).toBeUndefined();
  });

  it('pages through a __doPostBack pager, posting the form back without reading the page again', async () => {
    const source = await sourceFor();
    const result = await source.search({ firstName: '', lastName: 'Manyname', licenseType: 'MD' });
    expect(result.ok && result.value).toHaveLength(45);
    expect(methods()).toEqual(['GET /Search.aspx', ...Array(5).fill('POST /Search.aspx')]);
    for (let i = 2; i <= 5; i++) {
      const form = posted(i);
      expect(form.get('__EVENTTARGET')).toBe(GRID);
      expect(form.get('__EVENTARGUMENT')).toBe(`Page$${i}`);
      expect(form.has('ctl00$MainContent$btnSearch')).toBe(false);
    }
  });

  it('reads at most maxPages pages', async () => {
    const source = await sourceFor({}, (s) => ({ ...s, maxPages: 2 }));
    const result = await source.search({ firstName: '', lastName: 'Manyname', licenseType: 'MD' });
    expect(result.ok && result.value).toHaveLength(20);
    expect(server?.requests).toHaveLength(3);
  });

  it('searches by number, ticking the number radio alone', async () => {
    const source = await sourceFor();
    const result = await source.search({ licenseNumber: ' md1002 ' });
    expect(numbers(result)).toEqual(['MD1002']);
    expect(posted(1).getAll('ctl00$MainContent$searchBy')).toEqual(['rbNumber']);
    expect(posted(1).get('ctl00$MainContent$txtLicense')).toBe('md1002');
  });

  it('says a board without a number search cannot search by number', async () => {
    const source = await sourceFor({}, ({ byNumber: _, ...s }) => s);
    const result = await source.search({ licenseNumber: 'MD1002' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'unsupported' } });
    expect(server?.requests).toHaveLength(0);
  });

  it('asks nothing for a license type the board does not issue', async () => {
    const source = await sourceFor({}, (s) => ({ ...s, licenseTypes: { 'Medical Doctor': 'MD' } }), 'ky-md');
    const result = await source.search({ firstName: 'Jane', lastName: 'Smith', licenseType: 'DO' });
    expect(result).toEqual({ ok: true, value: [] });
    expect(server?.requests).toHaveLength(0);
  });

  it("follows namesakes' detail addresses, the first name's initial first, and leaves out rows it did not read", async () => {
    const board = (maxDetails: number) =>
      sourceFor({ detail: 'address' }, ({ byName, ...s }) => ({
        ...s,
        byName: { lastName: byName.lastName, check: byName.check, button: byName.button },
        detail: {
          link: 'a.detail',
          fields: { expiryDate: '#expiration_date', status: { label: 'License Status' } },
          maxDetails,
        },
      }));
    const source = await board(10);
    const result = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    if (!result.ok) throw new Error(result.error.message);
    // John, then Bill (a nickname's other initial) are read; Jane (a DO) and Jack Smithers (another
    // surname) are not worth a request, and what the list shows of them is not kept.
    expect(result.value.map((r) => r.licenseNumber)).toEqual(['MD1001', 'MD1002']);
    expect(result.value[0]).toMatchObject({ expiryDate: '2029-01-31', rawStatus: 'Probation', status: 'probation' });
    expect(methods()).toEqual(['GET /Search.aspx', 'POST /Search.aspx', 'GET /Details.aspx', 'GET /Details.aspx']);
    expect(server?.requests.slice(2).map((r) => r.url.search)).toEqual(['?id=MD1001', '?id=MD1002']);

    await server?.close();
    const one = await board(1);
    const first = await one.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(first.ok && first.value.map((r) => r.licenseNumber)).toEqual(['MD1001']);
  });

  it('follows a __doPostBack detail link and reads its fields by their labels', async () => {
    const source = await sourceFor({ detail: 'postBack' }, (s) => ({
      ...s,
      dateFormat: ['mm/dd/yyyy', 'iso'],
      detail: {
        link: 'a.detail',
        fields: {
          expiryDate: { label: 'Expiration Date' },
          status: { label: 'license status' },
          issueDate: { label: 'Issued' },
          discipline: { label: 'Board Actions' },
        },
      },
    }));
    const result = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result).toMatchObject({
      ok: true,
      value: [
        {
          licenseNumber: 'MD1001',
          expiryDate: '2029-01-31',
          issueDate: '2001-07-01',
          status: 'probation',
          discipline: 'Public reprimand (2024)',
        },
      ],
    });
    expect(methods()).toEqual(['GET /Search.aspx', 'POST /Search.aspx', 'POST /Search.aspx']);
    expect(posted(2).get('__EVENTTARGET')).toBe(GRID);
    expect(posted(2).get('__EVENTARGUMENT')).toBe('Select$0');
    expect(posted(2).has('ctl00$MainContent$btnSearch')).toBe(false);
  });

  it("follows the detail of a namesake the board spells otherwise (O'Neill printed ONeill)", async () => {
    const source = await sourceFor({ detail: 'address' }, (s) => ({
      ...s,
      detail: { link: 'a.detail', fields: { expiryDate: '#expiration_date' } },
    }));
    const result = await source.search({ firstName: 'James', lastName: "O'Neill", licenseType: 'MD' });
    expect(result).toMatchObject({ ok: true, value: [{ licenseNumber: 'MD1004', expiryDate: '2029-01-31' }] });
  });

  it('reads a label whose value is empty as empty, not as the next row', async () => {
    const source = await sourceFor({ detail: 'postBack' }, (s) => ({
      ...s,
      detail: {
        link: 'a.detail',
        fields: { discipline: { label: 'Disciplinary Action' }, status: { label: 'License Status' } },
      },
    }));
    const result = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result).toMatchObject({
      ok: true,
      value: [{ licenseNumber: 'MD1001', status: 'probation', discipline: null }],
    });
  });

  it('fails the search when a detail page fails', async () => {
    const source = await sourceFor({ detail: 'address', brokenDetail: true }, (s) => ({
      ...s,
      detail: { link: 'a.detail', fields: { expiryDate: '#expiration_date' } },
    }));
    const result = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'unavailable', status: 503 } });
  });

  it('accepts the terms page first when the board shows one', async () => {
    const source = await sourceFor({ terms: 'accept' }, (s) => ({
      ...s,
      acceptTerms: { button: 'BodyContent_btnAccept' },
    }));
    const result = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(numbers(result)).toEqual(['MD1001']);
    expect(methods()).toEqual(['GET /Search.aspx', 'POST /Search.aspx', 'POST /Search.aspx']);
    expect(posted(1).get('ctl00$BodyContent$btnAccept')).toBe('I Accept');
  });

  it('fails when the terms come back after they were accepted, or are not configured', async () => {
    const repeat = await sourceFor({ terms: 'repeat' }, (s) => ({
      ...s,
      acceptTerms: { button: 'BodyContent_btnAccept' },
    }));
    const again = await repeat.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(again).toMatchObject({ ok: false, error: { kind: 'parse-failure', message: /terms again/ } });
    const unconfigured = await sourceFor({ terms: 'accept' });
    const gated = await unconfigured.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(gated).toMatchObject({ ok: false, error: { kind: 'parse-failure', message: /MainContent_txtLastName/ } });
  });

  it('posts the grid radio back after the search to read the results as a grid', async () => {
    const source = await sourceFor({ listView: true }, (s) => ({
      ...s,
      afterSearch: { postBack: 'MainContent_rdbtGrid' },
    }));
    const result = await source.search({ firstName: '', lastName: 'Manyname', licenseType: 'MD' });
    expect(result.ok && result.value).toHaveLength(45);
    const toGrid = posted(2);
    expect(toGrid.get('__EVENTTARGET')).toBe('ctl00$MainContent$rdbtGrid');
    expect(toGrid.get('__EVENTARGUMENT')).toBe('');
    expect(toGrid.get('ctl00$MainContent$view')).toBe('rdbtGrid');
    expect(toGrid.has('ctl00$MainContent$btnSearch')).toBe(false);
    // The grid's pages follow from the grid: 1 GET, the search, the switch, 4 more pages.
    expect(server?.requests).toHaveLength(7);
  });

  it('does not switch to the grid when the search found nobody, and cannot read a list view without it', async () => {
    const withSwitch = await sourceFor({ listView: true }, (s) => ({
      ...s,
      afterSearch: { postBack: 'MainContent_rdbtGrid' },
    }));
    const miss = await withSwitch.search({ firstName: '', lastName: 'Nobody', licenseType: 'MD' });
    expect(miss).toMatchObject({ ok: true, value: [], notes: { saidNoResults: true } });
    expect(server?.requests).toHaveLength(2);
    const without = await sourceFor({ listView: true });
    const listed = await without.search({ firstName: '', lastName: 'Smith', licenseType: 'MD' });
    expect(listed).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
  });

  it('strips the zero-width characters Accela writes into its cells', async () => {
    const source = await sourceFor({ zeroWidth: true });
    const result = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result).toMatchObject({
      ok: true,
      value: [{ licenseNumber: 'MD1001', lastName: 'Smith', firstName: 'John', rawStatus: 'Active', status: 'active' }],
    });
  });

  it('reads two fields out of one cell by patterns', async () => {
    const source = await sourceFor({}, (s) => ({
      ...s,
      results: {
        ...s.results,
        cells: {
          name: 0,
          licenseNumber: 1,
          licenseType: 2,
          expiryDate: { cell: 6, pattern: 'Expires (\\S+);' },
          status: { cell: 6, pattern: ';\\s*(.+)$' },
        },
      },
    }));
    const result = await source.search({ firstName: 'Bill', lastName: 'Smith', licenseType: 'MD' });
    expect(result).toMatchObject({
      ok: true,
      value: [
        { licenseNumber: 'MD1002', expiryDate: '2020-01-15', rawStatus: 'Expired', status: 'expired', issueDate: null },
      ],
    });
  });

  it('says the look-up moved when its page is gone', async () => {
    const source = await sourceFor({}, (s) => ({
      ...s,
      pageUrl: `${s.pageUrl.replace('/Search.aspx', '')}/Gone.aspx`,
    }));
    const result = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'moved', status: 404 } });
  });

  it('says the look-up moved when its page redirects to another site', async () => {
    elsewhere = await startFixtureServer((_req, res) =>
      sendHtml(res, '<html><body><h1>Welcome to our new licensing portal</h1></body></html>'),
    );
    const source = await sourceFor({}, (s) => ({ ...s, pageUrl: `${s.pageUrl.replace('/Search.aspx', '')}/Old.aspx` }));
    const result = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'moved', url: `${elsewhere.url}/portal` } });
    expect(await source.health()).toMatchObject({ ok: false, error: { kind: 'moved' } });
  });

  it('fails when the answer holds neither result rows nor the no-results words', async () => {
    const source = await sourceFor({ changed: true });
    const result = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'parse-failure', message: /neither result rows nor the board's no-results words/ },
    });
  });

  it('reports a CAPTCHA-gated search page as blocked, without posting it', async () => {
    const source = await sourceFor({ captcha: true });
    const result = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'blocked', message: /reCAPTCHA/ } });
    expect(methods()).toEqual(['GET /Search.aspx']);
    expect(await source.health()).toMatchObject({ ok: false, error: { kind: 'blocked' } });
  });

  it('fails naming a control the page does not have', async () => {
    const source = await sourceFor({}, (s) => ({ ...s, byName: { ...s.byName, lastName: 'MainContent_txtSurname' } }));
    const result = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'parse-failure', message: /MainContent_txtSurname/ } });
    expect(methods()).toEqual(['GET /Search.aspx']);
    expect(await source.health()).toMatchObject({
      ok: false,
      error: { kind: 'parse-failure', message: /MainContent_txtSurname/ },
    });
  });

  it('is healthy when the search page holds its controls, past the terms', async () => {
    const source = await sourceFor({ terms: 'accept' }, (s) => ({
      ...s,
      acceptTerms: { button: 'BodyContent_btnAccept' },
    }));
    const health = await source.health();
    expect(health.ok && health.value.latencyMs).toBeGreaterThanOrEqual(0);
    expect(methods()).toEqual(['GET /Search.aspx', 'POST /Search.aspx']);
  });
});
