import type { ServerResponse } from 'node:http';
import {
  type BrowserSiteRequest,
  detailEndpoint,
  type RowWords,
  searchEndpoint,
  sendAppShell,
} from './browser-site.ts';

// Salesforce Experience Cloud look-ups (real-sources BOARDS.md §3 rows 37, 60, 63): Lightning pages
// whose markup is rendered by their components' script, never served.
// - Wisconsin, license.wi.gov/s/license-lookup (PSV WI_DSPS): a "Search By" combobox (Credential/License
//   Number, Individual Name, License Type), a Lightning input, a Search button; results rows
//   `tr.slds-hint-parent`, the number in a `th[data-label]` linking /s/credential-detail/<id>, then
//   `td[data-label]` cells type, subtype, name, DBA, city, state, zip, granted, status.
// - New Mexico, nmrldlpi.my.site.com/nmmb/s/searchlicense (PSV NM_MEDBOARD): inputs known by their
//   labels ("Licensee Name", "License Number"), `button.slds-button_brand`, a table of name, type,
//   number, status, county, issue date, expiry, address.
// - DC Health, dohenterprise.my.site.com/ver/s/ (MLL 2024): `#LastName`, `#FirstName`, a `#Status`
//   select, the search link `div > a:nth-child(15)`, rows whose 2nd, 4th and 6th cells are the
//   number, status and expiry.
// The no-results words, the label of the detail's expiry, the type words, DC's other cells and
// options, New Mexico's counties and addresses are the simulator's own: the evidence does not give them.

type SalesforceSite = {
  host: string;
  boardId: string;
  /** The app's pages, without a trailing slash. */
  pages: readonly string[];
  /** Where a credential's own page is, under its id. */
  detailPrefix?: string;
  app: 'wisconsin' | 'new-mexico' | 'dc';
};

export const SALESFORCE_SITES: readonly SalesforceSite[] = [
  {
    host: 'license.wi.gov',
    boardId: 'wi-med',
    pages: ['/s/license-lookup'],
    detailPrefix: '/s/credential-detail/',
    app: 'wisconsin',
  },
  { host: 'nmrldlpi.my.site.com', boardId: 'nm-med', pages: ['/nmmb/s/searchlicense'], app: 'new-mexico' },
  { host: 'dohenterprise.my.site.com', boardId: 'dc-med', pages: ['/ver/s'], app: 'dc' },
];

const WORDS: RowWords = { type: { MD: 'Medical Doctor', DO: 'Osteopathic Physician' } };

/** The request a path under /sites names, when it is a Salesforce look-up's. */
export function salesforceRequest(parts: readonly string[], query: URLSearchParams): BrowserSiteRequest | undefined {
  const [host, ...rest] = parts;
  const site = SALESFORCE_SITES.find((s) => s.host === host);
  if (!site) return undefined;
  const path = `/${rest.join('/')}`;
  const isPage =
    site.pages.includes(path.replace(/\/+$/, '')) ||
    (site.detailPrefix !== undefined && path.startsWith(site.detailPrefix) && path.length > site.detailPrefix.length);
  if (isPage) return { boardId: site.boardId, lastName: undefined, answer: (_ctx, res) => sendPage(res, site) };
  if (path === '/_sim/search') return searchEndpoint([site.boardId], query, WORDS);
  if (path === '/_sim/detail') return detailEndpoint([site.boardId], query, WORDS);
  return undefined;
}

const STYLE = `body{font-family:Salesforce Sans,Arial,sans-serif;margin:2em}[hidden]{display:none}
.slds-table td,.slds-table th{padding:4px 8px;border-bottom:1px solid #ddd}.slds-form-element{margin:8px 0}`;

function sendPage(res: ServerResponse, site: SalesforceSite): void {
  const app = APPS[site.app];
  sendAppShell(res, { title: app.title, host: site.host, style: STYLE, body: app.body, script: app.script });
}

