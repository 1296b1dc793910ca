import type { ServerResponse } from 'node:http';
import {
  type BrowserSiteRequest,
  detailEndpoint,
  pageOf,
  type RowWords,
  searchEndpoint,
  sendAppShell,
} from './browser-site.ts';

// Thentia Cloud public registers (real-sources BOARDS.md §3 rows 4, 33, 34, 43; PSV, MLL): an
// AngularJS app whose page holds no licensee until its script has asked the register. Two layouts:
// - `portal` (azdo / nsbom / osboe.portalus.thentiacloud.net, /webs/portal/register/): one keyword box
//   `#keywords`, `button.btn-brand`, a table License # / First Name / Last Name / City / License Type /
//   Status / Expiration Date / Action, "No Records Found" in the table body and "Showing results 1-0
//   of 0" above it when nothing matched, a "Next Page" link (PSV NV_OSTEO's page analysis, AZ_OSTEO).
// - `nsbme` (nsbme.us.thentiacloud.net, /webs/nsbme/register/, Nevada's medical board): a search-by
//   `<select>` (License Number, Last Name, First Name) beside an "Enter search text" box, rows Name /
//   License # / License Type / Status … with the "View" link in the tenth cell, and a profile of
//   `div.hd-box-container.profile` boxes whose 2nd, 4th and 6th hold the number, status and expiry
//   (PSV NV_MEDBOARD; MLL). Its cells five to nine and the boxes' labels are the simulator's own.
// The words beyond those (status and type words, the error text) are the simulator's own too.

type Variant = 'portal' | 'nsbme';
type ThentiaSite = { host: string; path: string; boardId: string; variant: Variant; title: string };

export const THENTIA_SITES: readonly ThentiaSite[] = [
  {
    host: 'azdo.portalus.thentiacloud.net',
    path: '/webs/portal/register/',
    boardId: 'az-do',
    variant: 'portal',
    title: 'Arizona Board of Osteopathic Examiners - Public Register',
  },
  {
    host: 'nsbom.portalus.thentiacloud.net',
    path: '/webs/portal/register/',
    boardId: 'nv-do',
    variant: 'portal',
    title: 'Nevada State Board of Osteopathic Medicine - Public Register',
  },
  {
    host: 'osboe.portalus.thentiacloud.net',
    path: '/webs/portal/register/',
    boardId: 'ok-do',
    variant: 'portal',
    title: 'Oklahoma State Board of Osteopathic Examiners - Public Register',
  },
  {
    host: 'nsbme.us.thentiacloud.net',
    path: '/webs/nsbme/register/',
    boardId: 'nv-md',
    variant: 'nsbme',
    title: 'Nevada State Board of Medical Examiners - Licensee Search',
  },
];

/** Rows per page of the register (the simulator's choice). */
export const THENTIA_PAGE_SIZE = 25;

const WORDS: Record<Variant, RowWords> = {
  portal: { type: { MD: 'Medical Doctor', DO: 'Osteopathic Physician' } },
  nsbme: { type: { MD: 'Physician', DO: 'Osteopathic Physician' } },
};

/** The request a path under /sites names, when it is a Thentia register's. */
export function thentiaRequest(parts: readonly string[], query: URLSearchParams): BrowserSiteRequest | undefined {
  const [host, ...rest] = parts;
  const site = THENTIA_SITES.find((s) => s.host === host);
  if (!site) return undefined;
  const path = `/${rest.join('/')}`;
  if (path === site.path || `${path}/` === site.path)
    return { boardId: site.boardId, lastName: undefined, answer: (_ctx, res) => sendPage(res, site) };
  if (path === '/_sim/search')
    return searchEndpoint([site.boardId], query, WORDS[site.variant], {
      page: pageOf(query),
      pageSize: THENTIA_PAGE_SIZE,
    });
  if (path === '/_sim/detail' && site.variant === 'nsbme')
    return detailEndpoint([site.boardId], query, WORDS[site.variant]);
  return undefined;
}

const STYLE = `body{font-family:sans-serif;margin:2em}.ng-hide{display:none}.table td,.table th{padding:4px 8px;border-bottom:1px solid #ddd}
a.disabled{pointer-events:none;color:#999}.hd-box-container.profile>div{margin:6px 0}`;

function sendPage(res: ServerResponse, site: ThentiaSite): void {
  sendAppShell(res, {
    title: site.title,
    host: site.host,
    style: STYLE,
    body: site.variant === 'portal' ? PORTAL_BODY(site.title) : NSBME_BODY(site.title),
    script: site.variant === 'portal' ? PORTAL_SCRIPT : NSBME_SCRIPT,
  });
}

const PORTAL_BODY = (title: string) => `<div class="container" ng-app="register">
<h1>${title}</h1>
<div class="input-group hd-search">
<input id="keywords" name="keywords" type="text" class="form-control" placeholder="Enter search text" autocomplete="off">
<div class="input-group-btn"><button class="btn btn-brand" type="button" id="search-button"><span>Search</span></button></div>
</div>
<div id="register-results"></div>
</div>`;

