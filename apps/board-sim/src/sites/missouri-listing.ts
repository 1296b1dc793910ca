import type { LicenseType } from '@licensewatch/shared/licenses';
import type { BoardLicense, SimPerson } from '../population.ts';
import { hash32 } from '../prng.ts';
import type { TextSiteFile } from './site-file.ts';

// The Missouri Division of Professional Registration's downloadable listings (docs/sources.md,
// Missouri; the 2022 diary MO-D): one ZIP per profession code at pr.mo.gov/downloadables/{CODE}.ZIP,
// holding {CODE}.TXT — tab-separated, Latin-1, names as the licensee writes them, active licensees only
// (`lst_description` is always 'Active'), dates 'YYYY-MM-DD HH:MM:SS', `discipline` a Y/N flag. The
// Healing Arts board's physicians are `MED` ('Medical Physician & Surgeon'); `OPS` is taken to be its
// osteopathic physicians, in a file of their own.

/** The 39 columns, in the order the listings hold them (MO-D). */
export const MISSOURI_COLUMNS = [
  'prc_first_name',
  'prc_middle_name',
  'prc_last_name',
  'prc_suffix',
  'ba_address',
  'ba_2address',
  'ba_city',
  'ba_state',
  'ba_zip',
  'ba_cnty',
  'ba_cntry',
  'lic_profession',
  'lic_number',
  'lst_description',
  'lic_orig_issue_date',
  'lic_exp_date',
  'discipline',
  'les_description',
  'prc_dba_name',
  'clas_description',
  'ctype_description',
  'cl_description',
  'prc_entity_name',
  'rel_type',
  'rel_first_name',
  'rel_middle_name',
  'rel_last_name',
  'rel_suffix',
  'rel_prc_name',
  'rel_lic_number',
  'rel_addr1',
  'rel_addr2',
  'rel_city',
  'rel_state',
  'rel_zip_code',
  'ld_description',
  'employer_name',
  'school_name',
  'certification_title',
] as const;

type MissouriColumn = (typeof MISSOURI_COLUMNS)[number];

/** Business addresses in Missouri: city, county as the listings write it, ZIP, a street. */
const PRACTICES = [
  ['Kansas City', 'Jackson', '64108', 'Gillham Rd'],
  ['Saint Louis', 'St. Louis City', '63110', 'S Kingshighway Blvd'],
  ['Springfield', 'Greene', '65807', 'E Battlefield St'],
  ['Columbia', 'Boone', '65212', 'Hospital Dr'],
  ['Joplin', 'Jasper', '64804', 'S Joplin Ave'],
  ['Chesterfield', 'St. Louis County', '63017', 'Clarkson Rd'],
  ['Cape Girardeau', 'Cape Girardeau', '63703', 'William St'],
  ['Saint Joseph', 'Buchanan', '64506', 'Faraon St'],
] as const;

const pickOf = <T>(person: SimPerson, items: readonly T[], salt: number) =>
  items[hash32(person.index, salt) % items.length] as T;

/**
 * A name as a Latin-1 file can hold it: Latin-1 letters as they are ('José', 'Müller'), any other
 * letter without its accent ('Nguyễn' → 'Nguyen', 'Đức' → 'Duc'), anything else '?'.
 */
export function latin1Text(text: string): string {
  return Array.from(text.normalize('NFC'), (c) => {
    if (c <= '\u00ff') return c;
    // The Vietnamese D with a stroke has no decomposition to strip.
    if (c === 'Đ') return 'D';
    if (c === 'đ') return 'd';
    const base = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    return base !== '' && Array.from(base).every((b) => b <= '\u00ff') ? base : '?';
  }).join('');
}

/** 'YYYY-MM-DD 00:00:00', as the listings write a date; '' for none. */
const listingDate = (isoDate: string | null) => (isoDate ? `${isoDate} 00:00:00` : '');

/** The business address: a Missouri practice for those who live there; none published for the others. */
function address(person: SimPerson): Partial<Record<MissouriColumn, string>> {
  if (person.homeState !== 'MO') return {};
  const [city, county, zip, street] = pickOf(person, PRACTICES, 31);
  return {
    ba_address: `${100 + (hash32(person.index, 32) % 9800)} ${street}`,
    ba_2address: hash32(person.index, 33) % 3 === 0 ? `Suite ${100 + (hash32(person.index, 34) % 400)}` : '',
    ba_city: city,
    ba_state: 'MO',
    ba_zip: zip,
    ba_cnty: county,
    ba_cntry: 'USA',
  };
}

/**
 * One listing row: a license in good standing only (on probation it is still 'Active', its discipline
 * flagged), and never one without a number (MO-D: `lic_number` is never empty).
 */
function listingLine(code: string, type: LicenseType) {
  return ({ person, license }: BoardLicense): string | null => {
    if (license.licenseType !== type || license.licenseNumber === null) return null;
    if (license.status !== 'active' && license.status !== 'probation') return null;
    const values: Partial<Record<MissouriColumn, string>> = {
      prc_first_name: person.firstName,
      prc_middle_name: license.middleAsPublished ?? '',
      prc_last_name: license.lastNameAsPublished,
      prc_suffix: person.suffix ?? '',
      ...address(person),
      lic_profession: code,
      lic_number: license.licenseNumber,
      lst_description: 'Active',
      lic_orig_issue_date: listingDate(license.issueDate),
      lic_exp_date: listingDate(license.expiryDate),
      discipline: license.discipline ? 'Y' : 'N',
      ld_description: hash32(person.index, 35) % 4 === 0 ? 'None' : '',
    };
    return latin1Text(MISSOURI_COLUMNS.map((column) => values[column] ?? '').join('\t'));
  };
}

function listing(code: 'MED' | 'OPS', type: LicenseType): TextSiteFile {
  return {
    host: 'pr.mo.gov',
    path: `/downloadables/${code}.ZIP`,
    boardId: 'mo-med',
    contentType: 'application/zip',
    head: () => [MISSOURI_COLUMNS.join('\t')],
    line: listingLine(code, type),
    encoding: 'latin1',
    zipEntry: `${code}.TXT`,
  };
}

/** MED.ZIP: the board's physicians and surgeons who are MDs. */
export const MISSOURI_MED = listing('MED', 'MD');

/** OPS.ZIP: its osteopathic physicians and surgeons. */
export const MISSOURI_OPS = listing('OPS', 'DO');
