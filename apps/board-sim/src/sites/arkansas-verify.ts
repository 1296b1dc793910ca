import type { IncomingMessage, ServerResponse } from 'node:http';
import { HTML_STATUS, usDate } from '../board-records.ts';
import { escapeHtml } from '../http-util.ts';
import type { SimContext } from '../sim-context.ts';
import {
  type AspnetLookup,
  control,
  pageAt,
  postBackHref,
  radioButton,
  readPostedForm,
  serverErrorPage,
  submitButton,
  textBox,
  type Visit,
  WebFormsApp,
  webFormsPage,
} from './aspnet-page.ts';
import { type Licensee, licenseeById, licenseeId, type Profession, searchLicensees } from './search-licensees.ts';

// The Arkansas State Medical Board's verification (BOARDS.md §3 row 5; MLL 2024; PSV AR_MEDBOARD 2026):
// now on armedicalboard.adh.arkansas.gov, /public/verify/default.aspx. One box,
// `…ucVerifyLicense_txtVerifyLicNumLastName`, takes a license number or a last name as the radios
// `…rbVerifyLicenseSearch_0` (number) and `_1` (last name) say; the button is `…btnVerifyLicense`. A number
// search lands on results.aspx, the license itself; a last-name search on lookup.aspx, the GridView
// `…gvVerifyLicenseResultsLookup` whose `tr.gridrows` rows hold the name in cell 0, the type in cell 2 and
// the number in cell 3, the name a link (`…_ctl02_VerifySelectFindLicense`) that posts back and lands on
// results.aspx, whose ListView labels give the status, the expiry (`lblEndDateInfo`) and the board's
// actions. The landings are redirects after the post (the search kept in the session), as the separate
// pages suggest; which radio is chosen first, cell 1 (a city here), the type words, the issue-date label
// and the page texts are the simulator's own.

const UC = ['ctl00', 'MainContentPlaceHolder', 'ucVerifyLicense'] as const;
const RADIOS = control(UC, 'rbVerifyLicenseSearch');

export const ARKANSAS_FORM = {
  /** The radio list's items: ids `_0`, `_1`, one name. */
  byNumber: { id: `${RADIOS.id}_0`, name: RADIOS.name, value: 'LicenseNumber' },
  byLastName: { id: `${RADIOS.id}_1`, name: RADIOS.name, value: 'LastName' },
  box: control(UC, 'txtVerifyLicNumLastName'),
  verify: control(UC, 'btnVerifyLicense'),
} as const;

const MAIN = ['ctl00', 'MainContentPlaceHolder'] as const;
const GRID = control(MAIN, 'gvVerifyLicenseResultsLookup');
const HOST = 'armedicalboard.adh.arkansas.gov';
const FOLDER = 'public/verify';
const BOARD_ID = 'ar-med';
const SEARCH_KEY = 'ar.search';
const CHOSEN_KEY = 'ar.chosen';
const NONE_FOUND = '<p class="message">Your search did not return any results.</p>';

const TYPE_WORDS: Partial<Record<Profession, string>> = { MD: 'M.D.', DO: 'D.O.', PA: 'Physician Assistant' };

/** What a rendering of the grid remembers: which licensee each name link opens. */
type PageState = { rows: Record<string, string> };

