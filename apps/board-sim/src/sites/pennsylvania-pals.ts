import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LicenseStatus } from '@licensewatch/shared/licenses';
import { usDate } from '../board-records.ts';
import { sendHtml, sendJson } from '../http-util.ts';
import type { BoardLicense } from '../population.ts';
import { searchKey } from '../population-index.ts';
import { hash32 } from '../prng.ts';
import type { SimContext } from '../sim-context.ts';
import { searchBoardLicenses } from './search-board-licenses.ts';

// Pennsylvania's PALS, www.pals.pa.gov (real-sources BOARDS.md rows 45, 46; PSV PA_PALS; X18), the one
// portal of every Pennsylvania licensing board, both physician boards included:
// - An AngularJS app: `#!/page/search` holds the form (`#LicenseNo`, `#lName`, `#fName`, `#mName`,
//   `#City`, `#zip`) and `button.btn-primary` "Search"; the HTML has no results until the script has
//   asked the API. The results are the DataTables table `#DataTables_Table_3` (tables 0–2 are the
//   form's own scaffolding): Full Name, License Number, Board/Commission, License Type, Status, Address,
//   an action cell; its pager's next button is `#DataTables_Table_3_next` (PSV).
// - The API (public code index ids 70801316144, 70407654262): POST api/Search/SearchForPersonOrFacilty
//   (spelled so), a JSON body with OptPersonFacility, IsFacility, ProfessionID, LicenseTypeId, State,
//   Country, County, PersonId and PageNo; the answer is an array of rows, 50 a page, each carrying
//   TotalRecords, which stops at about 500 (no page after the tenth). Rows carry LicenseNumber,
//   LicenceType (spelled so), Status, ProfessionType, BoardName, DisciplinaryAction, LicenseId,
//   PersonId, LicenseTypeId, City, State, zipcode.
// - The expiry is only on the detail (PSV; public code index id 61716497899): a row's name link stores
//   PersonId, LicenseId, LicenseNumber and IsFacility in localStorage and opens `#!/page/searchresult`
//   in a NEW TAB, whose controller posts them to api/Search/GetPersonOrFacilityDetails; its answer
//   holds ExpiryDate, IssueDate, Status, LicenseType, LicenseNumber, FirstName, LastName,
//   StatusEffectivedate (PSV's map of it).
// The simulator's own: the body's person keys (LastName, FirstName, MiddleName, LicenseNumber, City,
// Zip), the name's form in the table, the type, board and status words, the id numbers, dates as
// mm/dd/yyyy, the detail page's labels (PSV's unconfirmed list), every message, and the other
// professions' licensees it lists beside the physicians (nurses, physician assistants of the Board of
// Medicine itself, pharmacists), whose rows a physician board's reader must leave out. The empty
// table says "No data available in table", DataTables' own words, which PSV's script looks for.

export const PALS_HOST = 'www.pals.pa.gov';
/** Both boards' licenses are in the one portal: a fault set for either reaches it. */
export const PALS_BOARD_IDS = ['pa-md', 'pa-do'] as const;

const SEARCH_ENDPOINT = 'SearchForPersonOrFacilty';
const DETAIL_ENDPOINT = 'GetPersonOrFacilityDetails';
export const PALS_PAGE_SIZE = 50;
const LAST_PAGE = 10;
/** What TotalRecords stops at: ten pages of fifty. */
export const PALS_CAP = PALS_PAGE_SIZE * LAST_PAGE;
const MAX_BODY_BYTES = 16 * 1024;

type Profession = { board: string; profession: string; type: string; prefix: string; typeId: number };

const PHYSICIANS: Record<'MD' | 'DO', Profession> = {
  MD: {
    board: 'State Board of Medicine',
    profession: 'Medicine',
    type: 'Medical Physician and Surgeon',
    prefix: 'MD',
    typeId: 36,
  },
  DO: {
    board: 'State Board of Osteopathic Medicine',
    profession: 'Osteopathic Medicine',
    type: 'Osteopathic Physician and Surgeon',
    prefix: 'OS',
    typeId: 52,
  },
};

