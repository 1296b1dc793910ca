import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LicenseStatus, LicenseType } from '@licensewatch/shared/licenses';
import { displayName, HTML_STATUS, usDate } from '../board-records.ts';
import { escapeHtml, htmlPage, readForm, sendHtml } from '../http-util.ts';
import type { BoardLicense } from '../population.ts';
import { hash32 } from '../prng.ts';
import type { SimContext } from '../sim-context.ts';
import type { PlainFormAnswer } from './plain-form-answer.ts';
import { type LicenseSearch, searchBoardLicenses } from './search-board-licenses.ts';

// The Kansas State Board of Healing Arts' license search (BOARDS.md row 19; MLL, PSV KS_KSBHADA, and
// third-party scrapers at index ids 18658165361, 19948989881, 61511346986): search.html's form is
// posted (lastName, firstName, middleInitial, licenseNumber, city, profession, specialty; button
// #id_submit), the answer is results.html — the search kept in the session, 25 rows a page, a
// "Next" link in div.pagination (results.html?navigate=next&page=N) — whose table in #agency-content
// reads Name (a link to details.html?id=…) | License Type | License Number | City, State | Status.
// The expiry and first licensing date are on the detail page only, as "<strong>Label:</strong> value"
// list items. The profession codes for MD and DO, the type and status words ('Cancelled' for an
// expired license: a word PSV lists), the session-expired page and the other texts are the
// simulator's own: the evidence does not give them.

export const KANSAS_BOARD_ID = 'ks-med';
const HOST = 'www.kansas.gov';
const DIR = 'ssrv-ksbhada';
export const KANSAS_PAGE_SIZE = 25;
const SESSION_COOKIE = 'JSESSIONID';
const MAX_SESSIONS = 1000;
const MAX_FORM_BYTES = 16 * 1024;
/** Detail ids are the person's index offset, so they read as the board's own record numbers. */
const DETAIL_ID_OFFSET = 100_000;

export const KANSAS_TYPES: Record<LicenseType, string> = { MD: 'Medical Doctor', DO: 'Doctor of Osteopathy' };
export const KANSAS_STATUS: Record<LicenseStatus, string> = { ...HTML_STATUS, expired: 'Cancelled' };

/** The profession select: its codes (index ids 18658165361, 19948989881), physicians' labels our own. */
const PROFESSIONS: readonly (readonly [string, string, LicenseType | null])[] = [
  ['', 'All Professions', null],
  ['01', 'Chiropractor', null],
  ['04', KANSAS_TYPES.MD, 'MD'],
  ['05', KANSAS_TYPES.DO, 'DO'],
  ['23', 'Licensed Acupuncturist', null],
  ['24', 'Athletic Trainer', null],
];

const KANSAS_CITIES = [
  'Wichita',
  'Overland Park',
  'Kansas City',
  'Topeka',
  'Olathe',
  'Lawrence',
  'Manhattan',
  'Salina',
];
const OTHER_CITIES = ['Springfield', 'Franklin', 'Greenville', 'Fairview', 'Madison'];

type Session = { search: LicenseSearch; page: number };

/** Whether a path under /sites is one of the search's pages. */
export function isKansasPage(parts: readonly string[]): boolean {
  return (
    parts.length === 3 &&
    parts[0] === HOST &&
    parts[1] === DIR &&
    ['search.html', 'results.html', 'details.html'].includes(parts[2] ?? '')
  );
}

