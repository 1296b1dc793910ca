import type { IncomingMessage, ServerResponse } from 'node:http';
import { HTML_STATUS, usDate } from '../board-records.ts';
import { escapeHtml } from '../http-util.ts';
import type { SimContext } from '../sim-context.ts';
import {
  type AspnetLookup,
  dropDown,
  pageAt,
  postBackHref,
  readPostedForm,
  serverErrorPage,
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

// The mylicense.com look-ups (BOARDS.md §3 rows 17, 36, 47; PSV IN_PLA, NJ_DCA, RI_HEALTH; MLL): one
// search form whose controls are named and id'd alike (`t_web_lookup__last_name`, `…first_name`,
// `…license_no`, the `sch_button` button), every health profession on one portal, results in
// `table#datagrid_results` whose name cell nests a table holding the link to `Details.aspx?result=<GUID>`,
// then number / profession / type / status and the address (Indiana) or city and state (New Jersey,
// Rhode Island). The expiry is only on the detail page: a label/value table (Indiana: four pairs a row),
// its values in spans with the platform's ids (`#license_no`, `#sec_lic_status`, `#expiration_date`).
// Indiana pages its grid (a numbered pager posting back), and a surname with too many rows answers an
// ASP.NET error page; Rhode Island shows at most 200 rows, on one page. The evidence names the results
// page SearchResults.aspx without saying how it is reached: here the search page answers its own
// post-back with the results. The profession and type words, the page texts and the detail labels
// beyond those PSV reads are the simulator's own.

type MylicenseBoard = {
  boardId: string;
  host: string;
  /** The application's folder, its default document the search page. */
  folder: string;
  /** The grid's last columns: Indiana's one address cell, or a city and a state. */
  place: 'address' | 'city-state';
  /** Rows a grid page shows (numbered pager); null: every row on one page. */
  pageSize: number | null;
  /** The most rows the board shows; more are cut off. */
  cap?: number;
  /** A search finding more rows than this answers an ASP.NET error page (Indiana, PSV smoke-test note). */
  failAbove?: number;
  /** The profession column's words for a physician; the type column's for an MD and a DO. */
  profession: string;
  types: { MD: string; DO: string };
  status(licensee: Licensee, today: string): string;
  /** The detail page's labels and how many label/value pairs share a row. */
  detail: { pairsPerRow: number; labels: Record<DetailField, string> };
};

type DetailField = 'name' | 'number' | 'profession' | 'type' | 'status' | 'issued' | 'expires' | 'obtained';

/** The platform's ids of the detail page's values (PSV NJ_DCA). */
const DETAIL_IDS: Record<DetailField, string> = {
  name: 'full_name',
  number: 'license_no',
  profession: 'profession_id',
  type: 'license_type',
  status: 'sec_lic_status',
  issued: 'issue',
  expires: 'expiration_date',
  obtained: 'obtained_by',
};

const DETAIL_ORDER: readonly DetailField[] = [
  'name',
  'number',
  'profession',
  'type',
  'status',
  'issued',
  'expires',
  'obtained',
];

/** Other professions on the portal: their profession and type words. */
const OTHER_WORDS: Record<Exclude<Profession, 'MD' | 'DO'>, { profession: string; type: string }> = {
  RN: { profession: 'Nursing', type: 'Registered Nurse' },
  PA: { profession: 'Physician Assistant', type: 'Physician Assistant' },
  RPH: { profession: 'Pharmacy', type: 'Pharmacist' },
};

const plainStatus = (licensee: Licensee) => HTML_STATUS[licensee.status];

/** An expired license more than `years` years gone, in the board's other word for it. */
function longExpired(licensee: Licensee, today: string, years: number): boolean {
  if (licensee.status !== 'expired' || !licensee.expiryDate) return false;
  return licensee.expiryDate < `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
}

export const MYLICENSE_BOARDS: readonly MylicenseBoard[] = [
  {
    boardId: 'in-med',
    host: 'mylicense.in.gov',
    folder: 'EVerification',
    place: 'address',
    pageSize: 20,
    failAbove: 200,
    profession: 'Medical Licensing Board',
    types: { MD: 'Physician', DO: 'Osteopathic Physician' },
    // PSV IN_PLA's status map holds 'Expired Non-Renewable' beside 'Expired'.
    status: (l, today) => (longExpired(l, today, 3) ? 'Expired Non-Renewable' : plainStatus(l)),
    detail: {
      pairsPerRow: 4,
      labels: {
        name: 'Name',
        number: 'Lic #',
        profession: 'Profession',
        type: 'Type',
        status: 'Status',
        issued: 'Issued',
        expires: 'Expiration',
        obtained: 'Obtained By',
      },
    },
  },
  {
    boardId: 'nj-med',
    host: 'newjersey.mylicense.com',
    folder: 'verification',
    place: 'city-state',
    pageSize: 20,
    profession: 'Medical Examiners',
    types: { MD: 'Medical Doctor', DO: 'Doctor of Osteopathy' },
    status: plainStatus,
    detail: {
      pairsPerRow: 1,
      labels: {
        name: 'Full Name',
        number: 'License Number',
        profession: 'Profession',
        type: 'License Type',
        status: 'License Status',
        issued: 'Issue Date',
        expires: 'Expiration Date',
        obtained: 'Obtained By',
      },
    },
  },
  {
    boardId: 'ri-med',
    host: 'healthri.mylicense.com',
    folder: 'verification',
    place: 'city-state',
    pageSize: null,
    cap: 200,
    profession: 'Physician',
    types: { MD: 'Medical Doctor', DO: 'Osteopathic Physician' },
    // PSV RI_HEALTH's status map holds 'Non-Renewed' beside 'Expired'.
    status: (l, today) => (longExpired(l, today, 1) ? 'Non-Renewed' : plainStatus(l)),
    detail: {
      pairsPerRow: 2,
      labels: {
        name: 'Name',
        number: 'License No',
        profession: 'Profession',
        type: 'License Type',
        status: 'License Status',
        issued: 'Issue Date',
        expires: 'Expiration Date',
        obtained: 'Obtained By',
      },
    },
  },
];

/** The search form's controls: the platform names and ids them alike. */
export const MYLICENSE_FORM = {
  lastName: 't_web_lookup__last_name',
  firstName: 't_web_lookup__first_name',
  licenseNumber: 't_web_lookup__license_no',
  profession: 't_web_lookup__profession_name',
  status: 't_web_lookup__license_status_name',
  search: 'sch_button',
} as const;

const GRID = 'datagrid_results';
const SEARCH_GENERATOR = 'A4C1D0E7';
const DETAIL_GENERATOR = '5E2B9C41';
/** ASP.NET's DataGrid shows ten page numbers, then '...' to the next ten. */
const PAGER_SPAN = 10;

type Criteria = LicenseeSearch & { profession: string; status: string };
/** What a rendering remembers: the search its grid shows, the grid's page, and where its pager links go. */
type PageState = { search: Criteria | null; page: number; pager: Record<string, number> };

/** Every mylicense.com board the simulator serves, each its own application. */
export function createMylicenseLookups(ctx: SimContext): AspnetLookup[] {
  return MYLICENSE_BOARDS.map((board) => mylicenseLookup(ctx, board));
}

function mylicenseLookup(ctx: SimContext, board: MylicenseBoard): AspnetLookup {
  const app = new WebFormsApp<PageState>(`/sites/${board.host}/`);
  const searchPaths = [board.folder, `${board.folder}/Search.aspx`];
  const detailPath = `${board.folder}/Details.aspx`;

  function words(l: Licensee): { profession: string; type: string } {
    return l.profession === 'MD' || l.profession === 'DO'
      ? { profession: board.profession, type: board.types[l.profession] }
      : OTHER_WORDS[l.profession];
  }

  function find(criteria: Criteria): Licensee[] {
    return searchLicensees(ctx, [board.boardId], criteria, { others: true }).filter(
      (l) =>
        (criteria.profession === '' || words(l).profession === criteria.profession) &&
        (criteria.status === '' || board.status(l, ctx.population.today) === criteria.status),
    );
  }

  function searchPage(visit: Visit, criteria: Criteria | null, page: number): { html: string; status: number } {
    const today = ctx.population.today;
    const found = criteria ? find(criteria) : [];
    if (board.failAbove !== undefined && found.length > board.failAbove)
      return { html: serverErrorPage(`/${board.folder}`), status: 500 };
    const listed = board.cap === undefined ? found : found.slice(0, board.cap);
    const pageSize = board.pageSize ?? Math.max(listed.length, 1);
    const pages = Math.max(1, Math.ceil(listed.length / pageSize));
    const current = Math.min(Math.max(page, 1), pages);
    const rows = listed.slice((current - 1) * pageSize, current * pageSize);
    // The pager row's naming container follows the header and the page's items (DataGrid's numbering).
    const pagerId = `${GRID}$_ctl${rows.length + 3}`;
    const first = Math.floor((current - 1) / PAGER_SPAN) * PAGER_SPAN + 1;
    const last = Math.min(pages, first + PAGER_SPAN - 1);
    const pagerTargets = new Map<string, number>();
    const pagerLinks: string[] = [];
    if (first > 1) pagerLinks.push(pagerLink(pagerTargets, pagerId, 0, first - 1, '...'));
    for (let p = first; p <= last; p++)
      pagerLinks.push(
        p === current ? `<span>${p}</span>` : pagerLink(pagerTargets, pagerId, p - first + 1, p, String(p)),
      );
    if (last < pages) pagerLinks.push(pagerLink(pagerTargets, pagerId, PAGER_SPAN + 1, last + 1, '...'));
    const hidden = app.render(
      visit,
      SEARCH_GENERATOR,
      { search: criteria, page: current, pager: Object.fromEntries(pagerTargets) },
      [...pagerTargets.keys()],
    );

    const c = criteria ?? { lastName: '', firstName: '', licenseNumber: '', profession: '', status: '' };
    const text = (name: string, label: string, value: string | undefined) =>
      `<tr><td><label for="${name}">${label}</label></td><td><input name="${name}" type="text" value="${escapeHtml(value ?? '')}" id="${name}" /></td></tr>`;
    const professions: [string, string][] = [
      ['', 'All'],
      [board.profession, board.profession],
      ...Object.values(OTHER_WORDS).map((w): [string, string] => [w.profession, w.profession]),
    ];
    const statuses: [string, string][] = [['', 'All'], ...uniqueStatusWords().map((w): [string, string] => [w, w])];
    let results = '';
    if (criteria && !hasCriteria(criteria)) {
      results = '<p class="error">Please enter a last name, a first name or a license number.</p>';
    } else if (criteria && listed.length === 0) {
      results = '<p id="no_records">No records found.</p>';
    } else if (criteria) {
      const header =
        board.place === 'address'
          ? ['Name', 'License #', 'Profession', 'License Type', 'Status', 'Address']
          : ['Name', 'License #', 'Profession', 'License Type', 'Status', 'City', 'State'];
      const item = (l: Licensee, i: number) => {
        const ctl = `${GRID}__ctl${i + 3}`;
        const w = words(l);
        const span = (field: string, value: string) =>
          `<td><span id="${ctl}_${field}">${escapeHtml(value)}</span></td>`;
        const place =
          board.place === 'address'
            ? span('address', `${l.city.toUpperCase()}, ${l.state}`)
            : `${span('city', l.city.toUpperCase())}${span('state', l.state)}`;
        return `<tr>
<td><table border="0" cellpadding="0" cellspacing="0"><tbody><tr><td><a id="${ctl}_name" href="Details.aspx?result=${licenseeId(l)}" target="_blank">${escapeHtml(listedName(l))}</a></td></tr></tbody></table></td>
${span('license_no', l.licenseNumber)}${span('profession_name', w.profession)}${span('license_type_name', w.type)}${span('sec_lic_status', board.status(l, today))}${place}
</tr>`;
      };
      const cut =
        board.cap !== undefined && found.length > board.cap
          ? `<p class="warning">Your search returned more than ${board.cap} records. Only the first ${board.cap} are shown; please refine your search.</p>\n`
          : '';
      results = `<p class="summary">Search results: ${listed.length} licensee(s).</p>
${cut}<table cellspacing="0" rules="all" border="1" id="${GRID}" style="border-collapse:collapse;">
<tbody>
<tr>${header.map((h) => `<td><b>${h}</b></td>`).join('')}</tr>
${rows.map(item).join('\n')}
${pages > 1 ? `<tr align="center"><td colspan="${header.length}">${pagerLinks.join('&nbsp;')}</td></tr>` : ''}
</tbody>
</table>`;
    }
    const body = `<h1>License Verification</h1>
<table class="search">
${text(MYLICENSE_FORM.firstName, 'First Name', c.firstName)}
${text(MYLICENSE_FORM.lastName, 'Last Name', c.lastName)}
${text(MYLICENSE_FORM.licenseNumber, 'License Number', c.licenseNumber)}
<tr><td><label for="${MYLICENSE_FORM.profession}">Profession</label></td><td>${dropDown({ id: MYLICENSE_FORM.profession, name: MYLICENSE_FORM.profession }, professions, c.profession)}</td></tr>
<tr><td><label for="${MYLICENSE_FORM.status}">License Status</label></td><td>${dropDown({ id: MYLICENSE_FORM.status, name: MYLICENSE_FORM.status }, statuses, c.status)}</td></tr>
</table>
<input type="submit" name="${MYLICENSE_FORM.search}" value="Search" id="${MYLICENSE_FORM.search}" />
${results}`;
    return { html: webFormsPage('License Search', { action: './Search.aspx', hidden, body }), status: 200 };
  }

  function detailPage(visit: Visit, l: Licensee | undefined): string {
    const hidden = app.render(visit, DETAIL_GENERATOR, { search: null, page: 1, pager: {} });
    if (!l)
      return webFormsPage('License Details', {
        action: `./Details.aspx`,
        hidden,
        body: '<h1>License Details</h1>\n<p class="error">The requested license could not be found.</p>',
      });
    const w = words(l);
    const values: Record<DetailField, string> = {
      name: listedName(l),
      number: l.licenseNumber,
      profession: w.profession,
      type: w.type,
      status: board.status(l, ctx.population.today),
      issued: usDate(l.issueDate),
      expires: usDate(l.expiryDate),
      obtained: l.personIndex % 4 === 0 ? 'Endorsement' : 'Examination',
    };
    const cells = DETAIL_ORDER.map(
      (field) =>
        `<td class="label">${escapeHtml(board.detail.labels[field])}</td><td><span id="${DETAIL_IDS[field]}">${escapeHtml(values[field])}</span></td>`,
    );
    const rows: string[] = [];
    for (let i = 0; i < cells.length; i += board.detail.pairsPerRow)
      rows.push(`<tr>${cells.slice(i, i + board.detail.pairsPerRow).join('')}</tr>`);
    return webFormsPage('License Details', {
      action: `./Details.aspx?result=${licenseeId(l)}`,
      hidden,
      body: `<h1>License Details</h1>\n<table class="detail" id="detail_table">\n${rows.join('\n')}\n</table>`,
    });
  }

  return {
    boardIds: [board.boardId],
    pageOf(parts) {
      if (pageAt(parts, board.host, searchPaths)) return 'search';
      if (pageAt(parts, board.host, [detailPath])) return 'detail';
      return undefined;
    },
    async handle(req: IncomingMessage, res: ServerResponse, page, query, gate) {
      const visit = app.visit(req);
      if (page === 'detail') {
        const l = licenseeById(ctx, query.get('result') ?? '', [board.boardId]);
        if (!(await gate(l?.hit?.person.lastName ?? l?.lastName))) return;
        app.send(res, visit, detailPage(visit, l));
        return;
      }
      if (req.method !== 'POST') {
        if (!(await gate(undefined))) return;
        const { html, status } = searchPage(visit, null, 1);
        app.send(res, visit, html, status);
        return;
      }
      const back = app.accept(visit, await readPostedForm(req));
      if (back === 'invalid-event') {
        if (!(await gate(undefined))) return;
        app.send(res, visit, serverErrorPage(`/${board.folder}`), 500);
        return;
      }
      if (back === 'stale') {
        if (!(await gate(undefined))) return;
        const { html, status } = searchPage(visit, null, 1);
        app.send(res, visit, html, status);
        return;
      }
      const form = back.form;
      let criteria = back.state.search;
      let pageNumber = back.state.page;
      const pagerPage = back.target ? back.state.pager[back.target] : undefined;
      if (pagerPage !== undefined) pageNumber = pagerPage;
      else if (form.has(MYLICENSE_FORM.search)) {
        criteria = {
          lastName: form.get(MYLICENSE_FORM.lastName) ?? '',
          firstName: form.get(MYLICENSE_FORM.firstName) ?? '',
          licenseNumber: form.get(MYLICENSE_FORM.licenseNumber) ?? '',
          profession: form.get(MYLICENSE_FORM.profession) ?? '',
          status: form.get(MYLICENSE_FORM.status) ?? '',
        };
        pageNumber = 1;
      }
      if (!(await gate(criteria?.lastName || undefined))) return;
      const { html, status } = searchPage(visit, criteria, pageNumber);
      app.send(res, visit, html, status);
    },
  };
}

function pagerLink(targets: Map<string, number>, pagerId: string, index: number, page: number, label: string): string {
  const target = `${pagerId}$_ctl${index}`;
  targets.set(target, page);
  return `<a href="${postBackHref(target)}">${label}</a>`;
}

function hasCriteria(c: Criteria): boolean {
  return Boolean(c.lastName?.trim() || c.firstName?.trim() || c.licenseNumber?.trim());
}

/** 'Last, First Middle Suffix', as the grid's name link reads. */
function listedName(l: Licensee): string {
  const given = [l.firstName, l.middleName, l.suffix].filter(Boolean).join(' ');
  return `${l.lastName}, ${given}`;
}

/** The status words the license-status list offers. */
function uniqueStatusWords(): string[] {
  return [...new Set(Object.values(HTML_STATUS))];
}
