import type { ServerResponse } from 'node:http';
import {
  type BrowserSiteRequest,
  detailEndpoint,
  type RowWords,
  searchEndpoint,
  sendAppShell,
} from './browser-site.ts';

// Single-page look-ups of their own (real-sources BOARDS.md §3 rows 15, 44, 55, 56):
// - Idaho DOPL, edopl.idaho.gov/OnlineServices/ (PSV ID_DOPL): an Angular app; its home shows tiles,
//   "Search for Individual Licenses" opens the search, whose boxes have generated ids (`#Dd-r` the
//   license number, `#Dd-11` the name) and take only typed keys (a pasted value never reaches the
//   form); `button#Dc-d` searches; results are rows of `td.TDS` cells: number, type, name, an empty
//   cell, status, expiry ('05-Mar-2027'), compact member. The form's own layout table has no `td.TDS`.
// - Oregon Medical Board, omb.oregon.gov/search (PSV OR_OMB): inputs named `lastName`, `licenseNumber`,
//   a `nameMatch` select, a Search button; results are cards `div.alx-list-item` whose `h4` is
//   "Last, First Middle" and whose link carries the EntityID; its template always holds "No results
//   were found." hidden until nothing matched; the detail lists Provider Name, License Number, License
//   Type, Status, Issue Date, Expiration Date.
// - Vermont, search.medicallicensing.vermont.gov (PSV VT_MEDBOARD): a Next.js app with one keyword box
//   (React's generated id `:r3:`) and a submit button; results are cards with the licensee's name and a
//   "View" button, which opens the credential (Credential Number, License Type, Status, Initial
//   Credential Date, Expiration Date). The portal lists Vermont's MDs and DOs: faults set for vt-md
//   reach it. The real card's second "View" is not simulated.
// Every other word (no-results lines, type words, Oregon's card labels and EntityID form, Vermont's
// name order) is the simulator's own.

type SpaApp = 'idaho' | 'oregon' | 'vermont';
type SpaSite = { host: string; boardIds: readonly string[]; pages: readonly string[]; app: SpaApp };

export const SPA_SITES: readonly SpaSite[] = [
  { host: 'edopl.idaho.gov', boardIds: ['id-med'], pages: ['/OnlineServices', '/OnlineServices/_'], app: 'idaho' },
  { host: 'omb.oregon.gov', boardIds: ['or-med'], pages: ['/search'], app: 'oregon' },
  { host: 'search.medicallicensing.vermont.gov', boardIds: ['vt-md', 'vt-do'], pages: ['/'], app: 'vermont' },
];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2027-03-05' → '05-Mar-2027', as Idaho's app prints dates. */
export function idahoDate(iso: string | null): string {
  if (!iso) return '';
  return `${iso.slice(8, 10)}-${MONTHS[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}`;
}

const WORDS: Record<SpaApp, RowWords> = {
  idaho: { type: { MD: 'Medical Doctor', DO: 'Osteopathic Physician' }, date: idahoDate },
  oregon: { type: { MD: 'Medical Doctor', DO: 'Osteopathic Physician' } },
  vermont: { type: { MD: 'Medical Doctor', DO: 'Osteopathic Physician' } },
};

/** The request a path under /sites names, when it is one of these apps'. */
export function spaRequest(parts: readonly string[], query: URLSearchParams): BrowserSiteRequest | undefined {
  const [host, ...rest] = parts;
  const site = SPA_SITES.find((s) => s.host === host);
  if (!site) return undefined;
  const path = `/${rest.join('/')}`;
  const boardId = site.boardIds[0] as string;
  if (site.pages.includes(path.replace(/\/+$/, '') || '/'))
    return { boardId, lastName: undefined, answer: (_ctx, res) => sendPage(res, site) };
  if (path === '/_sim/search') return searchEndpoint(site.boardIds, query, WORDS[site.app]);
  if (path === '/_sim/detail') return detailEndpoint(site.boardIds, query, WORDS[site.app]);
  return undefined;
}

const STYLE = `body{font-family:Roboto,Arial,sans-serif;margin:2em}.ng-hide,[hidden]{display:none!important}
td{padding:4px 8px}.MuiCard-root{border:1px solid #ccc;margin:8px 0;padding:8px}.alx-list-item{border-bottom:1px solid #ddd;padding:6px}`;

function sendPage(res: ServerResponse, site: SpaSite): void {
  const app = APPS[site.app];
  sendAppShell(res, { title: app.title, host: site.host, style: STYLE, body: app.body, script: app.script });
}

const IDAHO_BODY = `<div id="app-root"><header><h1>Idaho Division of Occupational and Professional Licenses</h1></header><main id="view"></main></div>`;

