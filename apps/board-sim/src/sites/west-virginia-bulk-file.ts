import ExcelJS from 'exceljs';
import type { BoardLicense } from '../population.ts';
import { hash32 } from '../prng.ts';
import type { BytesSiteFile, SitePage } from './site-file.ts';

// The West Virginia Board of Medicine's "Roster of Medical Doctors" (docs/sources.md, West Virginia;
// PSV): an .xlsx workbook of six sheets, each a title row above its header. Full licenses are the
// Licenses sheet; the other five hold special and temporary licenses, educational permits and
// interstate telehealth registrations, which a reader must leave out. No status column: the workbook
// lists current licensees. Expiry dates are Excel date cells (the evidence does not say whether they are
// dates or text; the reader takes either), numbers text.

const NAME_COLUMNS = ['First Name', 'Last Name', 'Middle Name', 'Suffix'] as const;
const LICENSE_COLUMNS = [...NAME_COLUMNS, 'License Number', 'License Expiration Date', 'License Type'] as const;
const PERMIT_COLUMNS = [...NAME_COLUMNS, 'Permit Number', 'Permit Expiration Date'] as const;

// The License Type words are not published anywhere we could read: these are the simulator's, the
// special ones named after the Medical Practice Act's special licenses (W. Va. Code 30-3-10a to 11c).
const FULL_LICENSE_TYPE = 'Medical Doctor';
const SPECIAL_TYPES = ['Special Volunteer', 'Medical School Faculty', 'Administrative Medicine'];

/**
 * The sheets in PSV's order, with its columns (the permits' and registrations' number and date named
 * for what they hold). For the sheets beside Licenses: how many years ahead their rows expire (a
 * permit at the end of the training year) and the License Type words they use, where they have one.
 */
export const WEST_VIRGINIA_SHEETS = [
  { name: 'Licenses', columns: LICENSE_COLUMNS, years: 0, types: [FULL_LICENSE_TYPE] },
  { name: 'Special Licenses', columns: LICENSE_COLUMNS, years: 2, types: SPECIAL_TYPES },
  { name: 'Temporary Licenses', columns: LICENSE_COLUMNS, years: 1, types: ['Temporary'] },
  { name: 'Educational Permits', columns: PERMIT_COLUMNS, years: 1, types: [] },
  { name: 'Reciprocal Educational Permits', columns: PERMIT_COLUMNS, years: 1, types: [] },
  // Excel caps a sheet's name at 31 characters: PSV spells this one out for the doctors' workbook and
  // writes 'Interstate Telehealth Reg.' for the same board's physician assistants' workbook.
  {
    name: 'Interstate Telehealth Reg.',
    columns: [...NAME_COLUMNS, 'Registration Number', 'Registration Expiration Date'],
    years: 2,
    types: [],
  },
] as const;

/** An Excel date cell for an ISO date (exceljs writes a Date as the day's serial number). */
const excelDate = (isoDate: string | null) => (isoDate ? new Date(`${isoDate}T00:00:00Z`) : null);

/** In the workbook: a license in force, probation included (it has no column to say so). */
const current = ({ license }: BoardLicense) => license.status === 'active' || license.status === 'probation';

/**
 * Rows of the other five sheets, one per three licensees and at least one a sheet: names recombined
 * from the board's people (residents, out-of-state telehealth physicians and the like, none of them a
 * full licensee), numbers no full license has, and dates in force.
 */
function otherRows(licenses: readonly BoardLicense[], today: string): unknown[][][] {
  const others = WEST_VIRGINIA_SHEETS.slice(1);
  const sheets: unknown[][][] = others.map(() => []);
  if (licenses.length === 0) return sheets;
  const taken = new Set(licenses.map(({ license }) => license.licenseNumber));
  const year = Number(today.slice(0, 4));
  const count = Math.max(others.length, Math.ceil(licenses.length / 3));
  for (let i = 0; i < count; i++) {
    const { person } = licenses[(i * 3) % licenses.length] as BoardLicense;
    const other = (licenses[(i * 3 + 1 + (hash32(person.index, 212) % 7)) % licenses.length] as BoardLicense).person;
    let number = String(10000 + (hash32(person.index, i, 213) % 90000));
    while (taken.has(number)) number = String(10000 + ((Number(number) - 9999) % 90000));
    taken.add(number);
    const sheet = others[i % others.length] as (typeof others)[number];
    const type = sheet.types.length > 0 ? [sheet.types[hash32(person.index, 214) % sheet.types.length]] : [];
    const expiry = excelDate(`${year + sheet.years}-06-30`);
    sheets[i % others.length]?.push([person.firstName, other.lastName, null, null, number, expiry, ...type]);
  }
  return sheets;
}

/** Where the simulator serves the workbook: the evidence gives its link's text, not its address. */
const WORKBOOK_PATH = '/rosters/roster-of-medical-doctors.xlsx';

/**
 * The Board of Medicine's Rosters page (PSV: "Roster of Medical Doctors" on Rosters.asp), linking the
 * workbook by that text among the board's other bulk files; the other links and their addresses are the
 * simulator's. Links are relative to the page, so they resolve under the simulator's /sites/<host>.
 */
export const WEST_VIRGINIA_BULK_FILES_PAGE: SitePage = {
  host: 'wvbom.wv.gov',
  path: '/Rosters.asp',
  boardId: 'wv-md',
  title: 'Rosters - West Virginia Board of Medicine',
  body: `<h1>Rosters</h1>
<p>Rosters of current licensees are updated monthly and provided in Microsoft Excel format.</p>
<ul>
<li><a href="rosters/roster-of-physician-assistants.xlsx">Roster of Physician Assistants</a></li>
<li><a href="${WORKBOOK_PATH.slice(1)}">Roster of Medical Doctors</a></li>
<li><a href="rosters/roster-of-podiatric-physicians.xlsx">Roster of Podiatric Physicians</a></li>
</ul>`,
};

export const WEST_VIRGINIA_BULK_FILE: BytesSiteFile = {
  host: 'wvbom.wv.gov',
  // Linked from the Rosters page by its text (docs/sources.md, West Virginia).
  path: WORKBOOK_PATH,
  boardId: 'wv-md',
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  bytes: async (licenses, today) => {
    const full = licenses
      .filter(current)
      .map(({ person, license }) => [
        person.firstName,
        license.lastNameAsPublished,
        license.middleAsPublished,
        person.suffix,
        license.licenseNumber,
        excelDate(license.expiryDate),
        FULL_LICENSE_TYPE,
      ]);
    const rows = [full, ...otherRows(licenses, today)];
    const workbook = new ExcelJS.Workbook();
    WEST_VIRGINIA_SHEETS.forEach((sheet, i) => {
      const worksheet = workbook.addWorksheet(sheet.name);
      worksheet.addRow([sheet.name]);
      worksheet.addRow([...sheet.columns]);
      worksheet.addRows(rows[i] ?? []);
      // Shown as dates, as Excel shows a date cell.
      worksheet.getColumn(6).numFmt = 'mm/dd/yyyy';
    });
    return new Uint8Array(await workbook.xlsx.writeBuffer());
  },
};
