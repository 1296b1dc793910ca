import type { IncomingMessage, ServerResponse } from 'node:http';
import { HTML_STATUS, usDate } from '../board-records.ts';
import { escapeHtml } from '../http-util.ts';
import { hash32 } from '../prng.ts';
import type { SimContext } from '../sim-context.ts';
import {
  type AspnetLookup,
  control,
  dropDown,
  linkButton,
  pageAt,
  postBackHref,
  readPostedForm,
  serverErrorPage,
  textBox,
  type Visit,
  WebFormsApp,
  webFormsPage,
} from './aspnet-page.ts';
import {
  type Licensee,
  type LicenseeSearch,
  licenseeById,
  licenseeId,
  type Profession,
  searchLicensees,
} from './search-licensees.ts';

// Michigan LARA's Accela Citizen Access licensee look-up (BOARDS.md §3 rows 26–27; MLL; PSV MI_LARA):
// /MILARA/GeneralProperty/PropertyLookUp.aspx?isLicensee=Y, every Michigan profession on one page. Its
// controls sit in naming containers (`ctl00_PlaceHolderMain_refLicenseeSearchForm_txtLastName`, named
// `ctl00$PlaceHolderMain$refLicenseeSearchForm$txtLastName`), and its search button is a link,
// `ctl00_PlaceHolderMain_btnNewSearch`, that posts the form back naming itself. Results are rows
// `tr.ACA_TabRow_Odd` / `tr.ACA_TabRow_Even`: type, number, first, middle and last name, organisation,
// DBA, status, expiry; Accela puts zero-width characters (U+200B, U+200C, U+200D) inside the values it
// shows. A pager's "Next" link posts back `Page$N` to the grid. The number box's id, the page size (ten,
// Accela's default), the type words and every page text are the simulator's own.

const SEARCH = ['ctl00', 'PlaceHolderMain', 'refLicenseeSearchForm'] as const;

export const ACCELA_FORM = {
  lastName: control(SEARCH, 'txtLastName'),
  firstName: control(SEARCH, 'txtFirstName'),
  licenseNumber: control(SEARCH, 'txtLicenseNumber'),
  licenseType: control(SEARCH, 'ddlLicenseType'),
  search: control(['ctl00', 'PlaceHolderMain'], 'btnNewSearch'),
} as const;

/** The grid, whose pager posts back to it with `Page$N`. */
export const ACCELA_GRID = control(['ctl00', 'PlaceHolderMain', 'refLicenseeList'], 'gdvRefLicenseeList');
const PAGE_SIZE = 10;
const HOST = 'aca-prod.accela.com';
const FOLDER = 'MILARA/GeneralProperty';

const TYPE_WORDS: Record<Profession, string> = {
  MD: 'Medical Doctor',
  DO: 'Osteopathic Physician',
  RN: 'Registered Nurse',
  PA: "Physician's Assistant",
  RPH: 'Pharmacist',
};

/** The zero-width characters Accela scatters through displayed text (PSV MI_LARA). */
const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d'] as const;

/** A value as Accela shows it: a zero-width character or two inside it, the same ones each time. */
export function withZeroWidth(value: string, seed: number): string {
  if (value.length < 2) return value;
  const at = 1 + (hash32(seed, value.length, 401) % (value.length - 1));
  const mark = ZERO_WIDTH[hash32(seed, 402) % ZERO_WIDTH.length] as string;
  const marked = `${value.slice(0, at)}${mark}${value.slice(at)}`;
  return hash32(seed, 403) % 2 === 0 ? `${marked}\u200b` : marked;
}

type Criteria = LicenseeSearch & { licenseType: string };
type PageState = { search: Criteria | null; page: number; pages: number };

