import type { LicenseStatus } from '@licensewatch/shared/licenses';
import type { BoardLicense, SimLicense, SimPerson } from './population.ts';

// How each simulated board writes one license (docs/license-engine.md). Every board has its own
// status vocabulary; the tables below are the only place that maps our statuses onto them.

export const WA_STATUS: Record<LicenseStatus, string> = {
  active: 'ACTIVE',
  expired: 'EXPIRED',
  suspended: 'SUSPENDED',
  probation: 'PROBATION',
  revoked: 'REVOKED',
  inactive: 'INACTIVE',
  surrendered: 'SURRENDERED',
  unknown: 'PENDING',
};

export const CO_STATUS: Record<LicenseStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  suspended: 'Suspended',
  probation: 'Active - Probation',
  revoked: 'Revoked',
  inactive: 'Inactive',
  surrendered: 'Surrendered',
  unknown: 'Pending',
};

export const MO_STATUS: Record<LicenseStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  suspended: 'Suspended',
  probation: 'Probation',
  revoked: 'Revoked',
  inactive: 'Inactive',
  surrendered: 'Surrendered',
  unknown: 'Pending',
};

export const CA_STATUS: Record<LicenseStatus, string> = {
  active: 'License Renewed & Current',
  expired: 'License Expired',
  suspended: 'License Suspended',
  probation: 'License Probation',
  revoked: 'License Revoked',
  inactive: 'License Inactive',
  surrendered: 'License Surrendered',
  unknown: 'License Pending',
};

export const HTML_STATUS: Record<LicenseStatus, string> = MO_STATUS;

/**
 * Florida has two words for an expired license: DELINQUENT/ACTIVE while it can still be renewed
 * (we use: expired less than two years ago) and NULL AND VOID after that. Both mean `expired`.
 */
export function floridaStatus(license: SimLicense, today: string): string {
  switch (license.status) {
    case 'active':
      return 'CLEAR/ACTIVE';
    case 'expired': {
      const twoYearsAgo = `${Number(today.slice(0, 4)) - 2}${today.slice(4)}`;
      return license.expiryDate !== null && license.expiryDate >= twoYearsAgo ? 'DELINQUENT/ACTIVE' : 'NULL AND VOID';
    }
    case 'suspended':
      return 'SUSPENDED';
    case 'revoked':
      return 'REVOKED';
    case 'probation':
      return 'PROBATION/ACTIVE';
    case 'inactive':
      return 'INACTIVE';
    case 'surrendered':
      return 'VOLUNTARY SURRENDER';
    default:
      return 'UNKNOWN';
  }
}

/** MM/DD/YYYY, or '' for no date. */
export function usDate(isoDate: string | null): string {
  if (!isoDate) return '';
  return `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}`;
}

/** Socrata's floating timestamp. */
function floating(isoDate: string): string {
  return `${isoDate}T00:00:00.000`;
}

const upper = (value: string | null): string => (value ? value.toUpperCase() : '');

export type SocrataRow = Record<string, string>;

function put(row: SocrataRow, key: string, value: string | null | undefined) {
  if (value !== null && value !== undefined && value !== '') row[key] = value;
}

/** Washington DOH: no suffix column, so the suffix is not published. */
export function washingtonRow({ person, license }: BoardLicense): SocrataRow {
  const row: SocrataRow = {};
  put(row, 'credentialnumber', license.licenseNumber);
  put(row, 'lastname', upper(license.lastNameAsPublished));
  put(row, 'firstname', upper(person.firstName));
  put(row, 'middlename', upper(license.middleAsPublished));
  put(
    row,
    'credentialtype',
    license.licenseType === 'MD' ? 'Physician And Surgeon License' : 'Osteopathic Physician And Surgeon License',
  );
  put(row, 'status', WA_STATUS[license.status]);
  put(row, 'firstissuedate', floating(license.issueDate));
  put(row, 'lastissuedate', floating(license.renewalDate));
  put(row, 'expirationdate', license.expiryDate && floating(license.expiryDate));
  put(row, 'actiontaken', license.discipline);
  return row;
}

export function coloradoRow({ person, license }: BoardLicense): SocrataRow {
  const row: SocrataRow = {};
  put(row, 'licensenumber', license.licenseNumber);
  put(row, 'lastname', upper(license.lastNameAsPublished));
  put(row, 'firstname', upper(person.firstName));
  put(row, 'middlename', upper(license.middleAsPublished));
  put(row, 'suffix', upper(person.suffix));
  put(row, 'licensetype', license.licenseType === 'MD' ? 'Physician' : 'Osteopathic Physician');
  put(row, 'licensestatusdescription', CO_STATUS[license.status]);
  put(row, 'licensefirstissuedate', floating(license.issueDate));
  put(row, 'licenseexpirationdate', license.expiryDate && floating(license.expiryDate));
  put(row, 'disciplinaryaction', license.discipline);
  return row;
}

