import type { IncomingMessage } from 'node:http';
import type { LicenseType } from '@licensewatch/shared/licenses';
import { displayName, HTML_STATUS, usDate } from '../board-records.ts';
import { escapeHtml, htmlPage, readForm, sendHtml } from '../http-util.ts';
import type { BoardLicense } from '../population.ts';
import type { SimContext } from '../sim-context.ts';
import type { PlainFormAnswer } from './plain-form-answer.ts';
import { searchBoardLicenses } from './search-board-licenses.ts';

// The West Virginia Board of Osteopathic Medicine's verification page (BOARDS.md row 62; MLL, and a
// third party's plug-in at index id 1332582771): /verify/ posts back to itself — lName, licNo and the
// license type select licType (BoardXP: osteopathic physicians), with do=submit, action=submit and the
// .btn-primary button search=Search; no type chosen, no search. The results are the first table in
// #printcontent, the license number its third cell and the expiry its fourth (MLL); each name links
// javascript:details(…), a detail page posted to, not an address. The name, type and status cells,
// the other license types' labels and the page's words (its "No records found" among them) are the
// simulator's own: the evidence does not give them.

export const WEST_VIRGINIA_DO_BOARD_ID = 'wv-do';
const HOST = 'www.wvbdosteo.org';
const MAX_FORM_BYTES = 16 * 1024;

/** The licType select: BoardXP (MLL, index id 1332582771), the others the plug-in's values too. */
const LICENSE_TYPES: readonly (readonly [string, string, LicenseType | null])[] = [
  ['BoardXP', 'Osteopathic Physician', 'DO'],
  ['Residents', 'Osteopathic Resident', null],
  ['Physician Assistants', 'Osteopathic Physician Assistant', null],
];

/** Whether a path under /sites is the verification page (`/verify/`; the split drops the trailing slash). */
export function isWestVirginiaOsteopathicPage(parts: readonly string[]): boolean {
  return parts.length === 2 && parts[0] === HOST && parts[1] === 'verify';
}

export async function readWestVirginiaOsteopathicPage(ctx: SimContext, req: IncomingMessage): Promise<PlainFormAnswer> {
  if (req.method !== 'POST')
    return { boardId: WEST_VIRGINIA_DO_BOARD_ID, lastName: undefined, send: (res) => sendHtml(res, 200, verifyPage()) };
  const form = (await readForm(req, MAX_FORM_BYTES)) ?? new URLSearchParams();
  const text = (name: string) => (form.get(name) ?? '').trim();
  const lastName = text('lName');
  return {
    boardId: WEST_VIRGINIA_DO_BOARD_ID,
    lastName: lastName || undefined,
    send: (res) => {
      const type = LICENSE_TYPES.find(([value]) => value === text('licType'));
      if (!type) return sendHtml(res, 200, verifyPage(form, 'Please select a license type.'));
      const number = text('licNo');
      if (!lastName && !number)
        return sendHtml(res, 200, verifyPage(form, 'Please enter a last name or a license number.'));
      const hits = type[2]
        ? searchBoardLicenses(ctx, WEST_VIRGINIA_DO_BOARD_ID, { lastName, licenseNumber: number })
        : [];
      sendHtml(res, 200, verifyPage(form, undefined, hits));
    },
  };
}

function verifyPage(form = new URLSearchParams(), error?: string, hits?: BoardLicense[]): string {
  const options = LICENSE_TYPES.map(
    ([value, label]) =>
      `<option value="${escapeHtml(value)}"${form.get('licType') === value ? ' selected' : ''}>${escapeHtml(label)}</option>`,
  ).join('');
  const value = (name: string) => escapeHtml(form.get(name) ?? '');
  return htmlPage(
    'License Verification - West Virginia Board of Osteopathic Medicine',
    `<div class="container">
<h1>West Virginia Board of Osteopathic Medicine</h1>
<h2>License Verification</h2>
<form method="post" action="./" class="form-inline">
<input type="hidden" name="do" value="submit">
<input type="hidden" name="action" value="submit">
<div class="form-group"><label for="licType">License Type</label> <select id="licType" name="licType" class="form-control"><option value="">-- Select --</option>${options}</select></div>
<div class="form-group"><label for="lName">Last Name</label> <input type="text" id="lName" name="lName" class="form-control" value="${value('lName')}"></div>
<div class="form-group"><label for="licNo">License Number</label> <input type="text" id="licNo" name="licNo" class="form-control" value="${value('licNo')}"></div>
<button type="submit" name="search" value="Search" class="btn btn-primary">Search</button>
</form>
${error ? `<div class="alert alert-danger">${escapeHtml(error)}</div>` : ''}
${hits ? resultsBlock(hits) : ''}
</div>`,
  );
}

function resultsBlock(hits: BoardLicense[]): string {
  if (hits.length === 0) return '<div id="printcontent"><p>No records found matching your search criteria.</p></div>';
  const rows = hits.map(({ person, license }, i) => {
    const cell = (value: string) => `<td>${escapeHtml(value)}</td>`;
    return `<tr><td><a href="javascript:details(${i})">${escapeHtml(displayName(person, license))}</a></td>${cell('Osteopathic Physician')}${cell(license.licenseNumber ?? '')}${cell(usDate(license.expiryDate))}${cell(HTML_STATUS[license.status])}</tr>`;
  });
  return `<div id="printcontent"><table class="table table-striped">
<thead><tr><th>Name</th><th>License Type</th><th>License No.</th><th>Expires</th><th>Status</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
<p>${hits.length} record(s) found.</p></div>`;
}