// The site's own base under the simulator, for the addresses a page pushes as it navigates.
const SITE_BASE = `const SITE = API.slice(0, -'/_sim'.length);`;

const WISCONSIN_BODY = `<div class="comm-page-custom"><h1>License Lookup</h1>
<div class="slds-form-element"><span class="slds-form-element__label">Search By</span>
<div class="slds-combobox_container"><button type="button" class="slds-combobox__input" role="combobox" aria-haspopup="listbox"
 aria-label="Search By, Select an Option" aria-expanded="false" id="search-by"><span id="search-by-value">Select an Option</span></button>
<div role="listbox" class="slds-dropdown" id="search-by-options" hidden>
<div role="option" class="slds-listbox__option" data-value="number"><span class="slds-truncate">Credential/License Number</span></div>
<div role="option" class="slds-listbox__option" data-value="name"><span class="slds-truncate">Individual Name</span></div>
<div role="option" class="slds-listbox__option" data-value="type"><span class="slds-truncate">License Type</span></div>
</div></div></div>
<div id="search-fields"></div>
<lightning-button><button type="button" class="slds-button slds-button_brand" id="search-button">Search</button></lightning-button>
<div id="lookup-view"></div></div>`;

// Routes (pushed as the community's router does): /s/license-lookup?by=…&value=… and
// /s/credential-detail/<id>.
const WISCONSIN_SCRIPT = `
${SITE_BASE}
const view = document.getElementById('lookup-view');
const fields = document.getElementById('search-fields');
let by = '';
function choose(value) {
  by = value;
  document.getElementById('search-by-options').hidden = true;
  document.getElementById('search-by-value').textContent = { number: 'Credential/License Number', name: 'Individual Name', type: 'License Type' }[value];
  fields.innerHTML = value === 'number'
    ? '<lightning-input><div class="slds-form-element"><input type="text" class="slds-input" placeholder="Credential/License Number" id="value-box"></div></lightning-input>'
    : value === 'name'
      ? '<lightning-input><div class="slds-form-element"><input type="text" class="slds-input" placeholder="Last Name" id="value-box"></div></lightning-input>'
      : '<lightning-input><div class="slds-form-element"><input type="text" class="slds-input" placeholder="License Type" id="value-box"></div></lightning-input>';
}
document.getElementById('search-by').addEventListener('click', () => {
  const list = document.getElementById('search-by-options');
  list.hidden = !list.hidden;
});
for (const option of document.querySelectorAll('[role=option]')) option.addEventListener('click', () => choose(option.dataset.value));
document.getElementById('search-button').addEventListener('click', () => {
  const box = document.getElementById('value-box');
  if (!box || !box.value.trim()) { view.innerHTML = '<p class="slds-text-color_error">Complete this field.</p>'; return; }
  history.pushState(null, '', SITE + '/s/license-lookup?' + new URLSearchParams({ by, value: box.value.trim() }).toString());
  route();
});
async function route() {
  const path = location.pathname;
  if (path.startsWith(SITE + '/s/credential-detail/')) return detail(decodeURIComponent(path.slice((SITE + '/s/credential-detail/').length)));
  const query = new URLSearchParams(location.search);
  const value = query.get('value');
  if (!value) { view.innerHTML = ''; return; }
  view.innerHTML = '<div class="slds-spinner">Loading</div>';
  const params = query.get('by') === 'number' ? { licenseNumber: value } : query.get('by') === 'name' ? { lastName: value } : {};
  let data;
  try { data = await ask('/search', params); }
  catch { view.innerHTML = '<div class="slds-notify">An error occurred. Please try again later.</div>'; return; }
  if (data.rows.length === 0) { view.innerHTML = '<div class="slds-illustration"><p>No records to display.</p></div>'; return; }
  view.innerHTML = '<table class="slds-table slds-table_bordered"><thead><tr><th>Credential/License Number</th><th>Credential/License Type</th><th>Subtype</th>' +
    '<th>Name</th><th>DBA</th><th>City</th><th>State</th><th>Zip Code</th><th>Granted</th><th>Status</th></tr></thead><tbody>' +
    data.rows.map((r) => '<tr class="slds-hint-parent"><th data-label="Credential/License Number" scope="row"><a href="' + SITE + '/s/credential-detail/' +
      encodeURIComponent(r.id) + '" class="detail-link">' + esc(r.licenseNumber) + '</a></th><td data-label="Credential/License Type">' + esc(r.licenseType) +
      '</td><td data-label="Subtype"></td><td data-label="Name">' + esc(r.name) + '</td><td data-label="DBA"></td><td data-label="City">' + esc(r.city) +
      '</td><td data-label="State">WI</td><td data-label="Zip Code">53703</td><td data-label="Granted">' + esc(r.issueDate) +
      '</td><td data-label="Status">' + esc(r.status) + '</td></tr>').join('') + '</tbody></table>';
  for (const link of view.querySelectorAll('a.detail-link')) link.addEventListener('click', (event) => {
    event.preventDefault();
    history.pushState(null, '', link.getAttribute('href'));
    route();
  });
}
async function detail(id) {
  view.innerHTML = '<div class="slds-spinner">Loading</div>';
  let r;
  try { r = await ask('/detail', { id }); }
  catch { view.innerHTML = '<div class="slds-notify">This credential could not be found.</div>'; return; }
  const item = (label, value) => '<div class="slds-form-element"><span class="slds-form-element__label">' + label +
    '</span><div class="slds-form-element__control"><lightning-formatted-text>' + esc(value) + '</lightning-formatted-text></div></div>';
  view.innerHTML = '<article class="slds-card credential-detail"><h2>Credential Detail</h2>' + item('Name', r.name) + item('Credential/License Number', r.licenseNumber) +
    item('Profession', r.licenseType) + item('Status', r.status) + item('Granted', r.issueDate) + item('Expiration Date', r.expiryDate) + '</article>';
}
window.addEventListener('popstate', route);
route();
`;