// Hash routes as the app numbers them: #1 home, #2 the search, #3 results (?name=… or ?number=…).
const IDAHO_SCRIPT = `
const view = document.getElementById('view');
const model = { license: '', name: '' };
function home() {
  view.innerHTML = '<section class="login"><h2>Log In</h2><input id="Da-1" placeholder="User name"><input id="Da-2" type="password"></section>' +
    '<section class="tiles"><a href="#2" class="tile">Search for Individual Licenses</a> <a href="#4" class="tile">Search for Facility Licenses</a></section>';
}
function form() {
  model.license = ''; model.name = '';
  view.innerHTML = '<h2>Search for Individual Licenses</h2><table class="layout"><tbody>' +
    '<tr><td><label for="Dd-r">License Number</label></td><td><input id="Dd-r" type="text"></td></tr>' +
    '<tr><td><label for="Dd-11">Name</label></td><td><input id="Dd-11" type="text"></td></tr>' +
    '<tr><td></td><td><button id="Dc-d" type="button">Search</button></td></tr></tbody></table><p id="message"></p>';
  // Angular's form control hears keys; a value set without them never reaches it.
  document.getElementById('Dd-r').addEventListener('keyup', (event) => { model.license = event.target.value; });
  document.getElementById('Dd-11').addEventListener('keyup', (event) => { model.name = event.target.value; });
  document.getElementById('Dc-d').addEventListener('click', () => {
    if (!model.license.trim() && !model.name.trim()) { document.getElementById('message').textContent = 'Enter a license number or a name.'; return; }
    location.hash = '#3?' + new URLSearchParams(model.license.trim() ? { number: model.license.trim() } : { name: model.name.trim() }).toString();
  });
}
async function results(query) {
  view.innerHTML = '<p class="loading">Searching…</p>';
  let data;
  try { data = await ask('/search', query.get('number') ? { licenseNumber: query.get('number') } : { keywords: query.get('name') || '' }); }
  catch { view.innerHTML = '<p class="error">The service is unavailable. Please try again later.</p>'; return; }
  if (data.rows.length === 0) { view.innerHTML = '<p class="empty">No matching Individual Licenses were found.</p><a href="#2">New search</a>'; return; }
  view.innerHTML = '<table class="results"><thead><tr><th>License Number</th><th>License Type</th><th>Name</th><th>Business</th><th>Status</th>' +
    '<th>Expiration Date</th><th>Compact</th></tr></thead><tbody>' + data.rows.map((r) => '<tr><td class="TDS">' + esc(r.licenseNumber) +
      '</td><td class="TDS">' + esc(r.licenseType) + '</td><td class="TDS">' + esc(r.name) + '</td><td class="TDS"></td><td class="TDS">' +
      esc(r.status) + '</td><td class="TDS">' + esc(r.expiryDate) + '</td><td class="TDS">No</td></tr>').join('') + '</tbody></table>';
}
function route() {
  const hash = location.hash;
  if (hash === '#2') return form();
  if (hash.startsWith('#3?')) return results(new URLSearchParams(hash.slice(3)));
  return home();
}
window.addEventListener('hashchange', route);
route();
`;

const OREGON_BODY = `<div ng-app="omb"><h1>Oregon Medical Board - License Search</h1>
<form id="search-form" onsubmit="return false">
<label>Last Name <input type="text" name="lastName" id="lastName"></label>
<label>First Name <input type="text" name="firstName" id="firstName"></label>
<label>License Number <input type="text" name="licenseNumber" id="licenseNumber"></label>
<label>Name match <select name="nameMatch" id="nameMatch"><option>Starts With</option><option>Contains</option><option>Exact</option></select></label>
<button type="button" id="search-button">Search</button>
</form>
<div id="view"></div>
<div class="no-results ng-hide" id="no-results">No results were found.</div></div>`;

