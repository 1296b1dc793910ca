import type { LicenseStatus } from '@licensewatch/shared/licenses';
import { usDate } from '../board-records.ts';
import type { BoardLicense, SimPerson } from '../population.ts';
import { hash32 } from '../prng.ts';
import type { TextSiteFile } from './site-file.ts';

// Florida's MQA licensure download, PROF_ALL.zip (docs/sources.md, Florida): every licence of every
// profession the Department of Health regulates in one pipe-separated file, `dbdumps/ldms/PROF_ALL.txt`
// inside the ZIP. Fields are never quoted (a stray '"' is text), each row — not the header — ends
// with a separator, the number is printed without its rank prefix ('ME', 'OS'), and a licence's
// standing is two words: its status ('Clear' when nothing stands against it) and whether it is active.

/** The header as Florida's published metadata gives it (X4), its last name ending in a space. */
export const FLORIDA_COLUMNS = [
  'pro_cde',
  'Profession-Name',
  'lic_id',
  'Expire-Date',
  'Original-Date',
  'Rank-Code',
  'License-Number',
  'Status-Effective-Date',
  'Board-Action-Indicator',
  'License-Status-Description',
  'Last-Name',
  'First-Name',
  'Middle-Name',
  'Name-Suffix',
  'Business-Name',
  'License-Active-Status-Description',
  'County',
  'County-Description',
  'Mailing-Address-Line1',
  'Mailing-Address-line2',
  'Mailing-Address-line3',
  'Mailing-Address-City',
  'Mailing-Address-State',
  'Mailing-Address-ZIPcode',
  'Mailing-Address-Area-Code',
  'Mailing-Address-Phone-Number',
  'Mailing-Address-Phone-Extension',
  'Practice-Location-Address-Line1',
  'Practice-Location-Address-line2',
  'Practice-Location-Address-line3',
  'Practice-Location-Address-City',
  'Practice-Location-Address-State',
  'Practice-Location-Address-ZIPcode',
  'Email',
  'Mod-Cdes',
  'Prescribe-Ind',
  'Dispensing-Ind',
  'Birth-Year-Range',
  'Other-License ',
] as const;

type FloridaColumn = (typeof FLORIDA_COLUMNS)[number];

/** License-Status-Description, then License-Active-Status-Description. */
const FL_STANDING: Record<LicenseStatus, [string, string]> = {
  active: ['Clear', 'Active'],
  probation: ['Probation', 'Active'],
  expired: ['Clear', 'Delinquent'],
  inactive: ['Clear', 'Inactive'],
  suspended: ['Suspended', 'Active'],
  revoked: ['Revoked', 'Null and Void'],
  surrendered: ['Voluntary Surrender', 'Inactive'],
  unknown: ['Clear', 'Pending'],
};

const PROFESSIONS = {
  MD: { code: '1501', name: 'Medical Doctor', rank: 'ME' },
  DO: { code: '1901', name: 'Osteopathic Physician', rank: 'OS' },
} as const;

/** Other professions of the same file: rows the reader must leave out. */
const OTHERS = [
  { code: '2701', name: 'Registered Nurse', rank: 'RN' },
  { code: '2201', name: 'Pharmacist', rank: 'PS' },
  { code: '1504', name: 'Physician Assistant', rank: 'PA' },
] as const;

const COUNTIES = [
  ['13', 'Miami-Dade', 'MIAMI', '33136'],
  ['48', 'Orange', 'ORLANDO', '32806'],
  ['29', 'Hillsborough', 'TAMPA', '33606'],
  ['16', 'Duval', 'JACKSONVILLE', '32209'],
  ['06', 'Broward', 'FORT LAUDERDALE', '33316'],
] as const;

const pickOf = <T>(person: SimPerson, items: readonly T[], salt: number) =>
  items[hash32(person.index, salt) % items.length] as T;

const upper = (value: string | null) => (value ? value.toUpperCase() : '');

/** A row as the file holds it: the columns in order, then the separator every row ends with. */
function line(values: Partial<Record<FloridaColumn, string>>): string {
  return `${FLORIDA_COLUMNS.map((column) => values[column] ?? '').join('|')}|`;
}

function place(person: SimPerson): Partial<Record<FloridaColumn, string>> {
  const [county, description, city, zip] = pickOf(person, COUNTIES, 41);
  return {
    County: county,
    'County-Description': description,
    'Practice-Location-Address-City': city,
    'Practice-Location-Address-State': 'FL',
    'Practice-Location-Address-ZIPcode': zip,
    'Birth-Year-Range': pickOf(person, ['30 - 40', '40 - 50', '50 - 60', '60 - 70'], 43),
  };
}

export const FLORIDA_PROF_ALL: TextSiteFile = {
  // Florida's download portal (X11): the file is the answer of its LicensureData page to a signed-in
  // account (florida-portal.ts decides who gets it), named PROF_ALL.zip.
  host: 'data-download.mqa.flhealthsource.gov',
  path: '/LicensureData',
  boardId: 'fl-md',
  alsoBoardIds: ['fl-do'],
  contentType: 'application/zip',
  zipEntry: 'dbdumps/ldms/PROF_ALL.txt',
  head: () => [FLORIDA_COLUMNS.join('|')],
  line: ({ person, license }: BoardLicense) => {
    if (!license.licenseNumber) return null;
    const profession = PROFESSIONS[license.licenseType];
    const [status, active] = FL_STANDING[license.status];
    return line({
      pro_cde: profession.code,
      'Profession-Name': profession.name,
      lic_id: String(1_000_000 + (hash32(person.index, 47) % 8_000_000)),
      'Expire-Date': usDate(license.expiryDate),
      'Original-Date': usDate(license.issueDate),
      'Rank-Code': profession.rank,
      'License-Number': license.licenseNumber.slice(profession.rank.length),
      'Status-Effective-Date': usDate(license.renewalDate),
      'Board-Action-Indicator': license.discipline ? 'Y' : 'N',
      'License-Status-Description': status,
      'Last-Name': upper(license.lastNameAsPublished),
      'First-Name': upper(person.firstName),
      'Middle-Name': upper(license.middleAsPublished),
      // A suffix the file writes with a stray quote ('"DE'), unquoted: it must not swallow the row.
      'Name-Suffix': person.suffix ? upper(person.suffix) : hash32(person.index, 53) % 97 === 0 ? '"DE' : '',
      'License-Active-Status-Description': active,
      ...place(person),
      'Prescribe-Ind': 'Y',
      'Dispensing-Ind': 'N',
      'Other-License ': 'N',
    });
  },
  filler: (person) => {
    const other = pickOf(person, OTHERS, 59);
    return line({
      pro_cde: other.code,
      'Profession-Name': other.name,
      lic_id: String(9_000_000 + (hash32(person.index, 61) % 900_000)),
      'Expire-Date': '04/30/2027',
      'Original-Date': '09/21/2018',
      'Rank-Code': other.rank,
      'License-Number': String(100_000 + (hash32(person.index, 67) % 800_000)),
      'Board-Action-Indicator': 'N',
      'License-Status-Description': 'Clear',
      'Last-Name': upper(person.lastName),
      'First-Name': upper(person.firstName),
      'License-Active-Status-Description': 'Active',
      ...place(person),
    });
  },
};
