import type { IncomingMessage, ServerResponse } from 'node:http';
import { HTML_STATUS, usDate } from '../board-records.ts';
import { escapeHtml } from '../http-util.ts';
import { hash32 } from '../prng.ts';
import type { SimContext } from '../sim-context.ts';
import {
  type AspnetLookup,
  control,
  dropDown,
  pageAt,
  radioButton,
  readPostedForm,
  serverErrorPage,
  submitButton,
  textBox,
  type Visit,
  WebFormsApp,
  webFormsPage,
} from './aspnet-page.ts';
import { type Licensee, searchLicensees } from './search-licensees.ts';

// Kentucky's GenSearch look-up for the Board of Medical Licensure (BOARDS.md §3 row 20; MLL; PSV
// KY_MEDBOARD): LicenseSearch.aspx?AGY=5, an ASP.NET page whose user control `usLicenseSearch` holds the
// last-name box txtField1, the license-number box txtField2 and the button btnSearch. The answer lists the
// licensees one after another as label/value rows (MLL reads the 7th to 9th: number, status, expiry); the
// radio `usLicenseList_rdbtGrid` posts the page back to show them as one grid instead, whose cells are
// 0 first name, 1 last name, 2–7 address and phone, 8 license, 9 status, 10 expiration, 11 practice county,
// 12 area and 13 type of practice, 14 year licensed, 15 medical school, 16 year graduated, 17 board action
// (PSV, verified on the live site 2026-06-22). The results page is LicenseList.aspx with the search in its
// address (as a public parser of KBML's pages shows; not among BOARDS.md's keys). The county and specialty
// selects, the page texts and the words in the cells the readers skip are the simulator's own.

export const KENTUCKY_FORM = {
  lastName: control(['usLicenseSearch'], 'txtField1'),
  licenseNumber: control(['usLicenseSearch'], 'txtField2'),
  county: control(['usLicenseSearch'], 'ddlField3'),
  specialty: control(['usLicenseSearch'], 'ddlField4'),
  search: control(['usLicenseSearch'], 'btnSearch'),
  /** The view radios: no group name, so each posts under its own name (ASP.NET's UniqueID). */
  list: control(['usLicenseList'], 'rdbtDetail'),
  grid: control(['usLicenseList'], 'rdbtGrid'),
} as const;

const HOST = 'web1.ky.gov';
const AGENCY = '5';
const BOARD_ID = 'ky-med';

/** Schools by degree: a DO's is a college of osteopathic medicine. */
const SCHOOLS = {
  MD: [
    'University of Louisville School of Medicine',
    'University of Kentucky College of Medicine',
    'Vanderbilt University School of Medicine',
    'Indiana University School of Medicine',
    'Ross University School of Medicine',
  ],
  DO: [
    'University of Pikeville Kentucky College of Osteopathic Medicine',
    'Lincoln Memorial University DeBusk College of Osteopathic Medicine',
    'Ohio University Heritage College of Osteopathic Medicine',
  ],
} as const;

const SPECIALTIES = ['Family Medicine', 'Internal Medicine', 'Pediatrics', 'Psychiatry', 'Emergency Medicine'];
const NO_LICENSEES = '<p class="ky-message">No licensees were found matching your criteria.</p>';

type Search = { lastName: string; licenseNumber: string };
type PageState = { view: 'list' | 'grid' };

