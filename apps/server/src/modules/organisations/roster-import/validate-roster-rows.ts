import { LICENSE_TYPES, type LicenseType } from '@licensewatch/shared/licenses';
import { isValidNpi } from '@licensewatch/shared/npi';
import { PERSON_NAME_MAX } from '@licensewatch/shared/reports';
import type { RosterRow } from '@licensewatch/shared/roster-import';
import {
  ROSTER_IMPORT_MESSAGES as M,
  ROSTER_COLUMNS,
  type RosterColumn,
} from '@licensewatch/shared/roster-import-messages';
import { STATE_CODES, type StateCode, toStateCode } from '@licensewatch/shared/states';
import type { HeaderMap } from './map-roster-headers.ts';
import type { RosterSheet } from './read-roster-file.ts';

export const ROSTER_TEXT_MAX = 100;

export type CellError = { column: RosterColumn; message: string };

/** One row of the file, read: its cells as written, the row it makes (null when it has errors). */
export type CheckedRow = {
  row: number;
  cells: Record<RosterColumn, string>;
  value: RosterRow | null;
  allStates: boolean;
  errors: CellError[];
  duplicateOf: number | null;
};

/** 'M.D.', 'md', 'Doctor of Osteopathy' … → the type. */
function licenseType(value: string): LicenseType | null {
  const v = value.toUpperCase().replace(/[^A-Z]/g, '');
  if ((LICENSE_TYPES as readonly string[]).includes(v)) return v as LicenseType;
  if (v === 'DOCTOROFMEDICINE') return 'MD';
  if (v === 'DOCTOROFOSTEOPATHY' || v === 'DOCTOROFOSTEOPATHICMEDICINE') return 'DO';
  return null;
}

/** States separated by ';' or ',' ("TX; California"), as codes; empty: every one of the 51. */
function readStates(value: string, errors: CellError[]): StateCode[] {
  if (value === '') return [...STATE_CODES];
  const seen = new Set<StateCode>();
  for (const part of value.split(/[;,|]/).map((p) => p.trim())) {
    if (part === '') continue;
    const code = toStateCode(part);
    if (!code) errors.push({ column: 'states', message: M.unknownState(part.slice(0, 60)) });
    else if (seen.has(code)) errors.push({ column: 'states', message: M.repeatedState(part.slice(0, 60)) });
    else seen.add(code);
  }
  // Washington, DC written with its comma splits in two; "Washington" alone is the state.
  return STATE_CODES.filter((c) => seen.has(c));
}

export const nameKey = (first: string, middle: string | null, last: string, type: string) =>
  [first, middle ?? '', last, type].map((p) => p.toLowerCase().replace(/\s+/g, ' ').trim()).join('|');

/**
 * Checks every row on its own (required cells, lengths, license type, NPI format, states), then
 * flags the rows repeating an earlier one: the same internal id, else the same NPI, else — for
 * rows without an id — the same name and license type. A repeat is an error: it is not imported.
 */
export function validateRosterRows(sheet: RosterSheet, headers: HeaderMap): CheckedRow[] {
  const checked = sheet.rows.map(({ row, cells }): CheckedRow => {
    const cell = (column: RosterColumn) => {
      const i = headers.index[column];
      return i === undefined ? '' : (cells[i] ?? '').trim();
    };
    const raw = Object.fromEntries((Object.keys(ROSTER_COLUMNS) as RosterColumn[]).map((c) => [c, cell(c)])) as Record<
      RosterColumn,
      string
    >;
    const errors: CellError[] = [];
    const text = (column: RosterColumn, max: number, required: boolean) => {
      const value = raw[column];
      if (value === '') {
        if (required) errors.push({ column, message: M.required(ROSTER_COLUMNS[column]) });
        return null;
      }
      if (value.length > max) errors.push({ column, message: M.tooLong(ROSTER_COLUMNS[column], max) });
      return value;
    };
    const firstName = text('firstName', PERSON_NAME_MAX, true);
    const middleName = text('middleName', PERSON_NAME_MAX, false);
    const lastName = text('lastName', PERSON_NAME_MAX, true);
    let type: LicenseType | null = null;
    if (raw.licenseType === '') errors.push({ column: 'licenseType', message: M.required(ROSTER_COLUMNS.licenseType) });
    else {
      type = licenseType(raw.licenseType);
      if (!type) errors.push({ column: 'licenseType', message: M.licenseType(raw.licenseType.slice(0, 40)) });
    }
    // Spreadsheets show long numbers with spaces or dashes; the NPI itself is the digits.
    const npi = raw.npi === '' ? null : raw.npi.replace(/[\s-]/g, '');
    if (npi !== null && !isValidNpi(npi)) errors.push({ column: 'npi', message: M.npiFormat(raw.npi.slice(0, 20)) });
    const states = readStates(raw.states, errors);
    const externalId = text('externalId', ROSTER_TEXT_MAX, false);
    const department = text('department', ROSTER_TEXT_MAX, false);
    const value: RosterRow | null =
      errors.length === 0 && firstName && lastName && type
        ? { row, firstName, middleName, lastName, licenseType: type, npi, states, externalId, department }
        : null;
    return { row, cells: raw, value, allStates: raw.states === '', errors, duplicateOf: null };
  });

  const byId = new Map<string, number>();
  const byNpi = new Map<string, number>();
  const byName = new Map<string, number>();
  for (const r of checked) {
    const id = r.cells.externalId;
    const npi = r.cells.npi.replace(/[\s-]/g, '');
    const type = licenseType(r.cells.licenseType) ?? r.cells.licenseType;
    const name = nameKey(r.cells.firstName, r.cells.middleName, r.cells.lastName, type);
    const sameId = id === '' ? undefined : byId.get(id.toLowerCase());
    const sameNpi = npi === '' ? undefined : byNpi.get(npi);
    const sameName = id === '' ? byName.get(name) : undefined;
    let first: number | undefined;
    let message: string | undefined;
    let column: RosterColumn = 'externalId';
    if (sameId !== undefined) {
      first = sameId;
      message = M.duplicateId(sameId);
    } else if (sameNpi !== undefined) {
      first = sameNpi;
      message = M.duplicateNpi(sameNpi);
      column = 'npi';
    } else if (sameName !== undefined) {
      first = sameName;
      message = M.duplicateName(sameName);
      column = 'lastName';
    }
    if (first !== undefined && message) {
      r.duplicateOf = first;
      r.errors.push({ column, message });
      r.value = null;
      continue;
    }
    if (id !== '') byId.set(id.toLowerCase(), r.row);
    if (npi !== '') byNpi.set(npi, r.row);
    if (id === '') byName.set(name, r.row);
  }
  return checked;
}