export function createAccelaLookup(ctx: SimContext): AspnetLookup {
  const boardIds = ['mi-md', 'mi-do'] as const;
  const app = new WebFormsApp<PageState>(`/sites/${HOST}/`);
  const types: [string, string][] = [
    ['', '--Select--'],
    ...Object.values(TYPE_WORDS).map((w): [string, string] => [w, w]),
  ];

  function find(c: Criteria): Licensee[] {
    return searchLicensees(ctx, boardIds, c, { others: true }).filter(
      (l) => c.licenseType === '' || TYPE_WORDS[l.profession] === c.licenseType,
    );
  }

  function lookupPage(visit: Visit, search: Criteria | null, pageNumber: number): string {
    const found = search ? find(search) : [];
    const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
    const page = Math.min(Math.max(pageNumber, 1), pages);
    const hidden = app.render(visit, 'F3E1B6A8', { search, page, pages }, [
      ACCELA_FORM.search.name,
      ...(pages > 1 ? [ACCELA_GRID.name] : []),
    ]);
    const c = search ?? { lastName: '', firstName: '', licenseNumber: '', licenseType: '' };
    let results = '';
    if (search && !(c.lastName?.trim() || c.firstName?.trim() || c.licenseNumber?.trim()))
      results = '<div class="ACA_Message_Error">Please enter at least one search criterion.</div>';
    else if (search && found.length === 0)
      results = '<div class="ACA_Message_Notice">Your search returned no results.</div>';
    else if (search) {
      const rows = found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
      const row = (l: Licensee, i: number) => {
        const seed = l.personIndex * 7 + i;
        const ctl = `${ACCELA_GRID.id}_ctl${String(i + 2).padStart(2, '0')}`;
        const cell = (field: string, value: string) =>
          `<td><div class="ACA_CapationTextStyle"><span id="${ctl}_${field}">${escapeHtml(withZeroWidth(value, seed))}</span></div></td>`;
        const number = `<td><div class="ACA_CapationTextStyle"><a id="${ctl}_lnkLicenseRefNumber" href="LicenseeDetail.aspx?LicenseeNumber=${encodeURIComponent(l.licenseNumber)}&amp;LicenseeType=${encodeURIComponent(TYPE_WORDS[l.profession])}&amp;id=${licenseeId(l)}">${escapeHtml(withZeroWidth(l.licenseNumber, seed + 1))}</a></div></td>`;
        return `<tr class="${i % 2 === 0 ? 'ACA_TabRow_Odd' : 'ACA_TabRow_Even'}">${[
          cell('lblLicenseType', TYPE_WORDS[l.profession]),
          number,
          cell('lblFirstName', l.firstName),
          cell('lblMiddleName', l.middleName ?? ''),
          cell('lblLastName', l.lastName),
          cell('lblBusinessName', ''),
          cell('lblDBA', ''),
          cell('lblStatus', HTML_STATUS[l.status]),
          cell('lblExpirationDate', usDate(l.expiryDate)),
        ].join('')}</tr>`;
      };
      const link = (n: number, label: string, title?: string) =>
        `<a href="${postBackHref(ACCELA_GRID.name, `Page$${n}`)}" class="aca_pagination_PrevNext"${title ? ` title="${title}"` : ''}>${label}</a>`;
      const pagerCells = [
        page > 1
          ? link(page - 1, '&lt; Prev', 'Previous page')
          : '<span class="aca_pagination_PrevNext disabled">&lt; Prev</span>',
        ...Array.from({ length: pages }, (_, k) =>
          k + 1 === page ? `<span class="SelectedPageButton">${k + 1}</span>` : link(k + 1, String(k + 1)),
        ),
        page < pages
          ? link(page + 1, 'Next &gt;', 'Next page')
          : '<span class="aca_pagination_PrevNext disabled">Next &gt;</span>',
      ];
      results = `<div class="ACA_Grid_Caption">Showing ${(page - 1) * PAGE_SIZE + 1}-${(page - 1) * PAGE_SIZE + rows.length} of ${found.length}</div>
<table class="ACA_GridView ACA_Grid_Caption" cellspacing="0" rules="all" border="1" id="${ACCELA_GRID.id}" style="border-collapse:collapse;">
<tbody>
<tr class="ACA_TabRow_Header">${['License Type', 'License Number', 'First Name', 'Middle Name', 'Last Name', 'Organization Name', 'DBA/Trade Name', 'License Status', 'Expiration Date'].map((h) => `<th scope="col">${h}</th>`).join('')}</tr>
${rows.map(row).join('\n')}
${pages > 1 ? `<tr class="ACA_Table_Pages"><td colspan="9"><table><tbody><tr>${pagerCells.map((p) => `<td>${p}</td>`).join('')}</tr></tbody></table></td></tr>` : ''}
</tbody>
</table>`;
    }
    const body = `<div id="ctl00_PlaceHolderMain_pnlSearch">
<h1>Search for a Licensee</h1>
<table class="ACA_Table">
<tr><td>License Type</td><td>${dropDown(ACCELA_FORM.licenseType, types, c.licenseType)}</td></tr>
<tr><td>License Number</td><td>${textBox(ACCELA_FORM.licenseNumber, c.licenseNumber ?? '')}</td></tr>
<tr><td>First Name</td><td>${textBox(ACCELA_FORM.firstName, c.firstName ?? '')}</td></tr>
<tr><td>Last Name</td><td>${textBox(ACCELA_FORM.lastName, c.lastName ?? '')}</td></tr>
</table>
${linkButton(ACCELA_FORM.search, '<span>Search</span>', 'ACA_LgButton ACA_LgButton_FontSize')}
</div>
<div id="ctl00_PlaceHolderMain_refLicenseeList_pnlList">
${results}
</div>`;
    return webFormsPage('Licensee Search', {
      action: './PropertyLookUp.aspx?isLicensee=Y&TabName=Home',
      formId: 'aspnetForm',
      hidden,
      body,
    });
  }

  function detailPage(visit: Visit, l: Licensee | undefined): string {
    const hidden = app.render(visit, '0B5C7D93', { search: null, page: 1, pages: 1 });
    const info = 'ctl00_PlaceHolderMain_licenseeGeneralInfo';
    const body = l
      ? `<h1>Licensee Detail</h1>
<table class="ACA_Table">
<tr><td>License Number:</td><td><span id="${info}_lblLicenseeNumber_value">${escapeHtml(l.licenseNumber)}</span></td></tr>
<tr><td>License Type:</td><td><span id="${info}_lblLicenseeType_value">${escapeHtml(TYPE_WORDS[l.profession])}</span></td></tr>
<tr><td>Name:</td><td><span id="${info}_lblContactName_value">${escapeHtml([l.firstName, l.middleName, l.lastName].filter(Boolean).join(' '))}</span></td></tr>
<tr><td>License Status:</td><td><span id="${info}_lblBusinessName2_value">${escapeHtml(HTML_STATUS[l.status])}</span></td></tr>
<tr><td>Expiration Date:</td><td><span id="${info}_lblExpirationDate_value">${escapeHtml(usDate(l.expiryDate))}</span></td></tr>
</table>`
      : '<h1>Licensee Detail</h1>\n<div class="ACA_Message_Error">The licensee could not be found.</div>';
    return webFormsPage('Licensee Detail', { action: './LicenseeDetail.aspx', formId: 'aspnetForm', hidden, body });
  }

  return {
    boardIds,
    pageOf(parts) {
      if (pageAt(parts, HOST, [`${FOLDER}/PropertyLookUp.aspx`])) return 'search';
      if (pageAt(parts, HOST, [`${FOLDER}/LicenseeDetail.aspx`])) return 'detail';
      return undefined;
    },
    async handle(req: IncomingMessage, res: ServerResponse, page, query, gate) {
      const visit = app.visit(req);
      if (page === 'detail') {
        const l = licenseeById(ctx, query.get('id') ?? '', boardIds);
        if (!(await gate(l?.hit?.person.lastName ?? l?.lastName))) return;
        app.send(res, visit, detailPage(visit, l));
        return;
      }
      if (req.method !== 'POST') {
        if (!(await gate(undefined))) return;
        app.send(res, visit, lookupPage(visit, null, 1));
        return;
      }
      const back = app.accept(visit, await readPostedForm(req));
      if (back === 'stale' || back === 'invalid-event') {
        if (!(await gate(undefined))) return;
        if (back === 'invalid-event') app.send(res, visit, serverErrorPage('/MILARA'), 500);
        else app.send(res, visit, lookupPage(visit, null, 1));
        return;
      }
      let search = back.state.search;
      let pageNumber = back.state.page;
      if (back.target === ACCELA_FORM.search.name) {
        const f = back.form;
        search = {
          lastName: f.get(ACCELA_FORM.lastName.name) ?? '',
          firstName: f.get(ACCELA_FORM.firstName.name) ?? '',
          licenseNumber: f.get(ACCELA_FORM.licenseNumber.name) ?? '',
          licenseType: f.get(ACCELA_FORM.licenseType.name) ?? '',
        };
        pageNumber = 1;
      } else if (back.target === ACCELA_GRID.name) {
        const wanted = /^Page\$(\d+)$/.exec(back.argument);
        if (wanted && Number(wanted[1]) >= 1 && Number(wanted[1]) <= back.state.pages) pageNumber = Number(wanted[1]);
      }
      if (!(await gate(search?.lastName || undefined))) return;
      app.send(res, visit, lookupPage(visit, search, pageNumber));
    },
  };
}