export function createKentuckyLookup(ctx: SimContext): AspnetLookup {
  const app = new WebFormsApp<PageState | null>(`/sites/${HOST}/`);

  function searchPage(visit: Visit, message = ''): string {
    const hidden = app.render(visit, '8C2F6E1A', null);
    const body = `<div class="ky-content"><div><div class="ky-cm-content">
<h2>Kentucky Board of Medical Licensure — License Search</h2>
<div class="row"><div class="cols2-col1">Last Name:</div><div class="cols2-col2">${textBox(KENTUCKY_FORM.lastName)}</div></div>
<div class="row"><div class="cols2-col1">KY License Number:</div><div class="cols2-col2">${textBox(KENTUCKY_FORM.licenseNumber)}</div></div>
<div class="row"><div class="cols2-col1">Practice County:</div><div class="cols2-col2">${dropDown(KENTUCKY_FORM.county, [['0', 'All Counties']], '0')}</div></div>
<div class="row"><div class="cols2-col1">Specialty:</div><div class="cols2-col2">${dropDown(KENTUCKY_FORM.specialty, [['0', 'All Specialties']], '0')}</div></div>
${submitButton(KENTUCKY_FORM.search, 'Search')}
${message ? `<p class="ky-message">${escapeHtml(message)}</p>` : ''}
</div></div></div>`;
    return webFormsPage('License Search', {
      action: `./LicenseSearch.aspx?AGY=${AGENCY}`,
      formId: 'Form1',
      hidden,
      body,
    });
  }

  function listPage(visit: Visit, search: Search, view: 'list' | 'grid', action: string): string {
    const hidden = app.render(visit, '4D7A0B9E', { view }, [KENTUCKY_FORM.grid.name, KENTUCKY_FORM.list.name]);
    const found = searchLicensees(ctx, [BOARD_ID], search);
    const criterion = search.licenseNumber
      ? `Search Criterion: KY License Number = ${search.licenseNumber}; Practice County = 0; Specialty = 0;`
      : `Search Criterion: Last Name = ${search.lastName}; Practice County = 0; Specialty = 0;`;
    const radios = `<div class="ky-view">${radioButton(KENTUCKY_FORM.list, {
      group: KENTUCKY_FORM.list.name,
      value: 'rdbtDetail',
      checked: view === 'list',
      label: 'List',
      postBack: true,
    })} ${radioButton(KENTUCKY_FORM.grid, {
      group: KENTUCKY_FORM.grid.name,
      value: 'rdbtGrid',
      checked: view === 'grid',
      label: 'Grid',
      postBack: true,
    })}</div>`;
    let results: string;
    if (found.length === 0) results = NO_LICENSEES;
    else if (view === 'list') results = found.map(listEntry).join('\n<div class="row"><hr /></div>\n');
    else
      results = `<table cellspacing="0" rules="all" border="1" id="usLicenseList_gvLicensees" style="border-collapse:collapse;">
<tr>${GRID_HEADER.map((h) => `<th scope="col">${h}</th>`).join('')}</tr>
${found
  .map(
    (l) =>
      `<tr>${gridCells(l)
        .map((c) => `<td>${escapeHtml(c)}</td>`)
        .join('')}</tr>`,
  )
  .join('\n')}
</table>`;
    const body = `<div class="ky-content"><div><div class="ky-cm-content">
<h2>License Search Results</h2>
<span id="usLicenseList_lblSearchCriterion">${escapeHtml(criterion)}</span>
${radios}
${results}
</div></div></div>
<div class="ky-cm-post">Published: ${usDate(ctx.population.today)} [wvd]</div>`;
    return webFormsPage('License Search Results', { action, formId: 'Form1', hidden, body });
  }

  return {
    boardIds: [BOARD_ID],
    pageOf(parts) {
      if (pageAt(parts, HOST, ['GenSearch/LicenseSearch.aspx'])) return 'search';
      if (pageAt(parts, HOST, ['GenSearch/LicenseList.aspx'])) return 'list';
      return undefined;
    },
    async handle(req: IncomingMessage, res: ServerResponse, page, query, gate) {
      const visit = app.visit(req);
      const agency = query.get('AGY') === AGENCY;
      if (page === 'list') {
        const search = { lastName: query.get('FLD1') ?? '', licenseNumber: query.get('FLD2') ?? '' };
        if (!(await gate(search.lastName || undefined))) return;
        const action = `./LicenseList.aspx?${new URLSearchParams({ AGY: query.get('AGY') ?? '', FLD1: search.lastName, FLD2: search.licenseNumber, FLD3: '0', FLD4: '0', TYPE: '' })}`;
        if (!agency || !(search.lastName.trim() || search.licenseNumber.trim())) {
          app.send(res, visit, searchPage(visit, 'Please enter a last name or a license number.'));
          return;
        }
        let view: 'list' | 'grid' = 'list';
        if (req.method === 'POST') {
          const back = app.accept(visit, await readPostedForm(req));
          if (back === 'invalid-event') {
            app.send(res, visit, serverErrorPage('/GenSearch'), 500);
            return;
          }
          // A radio posted checked raises its change without script too, as WebForms' post-back data does.
          if (back !== 'stale') {
            const wantsGrid =
              back.target === KENTUCKY_FORM.grid.name ||
              (back.target === '' && back.form.get(KENTUCKY_FORM.grid.name) === 'rdbtGrid');
            view = wantsGrid ? 'grid' : back.target === KENTUCKY_FORM.list.name ? 'list' : (back.state?.view ?? 'list');
          }
        }
        app.send(res, visit, listPage(visit, search, view, action));
        return;
      }
      if (req.method !== 'POST') {
        if (!(await gate(undefined))) return;
        app.send(res, visit, searchPage(visit));
        return;
      }
      const back = app.accept(visit, await readPostedForm(req));
      if (back === 'stale' || back === 'invalid-event' || !back.form.has(KENTUCKY_FORM.search.name)) {
        if (!(await gate(undefined))) return;
        if (back === 'invalid-event') app.send(res, visit, serverErrorPage('/GenSearch'), 500);
        else app.send(res, visit, searchPage(visit));
        return;
      }
      const lastName = (back.form.get(KENTUCKY_FORM.lastName.name) ?? '').trim();
      const licenseNumber = (back.form.get(KENTUCKY_FORM.licenseNumber.name) ?? '').trim();
      if (!(await gate(lastName || undefined))) return;
      if (!lastName && !licenseNumber) {
        app.send(res, visit, searchPage(visit, 'Please enter a last name or a license number.'));
        return;
      }
      const target = new URLSearchParams({
        AGY: AGENCY,
        FLD1: lastName,
        FLD2: licenseNumber,
        FLD3: '0',
        FLD4: '0',
        TYPE: '',
      });
      app.redirect(res, visit, `LicenseList.aspx?${target}`);
    },
  };
}