const OTHERS: readonly Profession[] = [
  { board: 'State Board of Nursing', profession: 'Nursing', type: 'Registered Nurse', prefix: 'RN', typeId: 12 },
  { board: 'State Board of Medicine', profession: 'Medicine', type: 'Physician Assistant', prefix: 'MA', typeId: 38 },
  { board: 'State Board of Pharmacy', profession: 'Pharmacy', type: 'Pharmacist', prefix: 'RP', typeId: 113 },
];
const OTHER_FIRST_NAMES = ['Ashley', 'Brandon', 'Courtney', 'Dana', 'Erin', 'Jordan', 'Kelsey', 'Morgan'];

const PALS_STATUS: Record<LicenseStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  suspended: 'Suspended',
  probation: 'Probation',
  revoked: 'Revoked',
  inactive: 'Inactive',
  surrendered: 'Voluntary Surrender',
  unknown: 'Pending',
};

const CITIES = ['Philadelphia', 'Pittsburgh', 'Harrisburg', 'Allentown', 'Erie', 'Scranton', 'Lancaster', 'Hershey'];

/** One license as PALS lists it: a physician's, or another professional's beside one. */
type PalsLicense = {
  personId: number;
  licenseId: number;
  profession: Profession;
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: string;
  licenseNumber: string;
  status: string;
  issueDate: string;
  statusEffective: string;
  expiryDate: string;
  discipline: string;
  city: string;
  zip: string;
};

// Ids are the simulator's: a license id names its holder (index × 4) and which of their licenses it is.
const PERSON_ID_BASE = 100_000;
const OTHER_PERSON_ID_BASE = 3_000_000;
const LICENSE_ID_BASE = 1_000_000;
const OTHER_SLOT = 2;

function placeOf(index: number): { city: string; zip: string } {
  return {
    city: CITIES[hash32(index, 4503) % CITIES.length] as string,
    zip: `1${String(5000 + (hash32(index, 4504) % 4000)).padStart(4, '0')}`,
  };
}

function physicianLicense({ person, license }: BoardLicense): PalsLicense {
  return {
    personId: PERSON_ID_BASE + person.index,
    licenseId: LICENSE_ID_BASE + person.index * 4 + (license.licenseType === 'MD' ? 0 : 1),
    profession: PHYSICIANS[license.licenseType],
    firstName: person.firstName,
    middleName: license.middleAsPublished ?? '',
    lastName: license.lastNameAsPublished,
    suffix: person.suffix ?? '',
    licenseNumber: license.licenseNumber ?? '',
    status: PALS_STATUS[license.status],
    issueDate: usDate(license.issueDate),
    statusEffective: usDate(license.renewalDate),
    expiryDate: usDate(license.expiryDate),
    discipline: license.discipline ?? '',
    ...placeOf(person.index),
  };
}

/** A third of physicians share their surname with another professional PALS lists. */
function otherBeside({ person, license }: BoardLicense): PalsLicense | undefined {
  if (hash32(person.index, 4501) % 3 !== 0) return undefined;
  const profession = OTHERS[hash32(person.index, 4502) % OTHERS.length] as Profession;
  const issueYear = 2004 + (hash32(person.index, 4505) % 18);
  return {
    personId: OTHER_PERSON_ID_BASE + person.index,
    licenseId: LICENSE_ID_BASE + person.index * 4 + OTHER_SLOT,
    profession,
    firstName: OTHER_FIRST_NAMES[hash32(person.index, 4506) % OTHER_FIRST_NAMES.length] as string,
    middleName: '',
    lastName: license.lastNameAsPublished,
    suffix: '',
    licenseNumber: `${profession.prefix}${String(hash32(person.index, 4507) % 1_000_000).padStart(6, '0')}`,
    status: 'Active',
    issueDate: `06/30/${issueYear}`,
    statusEffective: `06/30/${issueYear}`,
    expiryDate: `06/30/${issueYear + 22}`,
    discipline: '',
    ...placeOf(person.index + 1),
  };
}