// Routes in the query: ?lastName=…&firstName=…&licenseNumber=… (results) and ?EntityID=… (a licensee).
const OREGON_SCRIPT = `
const view = document.getElementById('view');
const empty = document.getElementById('no-results');
document.getElementById('search-button').addEventListener('click', () => {
  const params = {};
  for (const name of ['lastName', 'firstName', 'licenseNumber']) { const v = document.getElementById(name).value.trim(); if (v) params[name] = v; }
  if (Object.keys(params).length === 0) return;
  history.pushState(null, '', location.pathname + '?' + new URLSearchParams(params).toString());
  route();
});
async function route() {
  const query = new URLSearchParams(location.search);
  empty.classList.add('ng-hide');
  if (query.get('EntityID')) return entity(query.get('EntityID'));
  const params = {};
  for (const name of ['lastName', 'firstName', 'licenseNumber']) if (query.get(name)) params[name] = query.get(name);
  if (Object.keys(params).length === 0) { view.innerHTML = ''; return; }
  view.innerHTML = '<p class="loading">Searching…</p>';
  let data;
  try { data = await ask('/search', params); }
  catch { view.innerHTML = '<p class="error">The search is unavailable. Please try again later.</p>'; return; }
  if (data.rows.length === 0) { view.innerHTML = ''; empty.classList.remove('ng-hide'); return; }
  view.innerHTML = '<div class="alx-list">' + data.rows.map((r) => '<div class="alx-list-item"><h4><a href="?EntityID=' + encodeURIComponent(r.id) +
    '" class="entity-link">' + esc(r.name) + '</a></h4><label>License Number: ' + esc(r.licenseNumber) + '</label> <label>Status: ' + esc(r.status) +
    '</label></div>').join('') + '</div>';
  for (const link of view.querySelectorAll('a.entity-link')) link.addEventListener('click', (event) => {
    event.preventDefault();
    history.pushState(null, '', location.pathname + link.getAttribute('href'));
    route();
  });
}
async function entity(id) {
  view.innerHTML = '<p class="loading">Loading…</p>';
  let r;
  try { r = await ask('/detail', { id }); }
  catch { view.innerHTML = '<p class="error">This licensee could not be found.</p>'; return; }
  const row = (label, value) => '<tr><th>' + label + '</th><td>' + esc(value) + '</td></tr>';
  view.innerHTML = '<table class="licensee-detail">' + row('Provider Name', r.name) + row('License Number', r.licenseNumber) +
    row('License Type', r.licenseType) + row('Status', r.status) + row('Issue Date', r.issueDate) + row('Expiration Date', r.expiryDate) + '</table>';
}
window.addEventListener('popstate', route);
route();
`;

const VERMONT_BODY = `<div id="__next"><header class="MuiAppBar-root"><h1>Vermont Board of Medical Practice - License Search</h1></header>
<main><form id="search-form"><div class="MuiFormControl-root"><label for=":r3:">Name or license number</label>
<input id=":r3:" type="text" class="MuiInputBase-input"></div><div><button type="submit" class="MuiButton-root">Search</button></div></form>
<div id="view"></div></main></div>`;

// Routes in the query: ?q=… (results) and ?credential=… (one credential).
const VERMONT_SCRIPT = `
const view = document.getElementById('view');
document.getElementById('search-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const q = document.getElementById(':r3:').value.trim();
  if (!q) return;
  history.pushState(null, '', location.pathname + '?' + new URLSearchParams({ q }).toString());
  route();
});
async function route() {
  const query = new URLSearchParams(location.search);
  if (query.get('credential')) return credential(query.get('credential'));
  const q = query.get('q');
  if (!q) { view.innerHTML = ''; return; }
  view.innerHTML = '<span class="MuiCircularProgress-root">Loading</span>';
  let data;
  try { data = await ask('/search', { keywords: q }); }
  catch { view.innerHTML = '<p class="MuiAlert-message">Something went wrong. Please try again.</p>'; return; }
  if (data.rows.length === 0) { view.innerHTML = '<p class="MuiTypography-root">No results found.</p>'; return; }
  view.innerHTML = data.rows.map((r) => '<div class="MuiPaper-root MuiCard-root"><div class="MuiCardHeader-root"><span class="MuiCardHeader-title">' +
    esc([r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ')) + '</span></div><div class="MuiCardActions-root">' +
    '<button type="button" class="MuiButton-root view-button" data-id="' + esc(r.id) + '">View</button></div></div>').join('');
  for (const button of view.querySelectorAll('button.view-button')) button.addEventListener('click', () => {
    history.pushState(null, '', location.pathname + '?' + new URLSearchParams({ credential: button.dataset.id }).toString());
    route();
  });
}
async function credential(id) {
  view.innerHTML = '<span class="MuiCircularProgress-root">Loading</span>';
  let r;
  try { r = await ask('/detail', { id }); }
  catch { view.innerHTML = '<p class="MuiAlert-message">Credential not found.</p>'; return; }
  const item = (label, value) => '<dt>' + label + '</dt><dd>' + esc(value) + '</dd>';
  view.innerHTML = '<section class="credential"><h2>SUMMARY</h2><dl>' + item('Credential Number', r.licenseNumber) + item('License Type', r.licenseType) +
    item('Board', 'Board of Medical Practice') + item('Status', r.status) + item('Initial Credential Date', r.issueDate) + item('Expiration Date', r.expiryDate) +
    '</dl><h2>ADDRESS</h2><p>' + esc(r.city) + ', VT</p><button type="button" onclick="history.back()">Back</button></section>';
}
window.addEventListener('popstate', route);
route();
`;

const APPS = {
  idaho: { title: 'DOPL Online Services', body: IDAHO_BODY, script: IDAHO_SCRIPT },
  oregon: { title: 'Oregon Medical Board - Search', body: OREGON_BODY, script: OREGON_SCRIPT },
  vermont: { title: 'Vermont Medical Licensing - Search', body: VERMONT_BODY, script: VERMONT_SCRIPT },
} as const;