export function createArkansasLookup(ctx: SimContext): AspnetLookup {
  const app = new WebFormsApp<PageState>(`/sites/${HOST}/`);

  function verifyPage(visit: Visit, byName: boolean, box: string, message = ''): string {
    const hidden = app.render(visit, '27C4E8B1', { rows: {} });
    const body = `<div id="ctl00_MainContentPlaceHolder_pnlVerify">
<h1>Verify a License</h1>
${radioButton(ARKANSAS_FORM.byNumber, { group: RADIOS.name, value: ARKANSAS_FORM.byNumber.value, checked: !byName, label: 'License Number' })}
${radioButton(ARKANSAS_FORM.byLastName, { group: RADIOS.name, value: ARKANSAS_FORM.byLastName.value, checked: byName, label: 'Last Name' })}
${textBox(ARKANSAS_FORM.box, box)}
${submitButton(ARKANSAS_FORM.verify, 'Verify')}
${message}
</div>`;
    return webFormsPage('Verify a License', { action: './default.aspx', hidden, body });
  }

  function lookupPage(visit: Visit, lastName: string): string {
    const found = searchLicensees(ctx, [BOARD_ID], { lastName }, { others: true }).filter(
      (l) => TYPE_WORDS[l.profession] !== undefined,
    );
    const rows: Record<string, string> = {};
    const items = found.map((l, i) => {
      const link = control(
        [...GRID.name.split('$'), `ctl${String(i + 2).padStart(2, '0')}`],
        'VerifySelectFindLicense',
      );
      rows[link.name] = licenseeId(l);
      const name = `${l.lastName}, ${[l.firstName, l.middleName, l.suffix].filter(Boolean).join(' ')}`;
      return `<tr class="gridrows"><td><a id="${escapeHtml(link.id)}" href="${postBackHref(link.name)}">${escapeHtml(name)}</a></td><td>${escapeHtml(l.city)}</td><td>${escapeHtml(TYPE_WORDS[l.profession] ?? '')}</td><td>${escapeHtml(l.licenseNumber)}</td></tr>`;
    });
    const hidden = app.render(visit, '91B0D62F', { rows }, Object.keys(rows));
    const grid =
      items.length === 0
        ? NONE_FOUND
        : `<table class="grid" cellspacing="0" rules="all" border="1" id="${GRID.id}" style="border-collapse:collapse;">
<tr class="gridheader"><th scope="col">Name</th><th scope="col">City</th><th scope="col">License Type</th><th scope="col">License Number</th></tr>
${items.join('\n')}
</table>`;
    const body = `<h1>Verify a License — Results</h1>
<p>Select a name to see the license.</p>
${grid}
<p><a href="default.aspx">New search</a></p>`;
    return webFormsPage('Verify a License', { action: './lookup.aspx', hidden, body });
  }

  function resultsPage(visit: Visit, l: Licensee | undefined): string {
    const hidden = app.render(visit, 'B3F0A751', { rows: {} });
    if (!l)
      return webFormsPage('License Verification', {
        action: './results.aspx',
        hidden,
        body: `<h1>License Verification</h1>\n${NONE_FOUND}`,
      });
    const label = (list: string, field: string, value: string) =>
      `<span id="ctl00_MainContentPlaceHolder_${list}_ctrl0_${field}">${escapeHtml(value)}</span>`;
    const body = `<h1>License Verification</h1>
<table class="verify">
<tr><td>Physician Name:</td><td>${label('lvResults', 'lblPhyname', `${l.firstName} ${[l.middleName, l.lastName, l.suffix].filter(Boolean).join(' ')}`)}</td></tr>
<tr><td>City:</td><td>${label('lvResults', 'lblCity', l.city)}</td></tr>
</table>
<table class="verify">
<tr><td>License Number:</td><td>${label('lvResultsLicInfo', 'lblLicnumInfo', l.licenseNumber)}</td></tr>
<tr><td>License Type:</td><td>${label('lvResultsLicInfo', 'lblLicTypeInfo', TYPE_WORDS[l.profession] ?? '')}</td></tr>
<tr><td>Status:</td><td>${label('lvResultsLicInfo', 'lblStatusInfo', HTML_STATUS[l.status])}</td></tr>
<tr><td>Original License Date:</td><td>${label('lvResultsLicInfo', 'lblIssueDateInfo', usDate(l.issueDate))}</td></tr>
<tr><td>Expiration Date:</td><td>${label('lvResultsLicInfo', 'lblEndDateInfo', usDate(l.expiryDate))}</td></tr>
</table>
<h2>Board Actions</h2>
<span id="ctl00_MainContentPlaceHolder_lblBoardActions">${escapeHtml(l.discipline ?? '')}</span>
<p><a href="default.aspx">New search</a></p>`;
    return webFormsPage('License Verification', { action: './results.aspx', hidden, body });
  }

  return {
    boardIds: [BOARD_ID],
    pageOf(parts) {
      for (const page of ['default', 'lookup', 'results'])
        if (pageAt(parts, HOST, [`${FOLDER}/${page}.aspx`])) return page;
      return pageAt(parts, HOST, [FOLDER]) ? 'default' : undefined;
    },
    async handle(req: IncomingMessage, res: ServerResponse, page, _query, gate) {
      const visit = app.visit(req);
      const search = visit.data.get(SEARCH_KEY) as string | undefined;
      if (page === 'results') {
        const chosen = visit.data.get(CHOSEN_KEY) as string | undefined;
        const l = chosen ? licenseeById(ctx, chosen, [BOARD_ID]) : undefined;
        if (!(await gate(l?.hit?.person.lastName ?? search))) return;
        app.send(res, visit, resultsPage(visit, l));
        return;
      }
      if (page === 'lookup') {
        if (!(await gate(search))) return;
        if (search === undefined) {
          app.redirect(res, visit, 'default.aspx');
          return;
        }
        if (req.method === 'POST') {
          const back = app.accept(visit, await readPostedForm(req));
          if (back === 'invalid-event') {
            app.send(res, visit, serverErrorPage('/'), 500);
            return;
          }
          const chosen = back === 'stale' ? undefined : back.state.rows[back.target];
          if (chosen) {
            visit.data.set(CHOSEN_KEY, chosen);
            app.redirect(res, visit, 'results.aspx');
            return;
          }
        }
        app.send(res, visit, lookupPage(visit, search));
        return;
      }
      if (req.method !== 'POST') {
        if (!(await gate(undefined))) return;
        app.send(res, visit, verifyPage(visit, false, ''));
        return;
      }
      const back = app.accept(visit, await readPostedForm(req));
      if (back === 'stale' || back === 'invalid-event' || !back.form.has(ARKANSAS_FORM.verify.name)) {
        if (!(await gate(undefined))) return;
        if (back === 'invalid-event') app.send(res, visit, serverErrorPage('/'), 500);
        else app.send(res, visit, verifyPage(visit, false, ''));
        return;
      }
      const byName = back.form.get(RADIOS.name) === ARKANSAS_FORM.byLastName.value;
      const box = (back.form.get(ARKANSAS_FORM.box.name) ?? '').trim();
      if (!(await gate(byName && box ? box : undefined))) return;
      if (!box) {
        app.send(res, visit, verifyPage(visit, byName, box, '<p class="message">Please enter a value to search.</p>'));
        return;
      }
      if (byName) {
        visit.data.set(SEARCH_KEY, box);
        app.redirect(res, visit, 'lookup.aspx');
        return;
      }
      const [hit] = searchLicensees(ctx, [BOARD_ID], { licenseNumber: box });
      if (!hit) {
        app.send(res, visit, verifyPage(visit, byName, box, NONE_FOUND));
        return;
      }
      visit.data.set(CHOSEN_KEY, licenseeId(hit));
      app.redirect(res, visit, 'results.aspx');
    },
  };
}
