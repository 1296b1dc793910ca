import type { IncomingMessage, ServerResponse } from 'node:http';
import { HTML_STATUS, usDate } from '../board-records.ts';
import { escapeHtml } from '../http-util.ts';
import type { SimContext } from '../sim-context.ts';
import {
  type AspnetLookup,
  type Control,
  control,
  dropDown,
  pageAt,
  postBackHref,
  readPostedForm,
  serverErrorPage,
  submitButton,
  textBox,
  type Visit,
  WebFormsApp,
  webFormsPage,
} from './aspnet-page.ts';
import { type Licensee, licenseeById, licenseeId, type Profession, searchLicensees } from './search-licensees.ts';

// Maine's ALMS Online individual search (BOARDS.md §3 rows 22–23; MLL; PSV ME_OPLR):
// /ALMSOnline/ALMSQuery/SearchIndividual.aspx, one page for every regulator of the Office of Professional
// and Occupational Regulation. Its controls keep their own ids (`scRegulator`, `scLastName`,
// `scFirstName`, `scLicenseNo`, `btnSearch`; cascading `scDepartment` and `scAgency` above them) while the
// form sends them under the master page's names (`ctl00$MainContent$scLastName`). The regulator is
// required: PSV names 'ALL' (every regulator) and 'MEDICINE' among its values. Results are
// `table#gvLicensees`: name, license number, city, license type, status; the name links the licensee's
// detail (MLL), whose attribute group holds the expiry in its fourth row. The Board of Osteopathic
// Licensure's regulator value is not in the evidence: 'OSTEOPATHIC' here is the simulator's own, as are
// the type words, the detail's other rows and every page text. The name link posts the page back and the
// answer is the detail (the evidence does not say how the detail is reached).

const MAIN = ['ctl00', 'MainContent'] as const;
/** A control whose id is its own (ClientIDMode Static) but whose name is the master page's. */
const own = (serverId: string): Control => control(MAIN, serverId, serverId);

export const MAINE_FORM = {
  department: own('scDepartment'),
  agency: own('scAgency'),
  regulator: own('scRegulator'),
  lastName: own('scLastName'),
  firstName: own('scFirstName'),
  licenseNumber: own('scLicenseNo'),
  search: own('btnSearch'),
} as const;

const HOST = 'www.pfr.maine.gov';
const FOLDER = 'ALMSOnline/ALMSQuery';
const BOARD_IDS = ['me-md', 'me-do'] as const;

/** The regulators a search may name, and the professions each licenses here. */
export const MAINE_REGULATORS: readonly (readonly [string, string, readonly Profession[]])[] = [
  ['ALL', 'All Regulators', ['MD', 'DO', 'PA', 'RN', 'RPH']],
  ['CHIROPRACTIC', 'Board of Chiropractic Licensure', []],
  ['DENTISTRY', 'Board of Dental Practice', []],
  // Maine's physician assistants are licensed by the medical boards.
  ['MEDICINE', 'Board of Licensure in Medicine', ['MD', 'PA']],
  ['NURSING', 'State Board of Nursing', ['RN']],
  ['OSTEOPATHIC', 'Board of Osteopathic Licensure', ['DO']],
  ['PHARMACY', 'Maine Board of Pharmacy', ['RPH']],
];

const TYPE_WORDS: Record<Profession, string> = {
  MD: 'Physician',
  DO: 'Osteopathic Physician',
  PA: 'Physician Assistant',
  RN: 'Registered Professional Nurse',
  RPH: 'Pharmacist',
};

type Criteria = { regulator: string; lastName: string; firstName: string; licenseNumber: string };
/** A rendering's search and, per name link it shows, the licensee the link opens. */
type PageState = { search: Criteria | null; details: Record<string, string> };