const field = (id: string, label: string) =>
  `<div class="slds-form-element"><label class="slds-form-element__label" for="${id}">${label}</label><div class="slds-form-element__control"><input type="text" id="${id}" class="slds-input"></div></div>`;

const NEW_MEXICO_BODY = `<div class="comm-page-custom"><h1>New Mexico Medical Board - License Search</h1>
${field('input-11', 'Licensee Name')}
${field('input-13', 'License Number')}
<div class="slds-form-element"><label class="slds-form-element__label">License Type</label><div class="slds-combobox_container">
<button type="button" class="slds-combobox__input" role="combobox" aria-haspopup="listbox">--None--</button></div></div>
<button type="button" class="slds-button slds-button_brand" id="search-button">Search</button>
<div id="lookup-view"></div></div>`;

// Search state in the query, as the community's router keeps it: ?name=…&number=…
const NEW_MEXICO_SCRIPT = `
${SITE_BASE}
const view = document.getElementById('lookup-view');
document.getElementById('search-button').addEventListener('click', () => {
  const name = document.getElementById('input-11').value.trim();
  const number = document.getElementById('input-13').value.trim();
  if (!name && !number) { view.innerHTML = '<p class="slds-text-color_error">Enter a licensee name or a license number.</p>'; return; }
  history.pushState(null, '', location.pathname + '?' + new URLSearchParams({ name, number }).toString());
  route();
});
async function route() {
  const query = new URLSearchParams(location.search);
  const name = query.get('name') || '';
  const number = query.get('number') || '';
  if (!name && !number) { view.innerHTML = ''; return; }
  view.innerHTML = '<div class="slds-spinner">Loading</div>';
  let data;
  try { data = await ask('/search', number ? { licenseNumber: number } : { lastName: name }); }
  catch { view.innerHTML = '<div class="slds-notify">An error occurred. Please try again later.</div>'; return; }
  if (data.rows.length === 0) { view.innerHTML = '<p class="slds-text-align_center">No records found.</p>'; return; }
  view.innerHTML = '<table class="slds-table"><thead><tr><th>Licensee Name</th><th>License Type</th><th>License Number</th><th>Status</th><th>County</th>' +
    '<th>Issue Date</th><th>Expiration Date</th><th>Business Address</th></tr></thead><tbody>' +
    data.rows.map((r) => '<tr><td>' + esc(r.name) + '</td><td>' + esc(r.licenseType) + '</td><td>' + esc(r.licenseNumber) + '</td><td>' + esc(r.status) +
      '</td><td>Bernalillo</td><td>' + esc(r.issueDate) + '</td><td>' + esc(r.expiryDate) + '</td><td>' + esc(r.city) + ', NM</td></tr>').join('') + '</tbody></table>';
}
window.addEventListener('popstate', route);
route();
`;

