import type { LicenseStatus } from '@licensewatch/shared/licenses';
import { usDate } from '../board-records.ts';
import type { BoardLicense, SimPerson } from '../population.ts';
import { hash32 } from '../prng.ts';
import type { TextSiteFile } from './site-file.ts';

// DataOhio's "State of Ohio Licensure – Individual" CSV (docs/sources.md, Ohio): every individual
// licence of Ohio's eLicense boards in one file — the State Medical Board's physicians among nurses,
// pharmacists and its own physician assistants. One name column, 'LAST, FIRST MIDDLE'; MD or DO told
// only by the number ('35.' MD, '34.' DO); a status and a sub-status; UTF-8 with a byte-order mark.

/**
 * The columns as PSV's live download of 2026-06-16 lists them, endorsement numbers included; the
 * file's further ENDORSEMENT_*, MED_* and NATIONAL_CERTIFICATION_* groups are left out, their names
 * being unknown (none is read).
 */
export const OHIO_COLUMNS = [
  'LICENSEE_NAME',
  'BOARD',
  'LICENSE_NUMBER',
  'TYPE',
  'STATUS',
  'SUB_STATUS',
  'SUB_CATEGORY',
  'BOARD_ACTION',
  'PARCEL_CITY',
  'PARCEL_STATE',
  'PARCEL_COUNTY',
  'PARCEL_ZIP_CODE',
  'PARCEL_COUNTRY',
  'COMPACT_ELIGIBILITY',
  'ISSUE_DATE',
  'EFFECTIVE_DATE',
  'EXPIRATION_DATE',
  ...Array.from({ length: 7 }, (_, i) => `ENDORSEMENT_NUMBER_${i + 1}`),
] as const;

type OhioColumn = (typeof OHIO_COLUMNS)[number];

/** STATUS, then SUB_STATUS when something qualifies it (an active licence on probation). */
const OHIO_STATUS: Record<LicenseStatus, [string, string]> = {
  active: ['Active', ''],
  probation: ['Active', 'Probation'],
  expired: ['Expired', ''],
  inactive: ['Inactive', ''],
  suspended: ['Suspended', ''],
  revoked: ['Revoked', ''],
  surrendered: ['Inactive', 'Surrendered'],
  unknown: ['Pending', ''],
};

const CITIES = [
  ['COLUMBUS', 'FRANKLIN', '43215'],
  ['CLEVELAND', 'CUYAHOGA', '44106'],
  ['CINCINNATI', 'HAMILTON', '45219'],
  ['TOLEDO', 'LUCAS', '43604'],
  ['AKRON', 'SUMMIT', '44308'],
  ['DAYTON', 'MONTGOMERY', '45409'],
] as const;

const pickOf = <T>(person: SimPerson, items: readonly T[], salt: number) =>
  items[hash32(person.index, salt) % items.length] as T;

/** A CSV cell, quoted only when it must be (every name holds a comma). */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function line(values: Partial<Record<OhioColumn, string>>): string {
  return OHIO_COLUMNS.map((column) => cell(values[column] ?? '')).join(',');
}

function parcel(person: SimPerson): Partial<Record<OhioColumn, string>> {
  const [city, county, zip] = pickOf(person, CITIES, 17);
  return { PARCEL_CITY: city, PARCEL_STATE: 'OH', PARCEL_COUNTY: county, PARCEL_ZIP_CODE: zip, PARCEL_COUNTRY: 'US' };
}

const ohioName = (last: string, first: string, middle: string | null, suffix: string | null) =>
  `${last}, ${[first, middle, suffix].filter(Boolean).join(' ')}`.toUpperCase();

export const OHIO_LICENSURE: TextSiteFile = {
  host: 'data.ohio.gov',
  // The export's own address is not published where a machine can find it (docs/sources.md, Ohio):
  // the simulator serves the file under this name, which an operator's configuration replaces.
  path: '/state-of-ohio-licensure/individual.csv',
  boardId: 'oh-med',
  contentType: 'text/csv',
  head: () => [`\uFEFF${OHIO_COLUMNS.join(',')}`],
  line: ({ person, license }: BoardLicense) => {
    const [status, subStatus] = OHIO_STATUS[license.status];
    return line({
      LICENSEE_NAME: ohioName(license.lastNameAsPublished, person.firstName, license.middleAsPublished, person.suffix),
      BOARD: 'State Medical Board',
      LICENSE_NUMBER: license.licenseNumber ?? '',
      TYPE: 'License',
      STATUS: status,
      SUB_STATUS: subStatus,
      BOARD_ACTION: license.discipline ? 'Yes' : 'No',
      ...parcel(person),
      COMPACT_ELIGIBILITY: license.status === 'active' && !license.discipline ? 'Eligible' : 'Not Eligible',
      ISSUE_DATE: usDate(license.issueDate),
      EFFECTIVE_DATE: usDate(license.renewalDate),
      EXPIRATION_DATE: usDate(license.expiryDate),
    });
  },
  // Nurses, pharmacists and the medical board's own physician assistants: licences of the same file
  // the reader must leave out, the assistants by their number alone.
  filler: (person) => {
    const digits = String(hash32(person.index, 7919) % 1_000_000).padStart(6, '0');
    const [board, number] = pickOf(
      person,
      [
        ['Board of Nursing', `RN.${digits}`],
        ['State Board of Pharmacy', `03.${digits}`],
        ['State Medical Board', `50.00${digits.slice(2)}`],
      ] as const,
      31,
    );
    return line({
      LICENSEE_NAME: ohioName(person.lastName, person.firstName, person.middleName, person.suffix),
      BOARD: board,
      LICENSE_NUMBER: number,
      TYPE: 'License',
      STATUS: 'Active',
      BOARD_ACTION: 'No',
      ...parcel(person),
      ISSUE_DATE: '09/21/2018',
      EFFECTIVE_DATE: '09/21/2024',
      EXPIRATION_DATE: '04/30/2027',
    });
  },
};