/** The search's pages over one simulator's population; its sessions are this simulator's own. */
export function createKansasHealingArts(ctx: SimContext) {
  const sessions = new Map<string, Session>();

  function keep(id: string, session: Session) {
    sessions.delete(id);
    sessions.set(id, session);
    // The oldest sessions expire first, as an idle server session does.
    for (const old of sessions.keys()) {
      if (sessions.size <= MAX_SESSIONS) break;
      sessions.delete(old);
    }
  }

  return {
    async read(req: IncomingMessage, parts: readonly string[], query: URLSearchParams): Promise<PlainFormAnswer> {
      const page = parts[2];
      if (page === 'search.html' && req.method === 'POST') {
        const form = (await readForm(req, MAX_FORM_BYTES)) ?? new URLSearchParams();
        const search = searchOf(form);
        return {
          boardId: KANSAS_BOARD_ID,
          lastName: search.lastName,
          send: (res) => {
            if (!search.lastName && !search.firstName && !search.licenseNumber && !search.licenseTypes) {
              sendHtml(res, 200, searchPage(form, 'Please enter at least one search criterion.'));
              return;
            }
            const id = sessionOf(req) ?? newSessionId();
            keep(id, { search, page: 1 });
            // Post, then redirect to the results: the search lives in the session from here on.
            res.writeHead(302, {
              location: 'results.html',
              'set-cookie': `${SESSION_COOKIE}=${id}; HttpOnly`,
              'content-length': '0',
            });
            res.end();
          },
        };
      }
      if (page === 'results.html') {
        const id = sessionOf(req);
        const session = id ? sessions.get(id) : undefined;
        return {
          boardId: KANSAS_BOARD_ID,
          lastName: session?.search.lastName,
          send: (res) => {
            if (!id || !session) {
              sendHtml(res, 200, expiredPage());
              return;
            }
            const hits = searchBoardLicenses(ctx, KANSAS_BOARD_ID, session.search);
            const pages = Math.max(1, Math.ceil(hits.length / KANSAS_PAGE_SIZE));
            // The link names its page; without one, navigate moves on from the session's page.
            const asked = Number(query.get('page'));
            const step = { next: 1, prev: -1 }[query.get('navigate') ?? ''] ?? 0;
            const wanted = Number.isInteger(asked) && asked >= 1 ? asked : step === 0 ? 1 : session.page + step;
            const current = Math.min(Math.max(1, wanted), pages);
            keep(id, { ...session, page: current });
            sendHtml(res, 200, resultsPage(hits, current, pages));
          },
        };
      }
      if (page === 'details.html') {
        return {
          boardId: KANSAS_BOARD_ID,
          lastName: undefined,
          send: (res) => {
            const licensed = detailOf(ctx, query.get('id'));
            if (!licensed)
              sendHtml(res, 404, htmlPage('Not found', '<h1>Not found</h1><p>No licensee has this profile.</p>'));
            else sendHtml(res, 200, detailPage(licensed));
          },
        };
      }
      return {
        boardId: KANSAS_BOARD_ID,
        lastName: undefined,
        send: (res: ServerResponse) => sendHtml(res, 200, searchPage(new URLSearchParams())),
      };
    },
  };
}

function searchOf(form: URLSearchParams): LicenseSearch {
  const text = (name: string) => (form.get(name) ?? '').trim() || undefined;
  const profession = PROFESSIONS.find(([code]) => code !== '' && code === text('profession'));
  return {
    lastName: text('lastName'),
    firstName: text('firstName'),
    licenseNumber: text('licenseNumber'),
    // A profession the simulator licenses nobody in finds nobody.
    licenseTypes: profession ? (profession[2] ? [profession[2]] : []) : undefined,
  };
}

function detailOf(ctx: SimContext, id: string | null): BoardLicense | undefined {
  if (!id || !/^\d{1,9}$/.test(id)) return undefined;
  const index = Number(id) - DETAIL_ID_OFFSET;
  if (index < 0 || index >= ctx.population.size) return undefined;
  const person = ctx.population.person(index);
  const license = person.licenses.find((l) => l.boardId === KANSAS_BOARD_ID);
  return license ? { person, license } : undefined;
}

function cityOf({ person }: BoardLicense): string {
  if (person.homeState !== 'KS')
    return `${OTHER_CITIES[hash32(person.index, 19) % OTHER_CITIES.length]}, ${person.homeState}`;
  return `${KANSAS_CITIES[hash32(person.index, 19) % KANSAS_CITIES.length]}, KS`;
}

function layout(title: string, content: string): string {
  return htmlPage(
    `${title} - Kansas State Board of Healing Arts`,
    `<div id="agency-header"><h1>Kansas State Board of Healing Arts</h1></div>
<div id="agency-content">
${content}
</div>`,
  );
}