// The search link is the fifteenth element of its div, as MLL's selector finds it.
const DC_BODY = `<div class="comm-page-custom"><h1>DC Health - License Verification</h1>
<div class="search-form"><label for="LastName">Last Name</label><input type="text" id="LastName"><br><label for="FirstName">First Name</label><input type="text" id="FirstName"><br><label for="LicenseNumber">License Number</label><input type="text" id="LicenseNumber"><br><label for="Status">Status</label><select id="Status"><option value="">All</option><option>Active</option><option>Inactive</option><option>Expired</option></select><br><label for="Profession">Profession</label><select id="Profession"><option value="">All</option><option>Medicine</option></select><a href="javascript:void(0)" class="slds-button slds-button_brand" id="search-link">Search</a></div>
<div id="lookup-view"></div></div>`;

const DC_SCRIPT = `
${SITE_BASE}
const view = document.getElementById('lookup-view');
document.getElementById('search-link').addEventListener('click', () => {
  const params = { last: document.getElementById('LastName').value.trim(), first: document.getElementById('FirstName').value.trim(),
    number: document.getElementById('LicenseNumber').value.trim(), status: document.getElementById('Status').value };
  if (!params.last && !params.number) { view.innerHTML = '<p class="error">Enter a last name or a license number.</p>'; return; }
  history.pushState(null, '', location.pathname + '?' + new URLSearchParams(params).toString());
  route();
});
async function route() {
  const query = new URLSearchParams(location.search);
  const last = query.get('last') || '';
  const number = query.get('number') || '';
  if (!last && !number) { view.innerHTML = ''; return; }
  view.innerHTML = '<div class="slds-spinner">Loading</div>';
  let data;
  try { data = await ask('/search', number ? { licenseNumber: number } : { lastName: last, firstName: query.get('first') || '' }); }
  catch { view.innerHTML = '<div class="slds-notify">An error occurred. Please try again later.</div>'; return; }
  const status = query.get('status') || '';
  const rows = status ? data.rows.filter((r) => r.status === status) : data.rows;
  if (rows.length === 0) { view.innerHTML = '<p class="no-results">No results found.</p>'; return; }
  view.innerHTML = '<table class="slds-table"><thead><tr><th>Name</th><th>License Number</th><th>Profession</th><th>Status</th><th>Issue Date</th>' +
    '<th>Expiration Date</th></tr></thead><tbody>' + rows.map((r) => '<tr><td>' + esc(r.name) + '</td><td>' + esc(r.licenseNumber) + '</td><td>' +
      esc(r.licenseType) + '</td><td>' + esc(r.status) + '</td><td>' + esc(r.issueDate) + '</td><td>' + esc(r.expiryDate) + '</td></tr>').join('') +
    '</tbody></table>';
}
window.addEventListener('popstate', route);
route();
`;

const APPS = {
  wisconsin: { title: 'License Lookup', body: WISCONSIN_BODY, script: WISCONSIN_SCRIPT },
  'new-mexico': { title: 'Search License', body: NEW_MEXICO_BODY, script: NEW_MEXICO_SCRIPT },
  dc: { title: 'DC Health License Verification', body: DC_BODY, script: DC_SCRIPT },
} as const;
