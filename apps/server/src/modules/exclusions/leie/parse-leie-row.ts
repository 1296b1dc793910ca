import { exclusionTypeCode } from '@licensewatch/shared/exclusions';
import { normalizeNamePart } from '../../licensing/normalize-name.ts';

/** The LEIE's columns, in the order the OIG publishes them (full file and both supplements). */
export const LEIE_COLUMNS = [
  'LASTNAME',
  'FIRSTNAME',
  'MIDNAME',
  'BUSNAME',
  'GENERAL',
  'SPECIALTY',
  'UPIN',
  'NPI',
  'DOB',
  'ADDRESS',
  'CITY',
  'STATE',
  'ZIP',
  'EXCLTYPE',
  'EXCLDATE',
  'REINDATE',
  'WAIVERDATE',
  'WVRSTATE',
] as const;

/** One LEIE entry as stored (exclusion table), dates ISO, absent values null. */
export type LeieEntry = {
  entryKey: string;
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  businessName: string | null;
  general: string | null;
  specialty: string | null;
  upin: string | null;
  npi: string | null;
  dob: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** As printed ('1128b4'); known to EXCLUSION_TYPES. */
  exclType: string;
  exclDate: string;
  reinDate: string | null;
  waiverDate: string | null;
  waiverState: string | null;
  firstNorm: string;
  middleNorm: string;
  lastNorm: string;
};

export type ParsedLeieRow = { entry: LeieEntry } | { reason: string } | { unknownType: string };

const NO_DATE = '00000000';
const NO_NPI = '0000000000';

function text(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** YYYYMMDD → YYYY-MM-DD; null for the LEIE's 00000000 or blank; undefined when it is no date. */
function leieDate(value: string | undefined): string | null | undefined {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === NO_DATE) return null;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : undefined;
}

/**
 * The identity of an LEIE entry, which has no id of its own: the fields naming the person or
 * business and the exclusion. A reinstatement supplement repeats them, so it meets the entry the
 * full file listed; an address or NPI filled in later does not make it a new entry.
 */
function entryKey(f: readonly string[], exclDate: string, exclType: string): string {
  return [f[0], f[1], f[2], f[3], f[8], exclType, exclDate].map((v) => (v ?? '').trim().toUpperCase()).join('|');
}

/**
 * One LEIE line, checked: a wrong column count, an impossible date, an NPI that is not ten digits
 * or a row naming nobody is a reason (the run counts and reports it); an EXCLTYPE we cannot name
 * is `unknownType` (the run fails on it).
 */
export function parseLeieRow(fields: readonly string[]): ParsedLeieRow {
  if (fields.length !== LEIE_COLUMNS.length)
    return { reason: `expected ${LEIE_COLUMNS.length} columns, found ${fields.length}` };
  const exclTypePrinted = fields[13]?.trim() ?? '';
  if (!exclTypePrinted) return { reason: 'EXCLTYPE is empty' };
  if (!exclusionTypeCode(exclTypePrinted)) return { unknownType: exclTypePrinted };
  const exclDate = leieDate(fields[14]);
  if (!exclDate) return { reason: `EXCLDATE '${fields[14]?.trim() ?? ''}' is not a date (YYYYMMDD)` };
  const dates: Record<string, string | null> = {};
  for (const [name, index] of [
    ['DOB', 8],
    ['REINDATE', 15],
    ['WAIVERDATE', 16],
  ] as const) {
    const value = leieDate(fields[index]);
    if (value === undefined) return { reason: `${name} '${fields[index]?.trim() ?? ''}' is not a date (YYYYMMDD)` };
    dates[name] = value;
  }
  const npiRaw = fields[7]?.trim() ?? '';
  if (npiRaw !== '' && !/^\d{10}$/.test(npiRaw)) return { reason: `NPI '${npiRaw}' is not ten digits` };
  const lastName = text(fields[0]);
  const businessName = text(fields[3]);
  if (!lastName && !businessName) return { reason: 'neither LASTNAME nor BUSNAME is given' };
  const firstName = text(fields[1]);
  const middleName = text(fields[2]);
  return {
    entry: {
      entryKey: entryKey(fields, exclDate, exclTypePrinted),
      lastName,
      firstName,
      middleName,
      businessName,
      general: text(fields[4]),
      specialty: text(fields[5]),
      upin: text(fields[6]),
      npi: npiRaw === '' || npiRaw === NO_NPI ? null : npiRaw,
      dob: dates.DOB ?? null,
      address: text(fields[9]),
      city: text(fields[10]),
      state: text(fields[11])?.toUpperCase() ?? null,
      zip: text(fields[12]),
      exclType: exclTypePrinted,
      exclDate,
      reinDate: dates.REINDATE ?? null,
      waiverDate: dates.WAIVERDATE ?? null,
      waiverState: text(fields[17]),
      firstNorm: normalizeNamePart(firstName),
      middleNorm: normalizeNamePart(middleName),
      lastNorm: normalizeNamePart(lastName),
    },
  };
}
