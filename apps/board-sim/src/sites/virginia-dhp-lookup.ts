import type { IncomingMessage } from 'node:http';
import type { LicenseType } from '@licensewatch/shared/licenses';
import { displayName, HTML_STATUS, usDate } from '../board-records.ts';
import { escapeHtml, htmlPage, readForm, sendHtml } from '../http-util.ts';
import type { BoardLicense } from '../population.ts';
import { hash32 } from '../prng.ts';
import type { SimContext } from '../sim-context.ts';
import type { PlainFormAnswer } from './plain-form-answer.ts';
import { searchBoardLicenses } from './search-board-licenses.ts';

// Virginia's Department of Health Professions License Lookup (BOARDS.md row 57; MLL, PSV VA_DHP): one
// page, /Lookup/Index, holding three forms — by license number (#LicenseNo, posted to /Lookup/Result),
// by SSN and last name, by name (#LName, #FName, posted to /Lookup/Index). The answer lists every
// profession the department licenses, grouped under occupation heading rows (one cell spanning the
// table), each licensee a row Name (a link to /Lookup/Detail/{license number}) | Address | Expire Date
// | additional information; the number and status are on the detail page, a label/value table
// (License Number, Occupation, Specialization, Name, Initial License Date, Expire Date, License
// Status, …). Numbers are ten digits, zero-padded. Too broad a search lists nothing and says it
// "returned too many records"; PSV also saw "returned 0 records". The occupation names, where the
// "too many" line falls, the field names (the evidence gives ids only), the nurses who share a
// physician's surname and the page's other words are the simulator's own.

export const VIRGINIA_BOARD_ID = 'va-med';
const HOST = 'dhp.virginiainteractive.org';
/** More hits than this and the board lists none, asking for a narrower search. */
export const VIRGINIA_MAX_RECORDS = 100;
const MAX_FORM_BYTES = 16 * 1024;

export const VIRGINIA_OCCUPATIONS: Record<LicenseType, string> = {
  MD: 'Medicine and Surgery',
  DO: 'Osteopathy and Surgery',
};

/**
 * Other professions on the same list, so a surname search meets them as it does on the real page: a
 * nurse beside some physicians, numbered with the physician's digits under the nursing board's prefix
 * (so its detail page resolves without a table).
 */
const NURSES: Record<LicenseType, { prefix: string; occupation: string }> = {
  MD: { prefix: '0001', occupation: 'Registered Nurse' },
  DO: { prefix: '0002', occupation: 'Licensed Practical Nurse' },
};
const PHYSICIAN_PREFIX: Record<LicenseType, string> = { MD: '0101', DO: '0102' };
const NURSE_FIRST_NAMES = ['Ashley', 'Brittany', 'Crystal', 'Dana', 'Erin', 'Gloria', 'Heather', 'Megan'];
const VIRGINIA_CITIES = ['RICHMOND', 'NORFOLK', 'VIRGINIA BEACH', 'ARLINGTON', 'ROANOKE', 'CHARLOTTESVILLE'];

/** One row of the list: a physician of the population, or a nurse the simulator adds beside one. */
type Listed = {
  occupation: string;
  name: string;
  number: string;
  address: string;
  issue: string | null;
  expiry: string | null;
  status: string;
  info: string;
};

/** Whether a path under /sites is one of the look-up's pages (ASP.NET MVC routes ignore case). */
export function isVirginiaPage(parts: readonly string[]): boolean {
  if (parts[0] !== HOST || parts[1]?.toLowerCase() !== 'lookup') return false;
  const action = parts[2]?.toLowerCase();
  if (parts.length === 3) return action === 'index' || action === 'result';
  return parts.length === 4 && action === 'detail';
}