function searchPage(form: URLSearchParams, error?: string): string {
  const box = (id: string, label: string) =>
    `<p><label for="${id}">${label}</label><br><input type="text" id="${id}" name="${id}" value="${escapeHtml(form.get(id) ?? '')}"></p>`;
  const professions = PROFESSIONS.map(
    ([code, label]) =>
      `<option value="${code}"${form.get('profession') === code ? ' selected' : ''}>${escapeHtml(label)}</option>`,
  ).join('');
  return layout(
    'License Verification',
    `<h2>License Verification</h2>
${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}
<form id="searchForm" method="post" action="search.html">
${box('lastName', 'Last Name')}
${box('firstName', 'First Name')}
${box('middleInitial', 'Middle Initial')}
${box('licenseNumber', 'License Number')}
${box('city', 'City')}
<p><label for="profession">Profession</label><br><select id="profession" name="profession">${professions}</select></p>
<p><label for="specialty">Specialty</label><br><select id="specialty" name="specialty"><option value="">All Specialties</option></select></p>
<p><input type="submit" id="id_submit" name="submit" value="Search"></p>
</form>`,
  );
}

function resultsPage(hits: BoardLicense[], page: number, pages: number): string {
  const start = (page - 1) * KANSAS_PAGE_SIZE;
  const rows = hits.slice(start, start + KANSAS_PAGE_SIZE).map((licensed) => {
    const { person, license } = licensed;
    const cell = (value: string) => `<td>${escapeHtml(value)}</td>`;
    return `<tr>
<td><a href="details.html?id=${DETAIL_ID_OFFSET + person.index}">${escapeHtml(displayName(person, license))}</a></td>
${cell(KANSAS_TYPES[license.licenseType])}${cell(license.licenseNumber ?? '')}${cell(cityOf(licensed))}${cell(KANSAS_STATUS[license.status])}
</tr>`;
  });
  const links = [
    page > 1 ? `<a href="results.html?navigate=prev&amp;page=${page - 1}">Previous</a>` : '',
    page < pages ? `<a href="results.html?navigate=next&amp;page=${page + 1}">Next</a>` : '',
  ].filter(Boolean);
  const table =
    hits.length === 0
      ? ''
      : `<table>
<thead><tr><th>Name</th><th>License Type</th><th>License Number</th><th>City, State</th><th>Status</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
${links.length > 0 ? `<div class="pagination">${links.join(' ')}</div>` : ''}`;
  return layout(
    'Search Results',
    `<h2>Search Results</h2>
<div class="span-24"><div><p>Total Matches Found: ${hits.length}</p></div>${hits.length > 0 ? `<div><p>Page ${page} of ${pages}</p></div>` : ''}</div>
${table}
<p><a href="search.html">New Search</a></p>`,
  );
}

function detailPage({ person, license }: BoardLicense): string {
  const item = (label: string, value: string) => `<li><strong>${label}:</strong> ${escapeHtml(value)}</li>`;
  const given = [person.firstName, license.middleAsPublished, license.lastNameAsPublished, person.suffix]
    .filter(Boolean)
    .join(' ');
  const inForce = license.status === 'active' || license.status === 'probation';
  return layout(
    'Licensee Profile',
    `<h3>Profile for ${escapeHtml(given)}</h3>
<div class="span-24">
<div class="column span-8 colborder"><ul>
${item('License Number', license.licenseNumber ?? '')}
${item('License Type', inForce ? 'Active' : 'Inactive')}
${item('License Status', KANSAS_STATUS[license.status])}
${item('License Expiration Date', usDate(license.expiryDate))}
${item('Original License Date', usDate(license.issueDate))}
${item('Last Renewal Date', usDate(license.renewalDate))}
</ul></div>
<div class="column span-8 last"><ul>
${item('Profession', KANSAS_TYPES[license.licenseType])}
<li><strong>Address:</strong><br>${escapeHtml(cityOf({ person, license }))}</li>
</ul></div>
</div>
<p><a id="id_back" href="search.html">Back to Search</a></p>`,
  );
}

function expiredPage(): string {
  return layout(
    'Session Expired',
    `<h2>Session Expired</h2>
<p>Your search session has expired. Please <a href="search.html">start a new search</a>.</p>`,
  );
}

function newSessionId(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

function sessionOf(req: IncomingMessage): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === SESSION_COOKIE && value && /^[0-9A-F]{32}$/.test(value)) return value;
  }
  return undefined;
}
