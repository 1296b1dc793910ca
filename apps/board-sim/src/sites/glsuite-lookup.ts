import type { IncomingMessage, ServerResponse } from 'node:http';
import { HTML_STATUS, usDate } from '../board-records.ts';
import { escapeHtml } from '../http-util.ts';
import type { SimContext } from '../sim-context.ts';
import {
  type AspnetLookup,
  type Control,
  control,
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
import { type Licensee, type LicenseeSearch, licenseeById, licenseeId, searchLicensees } from './search-licensees.ts';

// GLSuite's public look-ups (BOARDS.md §3 rows 3 and 64): ASP.NET pages under
// /GLSuiteWeb/Clients/<board>/Public/, their controls in a master page's ContentPlaceHolder1 (ids
// `ContentPlaceHolder1_txtLastName`, names `ctl00$ContentPlaceHolder1$txtLastName`), results in the
// DataGrid `ContentPlaceHolder1_dtgResults`.
//
// Wyoming (MLL; PSV WY_PHYSICIAN): LicenseeSearch.aspx?SearchType=Physician, boxes txtLastName,
// txtFirstName and txtLicNum, the button btnSubmit; the page answers its post-back with the grid, a header
// row of td cells, then `tr.Georgia11` rows: the name in cell 0, the number in cell 3, the issue date in
// cell 4, one cell 6 "Expires MM/DD/YYYY; Active", the type in cell 8, board actions in cell 10.
//
// Arizona (MLL 2024; PSV AZ_MEDBOARD 2026, whose host it could not reach): WebVerificationSearch.aspx?q=azmd,
// boxes txtLastName and txtFirstName, the radio rbName1 chosen and btnName ("Name Search") pressed; a
// license number has its own box and "License Number Search" button. The search redirects to Results.aspx,
// a list whose first cell links each licensee's profile (Profile.aspx, opened in a new window), where the
// license is read as label/value rows, the number's first. The evidence shows the radio clicked, not what it
// chooses: here it picks the license list (rbName1 the MDs, rbName2 the board's physician assistants) and a
// name search needs one. The number controls' ids, the list's other columns, the profile's labels beyond
// PSV's and every page text are the simulator's own.

const CONTAINERS = ['ctl00', 'ContentPlaceHolder1'] as const;
/** A control of the content placeholder, its id as ASP.NET 4's predictable ids write it (no ctl00_). */
const placeholder = (serverId: string): Control => control(CONTAINERS, serverId, `ContentPlaceHolder1_${serverId}`);

export const WYOMING_FORM = {
  lastName: placeholder('txtLastName'),
  firstName: placeholder('txtFirstName'),
  licenseNumber: placeholder('txtLicNum'),
  submit: placeholder('btnSubmit'),
} as const;

export const ARIZONA_FORM = {
  lastName: placeholder('txtLastName'),
  firstName: placeholder('txtFirstName'),
  md: placeholder('rbName1'),
  pa: placeholder('rbName2'),
  /** The radios' group, as the form sends it. */
  list: 'ctl00$ContentPlaceHolder1$rbName',
  nameSearch: placeholder('btnName'),
  licenseNumber: placeholder('txtLicNum'),
  numberSearch: placeholder('btnLicNum'),
} as const;

const GRID_ID = 'ContentPlaceHolder1_dtgResults';
const NO_RECORDS = '<p id="ContentPlaceHolder1_lblNoRecords">No records were found matching your search criteria.</p>';

type PageState = { search: LicenseeSearch | null };

export function createGlsuiteLookups(ctx: SimContext): AspnetLookup[] {
  return [wyomingLookup(ctx), arizonaLookup(ctx)];
}

function cellRow(cells: readonly string[], cls: string): string {
  return `<tr class="${cls}">${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
}

/** 'Last, First Middle Suffix'. */
function listedName(l: Licensee): string {
  return `${l.lastName}, ${[l.firstName, l.middleName, l.suffix].filter(Boolean).join(' ')}`;
}

function hasCriteria(s: LicenseeSearch): boolean {
  return Boolean(s.lastName?.trim() || s.firstName?.trim() || s.licenseNumber?.trim());
}

function wyomingLookup(ctx: SimContext): AspnetLookup {
  const boardId = 'wy-med';
  const host = 'wybomv7prod.glsuite.us';
  const app = new WebFormsApp<PageState>(`/sites/${host}/`);
  const generator = '9F2A6B3C';

  /** `physicians`: the page's SearchType is the physicians' (the simulator holds no other profession's list). */
  function page(visit: Visit, search: LicenseeSearch | null, physicians: boolean, searchType: string): string {
    const hidden = app.render(visit, generator, { search });
    const s = search ?? {};
    let results = '';
    if (search && !hasCriteria(search)) results = '<p class="error">Please enter a search criterion.</p>';
    else if (search) {
      const found = physicians ? searchLicensees(ctx, [boardId], search) : [];
      if (found.length === 0) results = NO_RECORDS;
      else {
        const header = [
          'Licensee Name',
          'Address',
          'Specialty',
          'License Number',
          'Original Issue Date',
          'Licensed By',
          'License Status',
          'Board Certified',
          'License Type',
          'Practice Setting',
          'Board Actions',
        ];
        const row = (l: Licensee) => {
          const standing = HTML_STATUS[l.status];
          const status = l.expiryDate ? `Expires ${usDate(l.expiryDate)}; ${standing}` : standing;
          return cellRow(
            [
              escapeHtml(listedName(l).toUpperCase()),
              escapeHtml(`${l.city}, ${l.state}`),
              escapeHtml(l.hit?.person.taxonomy.desc ?? ''),
              escapeHtml(l.licenseNumber),
              escapeHtml(usDate(l.issueDate)),
              l.personIndex % 4 === 0 ? 'Endorsement' : 'Examination',
              escapeHtml(status),
              l.personIndex % 3 === 0 ? 'Yes' : 'No',
              escapeHtml(l.profession),
              l.personIndex % 5 === 0 ? 'Hospital' : 'Clinic',
              escapeHtml(l.discipline ?? ''),
            ],
            'Georgia11',
          );
        };
        results = `<table class="Georgia11" cellspacing="0" rules="all" border="1" id="${GRID_ID}" style="border-collapse:collapse;">
<tbody>
${cellRow(
  header.map((h) => `<b>${h}</b>`),
  'GeorgiaHeader',
)}
${found.map(row).join('\n')}
</tbody>
</table>`;
      }
    }
    const body = `<h1>Wyoming Board of Medicine — Licensee Search</h1>
<h2>Physician</h2>
<table class="search">
<tr><td>Last Name</td><td>${textBox(WYOMING_FORM.lastName, s.lastName ?? '')}</td></tr>
<tr><td>First Name</td><td>${textBox(WYOMING_FORM.firstName, s.firstName ?? '')}</td></tr>
<tr><td>License Number</td><td>${textBox(WYOMING_FORM.licenseNumber, s.licenseNumber ?? '')}</td></tr>
</table>
${submitButton(WYOMING_FORM.submit, 'Search')}
${results}`;
    return webFormsPage('Licensee Search', {
      action: `./LicenseeSearch.aspx?SearchType=${encodeURIComponent(searchType)}`,
      hidden,
      body,
    });
  }

  return {
    boardIds: [boardId],
    pageOf: (parts) =>
      pageAt(parts, host, ['GLSuiteWeb/Clients/WYBOM/Public/LicenseeSearch.aspx']) ? 'search' : undefined,
    async handle(req: IncomingMessage, res: ServerResponse, _page, query, gate) {
      const visit = app.visit(req);
      // The page lists one profession per SearchType: the simulator keeps its physicians.
      const searchType = query.get('SearchType') ?? '';
      const physicians = searchType.toLowerCase() === 'physician';
      if (req.method !== 'POST') {
        if (!(await gate(undefined))) return;
        app.send(res, visit, page(visit, null, physicians, searchType));
        return;
      }
      const back = app.accept(visit, await readPostedForm(req));
      if (back === 'stale' || back === 'invalid-event') {
        if (!(await gate(undefined))) return;
        if (back === 'invalid-event') app.send(res, visit, serverErrorPage('/GLSuiteWeb'), 500);
        else app.send(res, visit, page(visit, null, physicians, searchType));
        return;
      }
      const f = back.form;
      const search = f.has(WYOMING_FORM.submit.name)
        ? {
            lastName: f.get(WYOMING_FORM.lastName.name) ?? '',
            firstName: f.get(WYOMING_FORM.firstName.name) ?? '',
            licenseNumber: f.get(WYOMING_FORM.licenseNumber.name) ?? '',
          }
        : back.state.search;
      if (!(await gate(search?.lastName || undefined))) return;
      app.send(res, visit, page(visit, search, physicians, searchType));
    },
  };
}

type ArizonaSearch = LicenseeSearch & { list: 'MD' | 'PA' };

function arizonaLookup(ctx: SimContext): AspnetLookup {
  const boardId = 'az-md';
  const host = 'azbomv7prod.glsuite.us';
  const folder = 'GLSuiteWeb/Clients/AZBOM/Public';
  const app = new WebFormsApp<PageState>(`/sites/${host}/`);
  const SEARCH_KEY = 'az.search';

  function searchPage(visit: Visit, search: Partial<ArizonaSearch>, message = ''): string {
    const hidden = app.render(visit, '3B7D0C55', { search: null });
    const body = `<h1>Arizona Medical Board — License Verification</h1>
<fieldset><legend>Search by name</legend>
${radioButton(ARIZONA_FORM.md, { group: ARIZONA_FORM.list, value: 'rbName1', checked: search.list === 'MD', label: 'Medical Doctor (MD)' })}
${radioButton(ARIZONA_FORM.pa, { group: ARIZONA_FORM.list, value: 'rbName2', checked: search.list === 'PA', label: 'Physician Assistant (PA)' })}
<table>
<tr><td>Last Name</td><td>${textBox(ARIZONA_FORM.lastName, search.lastName ?? '')}</td></tr>
<tr><td>First Name</td><td>${textBox(ARIZONA_FORM.firstName, search.firstName ?? '')}</td></tr>
</table>
${submitButton(ARIZONA_FORM.nameSearch, 'Name Search')}
</fieldset>
<fieldset><legend>Search by license number</legend>
${textBox(ARIZONA_FORM.licenseNumber, search.licenseNumber ?? '')}
${submitButton(ARIZONA_FORM.numberSearch, 'License Number Search')}
</fieldset>
${message ? `<p class="error" id="ContentPlaceHolder1_lblMessage">${escapeHtml(message)}</p>` : ''}`;
    return webFormsPage('Web Verification Search', {
      action: './WebVerificationSearch.aspx?q=azmd',
      hidden,
      body,
    });
  }

  function find(search: ArizonaSearch): Licensee[] {
    const found = searchLicensees(ctx, [boardId], search, { others: search.list === 'PA' });
    return found.filter((l) => (search.list === 'PA' ? l.profession === 'PA' : l.profession === 'MD'));
  }

  function resultsPage(visit: Visit, search: ArizonaSearch | undefined): string {
    const hidden = app.render(visit, 'C0D94E12', { search: search ?? null });
    let results: string;
    if (!search)
      results =
        '<p class="error">Your search has expired. Please <a href="WebVerificationSearch.aspx?q=azmd">search again</a>.</p>';
    else {
      const found = find(search);
      results =
        found.length === 0
          ? NO_RECORDS
          : `<table cellspacing="0" rules="all" border="1" id="${GRID_ID}" style="border-collapse:collapse;">
<tbody>
${cellRow(['<b>Name</b>', '<b>License Type</b>', '<b>License Number</b>', '<b>City</b>', '<b>State</b>'], 'GeorgiaHeader')}
${found
  .map((l) =>
    cellRow(
      [
        `<a href="Profile.aspx?entityID=${licenseeId(l)}" target="_blank">${escapeHtml(listedName(l))}</a>`,
        escapeHtml(l.profession),
        escapeHtml(l.licenseNumber),
        escapeHtml(l.city),
        escapeHtml(l.state),
      ],
      'Georgia11',
    ),
  )
  .join('\n')}
</tbody>
</table>`;
    }
    const body = `<h1>Arizona Medical Board — Search Results</h1>
${results}
<p><a href="WebVerificationSearch.aspx?q=azmd">New search</a></p>`;
    return webFormsPage('Search Results', { action: './Results.aspx', hidden, body });
  }

  function profilePage(visit: Visit, l: Licensee | undefined): string {
    const hidden = app.render(visit, '6A1E8F20', { search: null });
    if (!l)
      return webFormsPage('Licensee Profile', {
        action: './Profile.aspx',
        hidden,
        body: '<h1>Licensee Profile</h1>\n<p class="error">The licensee could not be found.</p>',
      });
    const rows: [string, string][] = [
      ['License Number', l.licenseNumber],
      ['Name', listedName(l)],
      ['License Type', l.profession],
      ['License Status', HTML_STATUS[l.status]],
      ['Issue Date', usDate(l.issueDate)],
      ['Expiration Date', usDate(l.expiryDate)],
      ['Disciplinary Action', l.discipline ?? ''],
    ];
    const body = `<h1>Licensee Profile</h1>
<table id="ContentPlaceHolder1_tblProfile">
${rows
  // A field the board has no value for is left off the profile.
  .filter(([, value]) => value !== '')
  .map(([label, value]) => `<tr><td class="label">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`)
  .join('\n')}
</table>`;
    return webFormsPage('Licensee Profile', { action: `./Profile.aspx?entityID=${licenseeId(l)}`, hidden, body });
  }

  return {
    boardIds: [boardId],
    pageOf(parts) {
      if (pageAt(parts, host, [`${folder}/WebVerificationSearch.aspx`])) return 'search';
      if (pageAt(parts, host, [`${folder}/Results.aspx`])) return 'results';
      if (pageAt(parts, host, [`${folder}/Profile.aspx`])) return 'profile';
      return undefined;
    },
    async handle(req: IncomingMessage, res: ServerResponse, page, query, gate) {
      const visit = app.visit(req);
      if (page === 'profile') {
        const l = licenseeById(ctx, query.get('entityID') ?? '', [boardId]);
        if (!(await gate(l?.hit?.person.lastName ?? l?.lastName))) return;
        app.send(res, visit, profilePage(visit, l));
        return;
      }
      if (page === 'results') {
        const search = visit.data.get(SEARCH_KEY) as ArizonaSearch | undefined;
        if (!(await gate(search?.lastName || undefined))) return;
        app.send(res, visit, resultsPage(visit, search));
        return;
      }
      if (req.method !== 'POST') {
        if (!(await gate(undefined))) return;
        app.send(res, visit, searchPage(visit, {}));
        return;
      }
      const back = app.accept(visit, await readPostedForm(req));
      if (back === 'stale' || back === 'invalid-event') {
        if (!(await gate(undefined))) return;
        if (back === 'invalid-event') app.send(res, visit, serverErrorPage('/GLSuiteWeb'), 500);
        else app.send(res, visit, searchPage(visit, {}));
        return;
      }
      const f = back.form;
      const chosen = f.get(ARIZONA_FORM.list);
      const entered = {
        lastName: f.get(ARIZONA_FORM.lastName.name) ?? '',
        firstName: f.get(ARIZONA_FORM.firstName.name) ?? '',
        licenseNumber: f.get(ARIZONA_FORM.licenseNumber.name) ?? '',
        list: chosen === 'rbName1' ? ('MD' as const) : chosen === 'rbName2' ? ('PA' as const) : undefined,
      };
      if (!(await gate(entered.lastName || undefined))) return;
      let search: ArizonaSearch | undefined;
      let message = '';
      if (f.has(ARIZONA_FORM.numberSearch.name)) {
        if (entered.licenseNumber.trim()) search = { licenseNumber: entered.licenseNumber, list: 'MD' };
        else message = 'Please enter a license number.';
      } else if (f.has(ARIZONA_FORM.nameSearch.name)) {
        if (!entered.list) message = 'Please select a license type to search.';
        else if (!entered.lastName.trim() && !entered.firstName.trim()) message = 'Please enter a last or first name.';
        else search = { lastName: entered.lastName, firstName: entered.firstName, list: entered.list };
      }
      if (!search) {
        app.send(res, visit, searchPage(visit, entered, message));
        return;
      }
      // GLSuite keeps the search in the session and sends the browser to its results page.
      visit.data.set(SEARCH_KEY, search);
      app.redirect(res, visit, 'Results.aspx');
    },
  };
}