/** What a search asks, read from the API's JSON body. */
export type PalsSearch = { lastName: string; firstName: string; licenseNumber: string; pageNo: number };

/** Every license of either board a search finds, and the other professionals beside them, in PALS' order. */
function findLicenses(ctx: SimContext, search: PalsSearch): PalsLicense[] {
  const { lastName, firstName, licenseNumber } = search;
  const first = searchKey(firstName);
  const found: PalsLicense[] = [];
  for (const boardId of PALS_BOARD_IDS) {
    for (const hit of searchBoardLicenses(ctx, boardId, { lastName, firstName, licenseNumber })) {
      found.push(physicianLicense(hit));
      if (licenseNumber) continue;
      const other = otherBeside(hit);
      if (other && (!first || searchKey(other.firstName).startsWith(first))) found.push(other);
    }
  }
  const key = (l: PalsLicense) => `${searchKey(l.lastName)}\u0000${searchKey(l.firstName)}\u0000${l.licenseNumber}`;
  return found.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.licenseId - b.licenseId));
}

/** One page of a search's finds (from 1), and the TotalRecords PALS states: never above its cap. */
export function pageOfFinds<T>(found: readonly T[], pageNo: number): { rows: T[]; totalRecords: number } {
  const totalRecords = Math.min(found.length, PALS_CAP);
  if (pageNo < 1 || pageNo > LAST_PAGE) return { rows: [], totalRecords };
  const start = (pageNo - 1) * PALS_PAGE_SIZE;
  return { rows: found.slice(start, Math.min(start + PALS_PAGE_SIZE, PALS_CAP)), totalRecords };
}

function searchRow(l: PalsLicense, totalRecords: number) {
  return {
    PersonId: l.personId,
    LicenseId: l.licenseId,
    LicenseTypeId: l.profession.typeId,
    IsFacility: 0,
    FirstName: l.firstName,
    MiddleName: l.middleName,
    LastName: l.lastName,
    Suffix: l.suffix,
    LicenseNumber: l.licenseNumber,
    LicenceType: l.profession.type,
    Status: l.status,
    ProfessionType: l.profession.profession,
    BoardName: l.profession.board,
    DisciplinaryAction: l.discipline ? 'Yes' : 'No',
    City: l.city,
    State: 'PA',
    zipcode: l.zip,
    TotalRecords: totalRecords,
  };
}

function detailOf(l: PalsLicense) {
  return {
    PersonId: l.personId,
    LicenseId: l.licenseId,
    FirstName: l.firstName,
    MiddleName: l.middleName,
    LastName: l.lastName,
    Suffix: l.suffix,
    LicenseNumber: l.licenseNumber,
    LicenseType: l.profession.type,
    BoardName: l.profession.board,
    ProfessionType: l.profession.profession,
    Status: l.status,
    StatusEffectivedate: l.statusEffective,
    IssueDate: l.issueDate,
    ExpiryDate: l.expiryDate,
    DisciplinaryAction: l.discipline,
    City: l.city,
    State: 'PA',
    zipcode: l.zip,
  };
}

/** The license a detail request names by its ids and number; undefined for ids PALS never gave. */
function licenseByIds(ctx: SimContext, personId: number, licenseId: number, number: string): PalsLicense | undefined {
  const slot = licenseId - LICENSE_ID_BASE;
  const index = Math.floor(slot / 4);
  if (!Number.isInteger(slot) || slot < 0 || index >= ctx.population.size) return undefined;
  const person = ctx.population.person(index);
  const license = person.licenses.find((l) => (PALS_BOARD_IDS as readonly string[]).includes(l.boardId));
  if (!license) return undefined;
  const hit = { person, license };
  const found = slot % 4 === OTHER_SLOT ? otherBeside(hit) : physicianLicense(hit);
  if (!found || found.licenseId !== licenseId || found.personId !== personId) return undefined;
  return found.licenseNumber.toUpperCase() === number.trim().toUpperCase() ? found : undefined;
}

export type PalsRoute = 'page' | 'search' | 'detail';