const GRID_HEADER = [
  'First Name',
  'Last Name',
  'Address',
  'Address 2',
  'City',
  'State',
  'Zip',
  'Phone',
  'License',
  'Status',
  'Expiration',
  'Practice County',
  'Area of Practice',
  'Type of Practice',
  'Year Licensed',
  'Medical School',
  'Year Graduated',
  'Board Action',
];

function schoolOf(l: Licensee): string {
  const schools = SCHOOLS[l.profession === 'DO' ? 'DO' : 'MD'];
  return schools[hash32(l.personIndex, 501) % schools.length] as string;
}

function gridCells(l: Licensee): string[] {
  const street = `${100 + (hash32(l.personIndex, 502) % 9000)} Main Street`;
  const issued = Number(l.issueDate.slice(0, 4));
  return [
    l.firstName,
    l.lastName,
    street,
    '',
    l.city,
    l.state,
    String(40000 + (hash32(l.personIndex, 503) % 2800)),
    `(502) 555-${String(hash32(l.personIndex, 504) % 10000).padStart(4, '0')}`,
    l.licenseNumber,
    HTML_STATUS[l.status],
    usDate(l.expiryDate),
    l.city === 'Louisville' ? 'Jefferson' : 'Fayette',
    SPECIALTIES[hash32(l.personIndex, 505) % SPECIALTIES.length] as string,
    l.personIndex % 3 === 0 ? 'Group Practice' : 'Hospital Based',
    String(issued),
    schoolOf(l),
    String(issued - 4),
    l.discipline ?? '',
  ];
}

/** One licensee in the list view: label/value rows (the 7th to 9th of the first: number, status, expiry). */
function listEntry(l: Licensee): string {
  const cells = gridCells(l);
  const rows: [string, string][] = [
    ['Name', `${cells[0]} ${cells[1]}`],
    ['Address', cells[2] as string],
    ['City/State/Zip', `${l.city}, ${l.state} ${cells[6]}`],
    ['License', l.licenseNumber],
    ['Status', HTML_STATUS[l.status]],
    ['Expiration Date', usDate(l.expiryDate)],
    ['Medical School', cells[15] as string],
    ['Year Graduated', cells[16] as string],
    ['*Area of Practice', cells[12] as string],
    ['Type of Practice', cells[13] as string],
    ['Board Action', cells[17] as string],
  ];
  return rows
    .map(
      ([label, value]) =>
        `<div class="row"><div class="cols2-col1">${escapeHtml(label)}:</div><div class="cols2-col2">${escapeHtml(value)}</div></div>`,
    )
    .join('\n');
}