export async function readVirginiaPage(
  ctx: SimContext,
  req: IncomingMessage,
  parts: readonly string[],
): Promise<PlainFormAnswer> {
  const action = parts[2]?.toLowerCase();
  if (action === 'detail') {
    return {
      boardId: VIRGINIA_BOARD_ID,
      lastName: undefined,
      send: (res) => {
        const listed = listedByNumber(ctx, parts[3] ?? '');
        if (!listed) sendHtml(res, 404, htmlPage('Error', '<h1>Error.</h1><p>The license could not be found.</p>'));
        else sendHtml(res, 200, detailPage(listed));
      },
    };
  }
  if (req.method !== 'POST')
    return { boardId: VIRGINIA_BOARD_ID, lastName: undefined, send: (res) => sendHtml(res, 200, lookupPage({})) };
  const form = (await readForm(req, MAX_FORM_BYTES)) ?? new URLSearchParams();
  const text = (name: string) => (form.get(name) ?? '').trim();
  if (action === 'result') {
    const number = text('LicenseNo');
    return {
      boardId: VIRGINIA_BOARD_ID,
      lastName: undefined,
      send: (res) => {
        if (!number) return sendHtml(res, 200, lookupPage({ form, error: 'License Number is required.' }));
        const listed = listedByNumber(ctx, number);
        sendHtml(res, 200, lookupPage({ form, results: listed ? [listed] : [] }));
      },
    };
  }
  const lastName = text('LName');
  return {
    boardId: VIRGINIA_BOARD_ID,
    lastName: lastName || undefined,
    send: (res) => {
      // The SSN form: the simulator knows no SSNs, so it finds nobody.
      if (text('SSN')) return sendHtml(res, 200, lookupPage({ form, results: [] }));
      if (!lastName) return sendHtml(res, 200, lookupPage({ form, error: 'Last Name is required.' }));
      const firstName = text('FName');
      const hits = searchBoardLicenses(ctx, VIRGINIA_BOARD_ID, { lastName, firstName });
      // The nurses' first names are not the physicians': a search naming one finds the physicians only.
      const listed = hits.flatMap((hit) => {
        const nurse = firstName ? undefined : nurseBeside(hit);
        return nurse ? [physicianRow(hit), nurse] : [physicianRow(hit)];
      });
      sendHtml(res, 200, lookupPage({ form, results: listed }));
    },
  };
}

function addressOf({ person }: BoardLicense): string {
  if (person.homeState !== 'VA') return `${person.homeState}`;
  return `${VIRGINIA_CITIES[hash32(person.index, 23) % VIRGINIA_CITIES.length]}, VA`;
}

function physicianRow(licensed: BoardLicense): Listed {
  const { person, license } = licensed;
  return {
    occupation: VIRGINIA_OCCUPATIONS[license.licenseType],
    name: displayName(person, license).toUpperCase(),
    number: license.licenseNumber ?? '',
    address: addressOf(licensed),
    issue: license.issueDate,
    expiry: license.expiryDate,
    status: HTML_STATUS[license.status],
    info: license.discipline ? 'Board Order(s) on file' : '',
  };
}

/** About one physician in three has a nurse of the same surname on the list. */
function nurseBeside(licensed: BoardLicense): Listed | undefined {
  const { person, license } = licensed;
  const hash = hash32(person.index, 57);
  if (hash % 3 !== 0 || !license.licenseNumber) return undefined;
  const nurse = NURSES[license.licenseType];
  const first = NURSE_FIRST_NAMES[hash % NURSE_FIRST_NAMES.length] as string;
  return {
    occupation: nurse.occupation,
    name: `${license.lastNameAsPublished}, ${first}`.toUpperCase(),
    number: `${nurse.prefix}${license.licenseNumber.slice(4)}`,
    address: addressOf(licensed),
    issue: license.renewalDate,
    expiry: license.expiryDate,
    status: HTML_STATUS.active,
    info: '',
  };
}

/** The license a number names: a physician's, or the nurse beside one. */
function listedByNumber(ctx: SimContext, number: string): Listed | undefined {
  const type = (Object.keys(NURSES) as LicenseType[]).find((t) => number.startsWith(NURSES[t].prefix));
  const physicianNumber = type ? `${PHYSICIAN_PREFIX[type]}${number.slice(4)}` : number;
  const hit = ctx.population.findByLicenseNumber(VIRGINIA_BOARD_ID, physicianNumber);
  if (!hit) return undefined;
  if (!type) return physicianRow(hit);
  const nurse = nurseBeside(hit);
  return nurse?.number === number ? nurse : undefined;
}