/** Whether a path under /sites names the portal's page, its search or its detail endpoint. */
export function palsRoute(parts: readonly string[]): PalsRoute | undefined {
  const [host, ...rest] = parts;
  if (host !== PALS_HOST) return undefined;
  if (rest.length === 0) return 'page';
  if (rest.length === 3 && rest[0] === 'api' && rest[1] === 'Search') {
    if (rest[2] === SEARCH_ENDPOINT) return 'search';
    if (rest[2] === DETAIL_ENDPOINT) return 'detail';
  }
  return undefined;
}

/** The endpoints take a POST (server.ts admits it). */
export function isPalsPost(parts: readonly string[], method: string | undefined): boolean {
  const route = palsRoute(parts);
  return method === 'POST' && (route === 'search' || route === 'detail');
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** A search's body as PALS' page sends it; a facility search finds nobody here (no facilities are simulated). */
export function readPalsSearch(body: Record<string, unknown>): PalsSearch | 'facility' {
  if (text(body.OptPersonFacility) === 'Facility' || text(body.IsFacility) === '1') return 'facility';
  const pageNo = Number(text(body.PageNo) || '1');
  return {
    lastName: text(body.LastName),
    firstName: text(body.FirstName),
    licenseNumber: text(body.LicenseNumber),
    pageNo: Number.isInteger(pageNo) ? pageNo : 1,
  };
}

// ASP.NET Web API's answers to a wrong method or body, in its `Message` shape.
const invalid = (res: ServerResponse) => sendJson(res, 400, { Message: 'The request is invalid.' });

/**
 * The page, a search or a detail. `pass`: the boards' faults, met once the request has said which
 * surname it is about (a fault can be scoped to one); false when it answered instead.
 */
export async function handlePals(
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
  route: PalsRoute,
  pass: (lastName: string | undefined) => Promise<boolean>,
): Promise<void> {
  if (route === 'page') {
    if (await pass(undefined)) sendHtml(res, 200, palsPage(), { 'cache-control': 'no-store' });
    return;
  }
  if (req.method !== 'POST') {
    if (await pass(undefined))
      sendJson(res, 405, { Message: `The requested resource does not support http method '${req.method}'.` });
    return;
  }
  const body = await readJson(req);
  if (route === 'search') {
    const search = body ? readPalsSearch(body) : undefined;
    const lastName = search && search !== 'facility' ? search.lastName : undefined;
    if (!(await pass(lastName || undefined))) return;
    if (!search) return invalid(res);
    if (search === 'facility') return sendJson(res, 200, []);
    const { rows, totalRecords } = pageOfFinds(findLicenses(ctx, search), search.pageNo);
    sendJson(
      res,
      200,
      rows.map((row) => searchRow(row, totalRecords)),
    );
    return;
  }
  const found = body
    ? licenseByIds(ctx, Number(text(body.PersonId)), Number(text(body.LicenseId)), text(body.LicenseNumber))
    : undefined;
  if (!(await pass(found?.lastName))) return;
  if (!body) return invalid(res);
  if (!found) return sendJson(res, 404, { Message: 'No license was found for the details requested.' });
  sendJson(res, 200, detailOf(found));
}

/** The app's one page, for every route: the form's markup, and the script that asks the API. */
function palsPage(): string {
  return `<!doctype html>
<html lang="en" ng-app="palsApp">
<head><meta charset="utf-8"><base href="/sites/${PALS_HOST}/"><title>Pennsylvania Licensing System</title>
<style>${STYLE}</style></head>
<body>
<header class="navbar"><span class="navbar-brand">PALS</span> Pennsylvania Department of State — Pennsylvania Licensing System</header>
<main id="view" class="container" ng-view></main>
<script>
"use strict";
${SCRIPT}
</script>
</body>
</html>
`;
}

const STYLE = `body{font-family:Arial,sans-serif;margin:0}.navbar{background:#1f3a60;color:#fff;padding:10px}
.container{margin:1.5em}.ng-hide{display:none!important}label{display:inline-block;width:12em}
.row{margin:4px 0}table.dataTable td,table.dataTable th{padding:4px 8px;border-bottom:1px solid #ddd}
.paginate_button{margin:0 6px;cursor:pointer}.paginate_button.disabled{color:#999;cursor:default}`;

// Plain script standing in for the AngularJS app: routes on the hash as the real one does.
const SCRIPT = `
const SEARCH = 'api/Search/${SEARCH_ENDPOINT}';
const DETAIL = 'api/Search/${DETAIL_ENDPOINT}';
const view = document.getElementById('view');
const esc = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const fullName = (r) => r.LastName + ', ' + [r.FirstName, r.MiddleName, r.Suffix].filter(Boolean).join(' ');
const address = (r) => [r.City, [r.State, r.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
const FAILED = 'An error occurred while processing your request. Please try again later.';
async function post(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error('HTTP ' + response.status);
  return response.json();
}
const field = (id, label) => '<div class="row"><label for="' + id + '">' + label + '</label><input type="text" class="form-control" id="' + id + '"></div>';
// The first three DataTables tables are the form's scaffolding (PSV): hidden here, never results.
const scaffolding = [0, 1, 2].map((n) => '<table id="DataTables_Table_' + n + '" class="table dataTable"><tbody></tbody></table>').join('');
const FORM = '<h2>Verify a License</h2><form name="searchForm" novalidate onsubmit="return false">' +
  field('LicenseNo', 'License Number') + field('lName', 'Last Name') + field('fName', 'First Name') + field('mName', 'Middle Name') +
  field('City', 'City') + field('zip', 'Zip Code') +
  '<button type="button" class="btn btn-primary" id="btnSearch">Search</button> <button type="button" class="btn btn-default" id="btnClear">Clear</button>' +
  '<p class="text-danger" id="message"></p></form><div class="ng-hide">' + scaffolding + '</div>' +
  '<div id="results" class="ng-hide"><table id="DataTables_Table_3" class="table table-striped dataTable" role="grid"><thead><tr role="row">' +
  '<th>Full Name</th><th>License Number</th><th>Board/Commission</th><th>License Type</th><th>Status</th><th>Address</th><th></th></tr></thead><tbody></tbody></table>' +
  '<div class="dataTables_info" id="DataTables_Table_3_info" role="status"></div><div class="dataTables_paginate paging_simple" id="DataTables_Table_3_paginate">' +
  '<a class="paginate_button previous disabled" id="DataTables_Table_3_previous">Previous</a><a class="paginate_button next disabled" id="DataTables_Table_3_next">Next</a></div></div>';
let criteria = null;
let shown = [];
let pageNo = 1;
function searchView() {
  view.innerHTML = FORM;
  const message = document.getElementById('message');
  const value = (id) => document.getElementById(id).value.trim();
  document.getElementById('btnSearch').addEventListener('click', () => {
    criteria = { LicenseNumber: value('LicenseNo'), LastName: value('lName'), FirstName: value('fName'), MiddleName: value('mName'), City: value('City'), Zip: value('zip') };
    if (!criteria.LicenseNumber && !criteria.LastName && !criteria.FirstName) { message.textContent = 'Please enter a License Number or a Name to search.'; return; }
    runSearch(1);
  });
  document.getElementById('btnClear').addEventListener('click', () => searchView());
  document.getElementById('DataTables_Table_3_next').addEventListener('click', (event) => { if (!event.target.classList.contains('disabled')) runSearch(pageNo + 1); });
  document.getElementById('DataTables_Table_3_previous').addEventListener('click', (event) => { if (!event.target.classList.contains('disabled')) runSearch(pageNo - 1); });
  document.querySelector('#DataTables_Table_3 tbody').addEventListener('click', (event) => {
    const link = event.target.closest('a.asset-link');
    if (!link) return;
    event.preventDefault();
    getAssetDetail(shown[Number(link.dataset.index)]);
  });
}
async function runSearch(page) {
  const message = document.getElementById('message');
  message.textContent = '';
  const body = Object.assign({ OptPersonFacility: 'Person', IsFacility: 0, ProfessionID: null, LicenseTypeId: null, State: '', Country: 'ALL', County: null, PersonId: null, PageNo: page }, criteria);
  let rows;
  try { rows = await post(SEARCH, body); if (!Array.isArray(rows)) throw new Error('not rows'); }
  catch { document.getElementById('results').classList.add('ng-hide'); message.textContent = FAILED; return; }
  pageNo = page;
  shown = rows;
  const total = rows.length > 0 ? Number(rows[0].TotalRecords) : 0;
  const tbody = document.querySelector('#DataTables_Table_3 tbody');
  tbody.innerHTML = rows.length === 0
    ? '<tr class="odd"><td valign="top" colspan="7" class="dataTables_empty">No data available in table</td></tr>'
    : rows.map((r, i) => '<tr role="row" class="' + (i % 2 ? 'even' : 'odd') + '"><td><a href="" class="asset-link" data-index="' + i + '">' + esc(fullName(r)) +
        '</a></td><td>' + esc(r.LicenseNumber) + '</td><td>' + esc(r.BoardName) + '</td><td>' + esc(r.LicenceType) + '</td><td>' + esc(r.Status) +
        '</td><td>' + esc(address(r)) + '</td><td><a href="" class="asset-link" data-index="' + i + '" title="View details"><span class="glyphicon glyphicon-new-window"></span></a></td></tr>').join('');
  const from = rows.length > 0 ? (page - 1) * ${PALS_PAGE_SIZE} + 1 : 0;
  document.getElementById('DataTables_Table_3_info').textContent = 'Showing ' + from + ' to ' + (from > 0 ? from + rows.length - 1 : 0) + ' of ' + total + ' entries';
  document.getElementById('DataTables_Table_3_previous').classList.toggle('disabled', page <= 1);
  document.getElementById('DataTables_Table_3_next').classList.toggle('disabled', page >= ${LAST_PAGE} || page * ${PALS_PAGE_SIZE} >= total);
  document.getElementById('results').classList.remove('ng-hide');
}
// As PALS does it: the license's ids go to localStorage and its detail opens in a new tab.
function getAssetDetail(r) {
  localStorage.SearchPersonOrFacility_LicenseNo = r.LicenseNumber;
  localStorage.SearchPersonOrFacility_Id = String(r.PersonId);
  localStorage.SearchPersonOrFacility_IsFacility = String(r.IsFacility);
  localStorage.SearchPersonOrFacility_LicenseId = String(r.LicenseId);
  const link = document.createElement('a');
  link.href = '#!/page/searchresult';
  link.target = '_blank';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
async function detailView() {
  view.innerHTML = '<p class="loading">Loading...</p>';
  const body = { PersonId: localStorage.SearchPersonOrFacility_Id, LicenseNumber: localStorage.SearchPersonOrFacility_LicenseNo,
    IsFacility: localStorage.SearchPersonOrFacility_IsFacility, LicenseId: localStorage.SearchPersonOrFacility_LicenseId };
  if (!body.PersonId || !body.LicenseId) { view.innerHTML = '<p class="text-danger">No license was selected. Please search again.</p>'; return; }
  let r;
  try { r = await post(DETAIL, body); } catch { view.innerHTML = '<p class="text-danger">' + FAILED + '</p>'; return; }
  const item = (label, value) => '<div class="row"><label>' + label + '</label><span>' + esc(value) + '</span></div>';
  view.innerHTML = '<div id="licenseDetail" class="panel"><h2>' + esc(fullName(r)) + '</h2>' + item('License Number', r.LicenseNumber) +
    item('License Type', r.LicenseType) + item('License Status', r.Status) + item('Status Effective Date', r.StatusEffectivedate) +
    item('Issue Date', r.IssueDate) + item('Expiration Date', r.ExpiryDate) + item('Board/Commission', r.BoardName) +
    item('Disciplinary Action', r.DisciplinaryAction || 'None') + item('Address', address(r)) + '</div>';
}
function route() {
  if (location.hash === '#!/page/searchresult') return detailView();
  if (location.hash !== '#!/page/search') { location.replace(location.pathname + location.search + '#!/page/search'); return; }
  searchView();
}
window.addEventListener('hashchange', route);
route();
`;