export const FLORIDA_HEADER =
  'LICENSE_NUMBER|LAST_NAME|FIRST_NAME|MIDDLE_NAME|SUFFIX|PROFESSION|STATUS|ORIGINAL_ISSUE_DATE|EXPIRATION_DATE|DISCIPLINE';

export function floridaLine({ person, license }: BoardLicense, today: string): string {
  return [
    license.licenseNumber ?? '',
    upper(license.lastNameAsPublished),
    upper(person.firstName),
    upper(license.middleAsPublished),
    upper(person.suffix),
    license.licenseType === 'MD' ? 'MEDICAL DOCTOR' : 'OSTEOPATHIC PHYSICIAN',
    floridaStatus(license, today),
    usDate(license.issueDate),
    usDate(license.expiryDate),
    license.discipline ?? '',
  ].join('|');
}

export const MISSOURI_HEADER = [
  'prc_first_name',
  'prc_middle_name',
  'prc_last_name',
  'prc_suffix',
  'lic_profession',
  'lic_number',
  'lst_description',
  'lic_orig_issue_date',
  'lic_exp_date',
].join('\t');

export function missouriLine({ person, license }: BoardLicense): string {
  return [
    upper(person.firstName),
    upper(license.middleAsPublished),
    upper(license.lastNameAsPublished),
    upper(person.suffix),
    license.licenseType === 'MD' ? 'PHYSICIAN AND SURGEON (MD)' : 'PHYSICIAN AND SURGEON (DO)',
    license.licenseNumber ?? '',
    MO_STATUS[license.status],
    usDate(license.issueDate),
    usDate(license.expiryDate),
  ].join('\t');
}

export const CALIFORNIA_HEADER =
  'License Number,Last Name,First Name,Middle Name,Name Suffix,License Type,License Status,Original Issue Date,Expiration Date';

/** RFC 4180: like the DCA exports, every non-empty field is quoted, quotes doubled. */
export function csvField(value: string): string {
  return value === '' ? '' : `"${value.replaceAll('"', '""')}"`;
}

export function californiaLine({ person, license }: BoardLicense): string {
  return [
    license.licenseNumber ?? '',
    upper(license.lastNameAsPublished),
    upper(person.firstName),
    upper(license.middleAsPublished),
    upper(person.suffix),
    license.licenseType === 'MD' ? 'Physician and Surgeon A' : 'Osteopathic Physician and Surgeon',
    CA_STATUS[license.status],
    license.issueDate,
    license.expiryDate ?? '',
  ]
    .map(csvField)
    .join(',');
}

/** 'Last, First Middle Suffix' in the board's mixed case, as the HTML look-ups print it. */
export function displayName(person: SimPerson, license: SimLicense): string {
  const given = [person.firstName, license.middleAsPublished, person.suffix].filter(Boolean).join(' ');
  return `${license.lastNameAsPublished}, ${given}`;
}

export type MalformedKind = 'too-few-fields' | 'too-many-fields' | 'bad-date' | 'missing-name';
export const MALFORMED_KINDS: MalformedKind[] = ['too-few-fields', 'too-many-fields', 'bad-date', 'missing-name'];

/** Numbers no simulated board issues, so a bad row never shadows a real license. */
const badNumber = (k: number) => `BAD${String(k).padStart(6, '0')}`;

/** A deliberately broken bulk-file row for `?malformed=N`; kinds cycle in MALFORMED_KINDS order. */
export function malformedLine(style: 'fl' | 'mo' | 'ca', k: number): string {
  const kind = MALFORMED_KINDS[k % MALFORMED_KINDS.length] as MalformedKind;
  const number = badNumber(k);
  const issue =
    kind === 'bad-date' ? (style === 'ca' ? '2019-13-45' : '13/45/2019') : style === 'ca' ? '2019-03-01' : '03/01/2019';
  const last = kind === 'missing-name' ? '' : 'MALFORMED';
  const first = kind === 'missing-name' ? '' : 'ROW';
  let fields: string[];
  if (style === 'fl') {
    fields = [number, last, first, '', '', 'MEDICAL DOCTOR', 'CLEAR/ACTIVE', issue, '01/31/2027', ''];
  } else if (style === 'mo') {
    fields = [first, '', last, '', 'PHYSICIAN AND SURGEON (MD)', number, 'Active', issue, '01/31/2027'];
  } else {
    fields = [number, last, first, '', '', 'Physician and Surgeon A', 'License Renewed & Current', issue, '2027-01-31'];
  }
  if (kind === 'too-few-fields') fields = fields.slice(0, fields.length - 3);
  if (kind === 'too-many-fields') fields = [...fields, 'UNEXPECTED', 'EXTRA'];
  if (style === 'ca') return fields.map(csvField).join(',');
  return fields.join(style === 'fl' ? '|' : '\t');
}

/** After which data row (0-based count of rows already written) the k-th bad row goes. */
export function malformedPosition(k: number): number {
  return 3 + 17 * k;
}