function layout(title: string, content: string): string {
  return htmlPage(
    `${title} - Virginia Department of Health Professions`,
    `<div class="navbar navbar-inverse"><div class="container"><span class="navbar-brand">Virginia Department of Health Professions</span></div></div>
<div class="body-bg">
<div class="container body-content">
${content}
</div>
</div>`,
  );
}

function lookupPage({ form, error, results }: { form?: URLSearchParams; error?: string; results?: Listed[] }): string {
  const value = (name: string) => escapeHtml(form?.get(name) ?? '');
  const box = (id: string, label: string, type = 'text') =>
    `<div class="form-group"><label class="control-label" for="${id}">${label}</label> <input class="form-control" type="${type}" id="${id}" name="${id}" value="${type === 'password' ? '' : value(id)}"></div>`;
  const button = '<div class="form-group"><input type="submit" value="Search" class="btn btn-primary"></div>';
  return layout(
    'License Lookup',
    `<h2>License Lookup</h2>
<div class="panel panel-info">
<div class="panel-heading">Search for a licensee by one of the following</div>
<div class="panel-body">
<h4>License Number</h4>
<form action="Result" method="post">${box('LicenseNo', 'License Number')}${button}</form>
<h4>SSN and Last Name</h4>
<form action="Index" method="post">${box('SSN', 'SSN', 'password')}${box('SSNLName', 'Last Name')}${button}</form>
<h4>Name</h4>
<form action="Index" method="post">${box('LName', 'Last Name')}${box('FName', 'First Name')}${button}</form>
${error ? `<span class="field-validation-error">${escapeHtml(error)}</span>` : ''}
</div>
</div>
${results ? resultsPanel(results) : ''}`,
  );
}

function resultsPanel(results: Listed[]): string {
  let body: string;
  if (results.length === 0) body = '<p class="text-info">Your search returned 0 records.</p>';
  else if (results.length > VIRGINIA_MAX_RECORDS)
    body = '<p class="text-danger">Your search returned too many records. Please refine your search criteria.</p>';
  else {
    const byOccupation = new Map<string, Listed[]>();
    for (const row of results) byOccupation.set(row.occupation, [...(byOccupation.get(row.occupation) ?? []), row]);
    const groups = [...byOccupation.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    const rows = groups.flatMap(([occupation, listed]) => [
      `<tr><td colspan="4"><strong>${escapeHtml(occupation)}</strong></td></tr>`,
      ...listed.map(
        (row) =>
          `<tr><td><a href="Detail/${row.number}">${escapeHtml(row.name)}</a></td><td>${escapeHtml(row.address)}</td><td>${usDate(row.expiry)}</td><td>${escapeHtml(row.info)}</td></tr>`,
      ),
    ]);
    body = `<p>Your search returned ${results.length} records.</p>
<table class="table table-condensed">
<thead><tr><th>Name</th><th>Address</th><th>Expire Date</th><th></th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
  }
  return `<div class="panel panel-default">
<div class="panel-heading">Search Results</div>
<div class="panel-body">
${body}
</div>
</div>`;
}

function detailPage(row: Listed): string {
  const line = (label: string, value: string) => `<tr><th>${label}</th><td>${escapeHtml(value)}</td></tr>`;
  return layout(
    'License Detail',
    `<table class="layout"><tr><td><h2>License Detail</h2></td></tr></table>
<div class="panel panel-info">
<div class="panel-heading">License Information</div>
<div class="panel-body">
<table class="table">
<tbody>
${line('License Number', row.number)}
${line('Occupation', row.occupation)}
${line('Specialization', '')}
${line('Name', row.name)}
${line('Initial License Date', usDate(row.issue))}
${line('Expire Date', usDate(row.expiry))}
${line('License Status', row.status)}
${line('Address', row.address)}
${line('Additional Public Information', row.info || 'None')}
</tbody>
</table>
</div>
</div>
<p><a href="../Index">Back to Search</a></p>`,
  );
}