export function createMaineLookup(ctx: SimContext): AspnetLookup {
  const app = new WebFormsApp<PageState>(`/sites/${HOST}/`);

  function find(c: Criteria): Licensee[] {
    const professions = MAINE_REGULATORS.find(([value]) => value === c.regulator)?.[2] ?? [];
    return searchLicensees(ctx, BOARD_IDS, c, { others: true }).filter((l) => professions.includes(l.profession));
  }

  function searchPage(visit: Visit, c: Criteria | null): string {
    const criteria = c ?? { regulator: '', lastName: '', firstName: '', licenseNumber: '' };
    let results = '';
    let found: Licensee[] = [];
    if (c && !MAINE_REGULATORS.some(([value]) => value === c.regulator))
      results = '<span class="error" id="rfvRegulator">Regulator is required.</span>';
    else if (c && !(c.lastName.trim() || c.firstName.trim() || c.licenseNumber.trim()))
      results = '<span class="error">Please enter a name or a license number.</span>';
    else if (c) {
      found = find(c);
      results = found.length === 0 ? '<p class="message">No matching records were found.</p>' : '';
    }
    const details: Record<string, string> = {};
    const rows = found.map((l, i) => {
      const link = control(['ctl00', 'MainContent', 'gvLicensees', `ctl${String(i + 2).padStart(2, '0')}`], 'lnkName');
      details[link.name] = licenseeId(l);
      return `<tr>${[
        `<a id="${escapeHtml(link.id)}" href="${postBackHref(link.name)}">${escapeHtml(`${l.lastName}, ${[l.firstName, l.middleName, l.suffix].filter(Boolean).join(' ')}`)}</a>`,
        escapeHtml(l.licenseNumber),
        escapeHtml(l.city),
        escapeHtml(TYPE_WORDS[l.profession]),
        escapeHtml(HTML_STATUS[l.status]),
      ]
        .map((cell) => `<td>${cell}</td>`)
        .join('')}</tr>`;
    });
    if (rows.length > 0)
      results = `<table cellspacing="0" rules="all" border="1" id="gvLicensees" style="border-collapse:collapse;">
<tbody>
<tr><th scope="col">Name</th><th scope="col">License Number</th><th scope="col">City</th><th scope="col">License Type</th><th scope="col">Status</th></tr>
${rows.join('\n')}
</tbody>
</table>`;
    const hidden = app.render(visit, 'E5A90C37', { search: c, details }, Object.keys(details));
    const regulators: [string, string][] = [
      ['', '-- Select a Regulator --'],
      ...MAINE_REGULATORS.map(([value, label]): [string, string] => [value, label]),
    ];
    const body = `<h1>ALMS Online — Search for an Individual</h1>
<table class="search">
<tr><td>Department</td><td>${dropDown(MAINE_FORM.department, [['PFR', 'Professional and Financial Regulation']], 'PFR')}</td></tr>
<tr><td>Agency</td><td>${dropDown(MAINE_FORM.agency, [['OPOR', 'Office of Professional and Occupational Regulation']], 'OPOR')}</td></tr>
<tr><td>Regulator</td><td>${dropDown(MAINE_FORM.regulator, regulators, criteria.regulator)}</td></tr>
<tr><td>Last Name</td><td>${textBox(MAINE_FORM.lastName, criteria.lastName)}</td></tr>
<tr><td>First Name</td><td>${textBox(MAINE_FORM.firstName, criteria.firstName)}</td></tr>
<tr><td>License Number</td><td>${textBox(MAINE_FORM.licenseNumber, criteria.licenseNumber)}</td></tr>
</table>
${submitButton(MAINE_FORM.search, 'Search')}
${results}`;
    return webFormsPage('Search for an Individual', { action: './SearchIndividual.aspx', hidden, body });
  }

  function detailPage(visit: Visit, l: Licensee | undefined, c: Criteria | null): string {
    const hidden = app.render(visit, 'E5A90C37', { search: c, details: {} });
    if (!l)
      return webFormsPage('License Detail', {
        action: './SearchIndividual.aspx',
        hidden,
        body: '<p class="error">The license could not be found.</p>',
      });
    const regulator = l.profession === 'DO' ? 'Board of Osteopathic Licensure' : 'Board of Licensure in Medicine';
    const attributes: [string, string][] = [
      ['Regulator', regulator],
      ['License Number', l.licenseNumber],
      ['License Type', TYPE_WORDS[l.profession]],
      ['Expiration Date', usDate(l.expiryDate)],
      ['License Status', HTML_STATUS[l.status]],
      ['Issue Date', usDate(l.issueDate)],
    ];
    const body = `<div id="detailPage"><div>
<div class="DetailHeader"><h1>License Detail</h1></div>
<div class="DetailGroup Names"><div><div>Name</div><div>${escapeHtml([l.firstName, l.middleName, l.lastName, l.suffix].filter(Boolean).join(' '))}</div></div><div><div>City</div><div>${escapeHtml(l.city)}</div></div></div>
<div>
<div class="DetailGroup Attributes">
${attributes
  // An attribute the license has no value for is left out of the group.
  .filter(([, value]) => value !== '')
  .map(([label, value]) => `<div><div class="label">${escapeHtml(label)}</div><div>${escapeHtml(value)}</div></div>`)
  .join('\n')}
</div>
</div>
</div></div>`;
    return webFormsPage('License Detail', { action: './SearchIndividual.aspx', hidden, body });
  }

  return {
    boardIds: BOARD_IDS,
    pageOf: (parts) => (pageAt(parts, HOST, [`${FOLDER}/SearchIndividual.aspx`]) ? 'search' : undefined),
    async handle(req: IncomingMessage, res: ServerResponse, _page, _query, gate) {
      const visit = app.visit(req);
      if (req.method !== 'POST') {
        if (!(await gate(undefined))) return;
        app.send(res, visit, searchPage(visit, null));
        return;
      }
      const back = app.accept(visit, await readPostedForm(req));
      if (back === 'stale' || back === 'invalid-event') {
        if (!(await gate(undefined))) return;
        if (back === 'invalid-event') app.send(res, visit, serverErrorPage('/ALMSOnline'), 500);
        else app.send(res, visit, searchPage(visit, null));
        return;
      }
      const detail = back.state.details[back.target];
      if (detail !== undefined) {
        if (!(await gate(back.state.search?.lastName || undefined))) return;
        app.send(res, visit, detailPage(visit, licenseeById(ctx, detail, BOARD_IDS), back.state.search));
        return;
      }
      const f = back.form;
      const search = f.has(MAINE_FORM.search.name)
        ? {
            regulator: f.get(MAINE_FORM.regulator.name) ?? '',
            lastName: f.get(MAINE_FORM.lastName.name) ?? '',
            firstName: f.get(MAINE_FORM.firstName.name) ?? '',
            licenseNumber: f.get(MAINE_FORM.licenseNumber.name) ?? '',
          }
        : back.state.search;
      if (!(await gate(search?.lastName || undefined))) return;
      app.send(res, visit, searchPage(visit, search));
    },
  };
}