// The register's state lives in the hash (#/?keywords=…&page=…), as the real AngularJS router keeps
// it: a reload or a step back shows the same results.
const PORTAL_SCRIPT = `
const results = document.getElementById('register-results');
const box = document.getElementById('keywords');
function state() {
  const query = location.hash.startsWith('#/?') ? new URLSearchParams(location.hash.slice(3)) : new URLSearchParams();
  return { keywords: query.get('keywords') || '', page: Number(query.get('page') || '1') };
}
function go(keywords, page) { location.hash = '#/?' + new URLSearchParams({ keywords, page: String(page) }).toString(); }
async function route() {
  const { keywords, page } = state();
  if (!keywords) { results.innerHTML = ''; return; }
  box.value = keywords;
  results.innerHTML = '<p class="loading">Searching…</p>';
  let data;
  try { data = await ask('/search', { keywords, page }); }
  catch { results.innerHTML = '<div class="alert alert-danger">The public register is unavailable. Please try again later.</div>'; return; }
  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.rows.length - 1;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const body = data.rows.length === 0
    ? '<tr><td colspan="8" class="text-center">No Records Found</td></tr>'
    : data.rows.map((r) => '<tr><td>' + esc(r.licenseNumber) + '</td><td>' + esc(r.firstName) + '</td><td>' + esc(r.lastName) +
        '</td><td>' + esc(r.city) + '</td><td>' + esc(r.licenseType) + '</td><td>' + esc(r.status) + '</td><td>' + esc(r.expiryDate) +
        '</td><td><a class="btn btn-single" href="#/register/profile/' + encodeURIComponent(r.id) + '">View</a></td></tr>').join('');
  results.innerHTML = '<p class="summary">Showing results ' + first + '-' + last + ' of ' + data.total + '</p>' +
    '<table class="table table-striped"><thead><tr><th>License #</th><th>First Name</th><th>Last Name</th><th>City</th>' +
    '<th>License Type</th><th>Status</th><th>Expiration Date</th><th>Action</th></tr></thead><tbody>' + body + '</tbody></table>' +
    (pages > 1 ? '<ul class="pagination"><li><a title="Next Page" href="javascript:void(0)" ng-click="nextPageStart()" class="' +
      (page >= pages ? 'disabled' : '') + '" id="next-page">Next Page</a></li></ul>' : '');
  const next = document.getElementById('next-page');
  if (next) next.addEventListener('click', () => { if (page < pages) go(keywords, page + 1); });
}
document.getElementById('search-button').addEventListener('click', () => go(box.value.trim(), 1));
box.addEventListener('keydown', (event) => { if (event.key === 'Enter') go(box.value.trim(), 1); });
window.addEventListener('hashchange', route);
route();
`;

const NSBME_BODY = (title: string) => `<div class="container" ng-app="nsbme">
<h1>${title}</h1>
<div class="input-group hd-search">
<select class="form-control" id="search-by"><option>License Number</option><option selected>Last Name</option><option>First Name</option></select>
<input type="text" class="form-control" placeholder="Enter search text" id="search-text" autocomplete="off">
<div><button class="btn btn-brand" type="button" id="search-button">Search</button></div>
</div>
<div id="register-view"></div>
</div>`;

// Routes: #/?by=…&text=… (results) and #/profile/<id> (a licensee's profile).
const NSBME_SCRIPT = `
const view = document.getElementById('register-view');
const PARAM = { 'License Number': 'licenseNumber', 'Last Name': 'lastName', 'First Name': 'firstName' };
async function route() {
  const hash = location.hash;
  if (hash.startsWith('#/profile/')) return profile(decodeURIComponent(hash.slice('#/profile/'.length)));
  const query = hash.startsWith('#/?') ? new URLSearchParams(hash.slice(3)) : new URLSearchParams();
  const by = query.get('by') || '';
  const text = query.get('text') || '';
  if (!text || !PARAM[by]) { view.innerHTML = ''; return; }
  document.getElementById('search-by').value = by;
  document.getElementById('search-text').value = text;
  view.innerHTML = '<p class="loading">Searching…</p>';
  let data;
  try { data = await ask('/search', { [PARAM[by]]: text }); }
  catch { view.innerHTML = '<div class="alert alert-danger">The search is unavailable. Please try again later.</div>'; return; }
  if (data.rows.length === 0) { view.innerHTML = '<p class="no-results">No licensees found.</p>'; return; }
  view.innerHTML = '<table class="table"><thead><tr><th>Name</th><th>License #</th><th>License Type</th><th>Status</th><th>City</th>' +
    '<th>State</th><th>Issue Date</th><th>Board Actions</th><th>Documents</th><th></th></tr></thead><tbody>' +
    data.rows.map((r) => '<tr><td>' + esc(r.name.toUpperCase()) + '</td><td>' + esc(r.licenseNumber) + '</td><td>' + esc(r.licenseType) +
      '</td><td>' + esc(r.status) + '</td><td>' + esc(r.city) + '</td><td>NV</td><td>' + esc(r.issueDate) + '</td><td>None</td><td></td>' +
      '<td><a class="btn btn-single" href="#/profile/' + encodeURIComponent(r.id) + '">View</a></td></tr>').join('') + '</tbody></table>';
}
async function profile(id) {
  view.innerHTML = '<p class="loading">Loading…</p>';
  let r;
  try { r = await ask('/detail', { id }); }
  catch { view.innerHTML = '<div class="alert alert-danger">This profile is unavailable.</div>'; return; }
  const box = (label, value) => '<div><label>' + label + '</label><div>' + esc(value) + '</div></div>';
  view.innerHTML = '<div class="hd-box-container profile">' + box('Name', r.name.toUpperCase()) + box('License Number', r.licenseNumber) +
    box('License Type', r.licenseType) + box('Status', r.status) + box('Issue Date', r.issueDate) + box('Expiration Date', r.expiryDate) +
    '</div><a href="javascript:history.back()">Back to results</a>';
}
document.getElementById('search-button').addEventListener('click', () => {
  location.hash = '#/?' + new URLSearchParams({ by: document.getElementById('search-by').value, text: document.getElementById('search-text').value.trim() }).toString();
});
window.addEventListener('hashchange', route);
route();
`;
