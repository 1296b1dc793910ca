import type { LicenseStatus, LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import type { z } from 'zod';
import type { dateFormatSchema } from '../config/board-config.ts';
import { STATUS_WORDING } from '../config/status-wording.ts';
import type { SourceRecord, SourceResult, UnknownValue } from '../types.ts';

// Turning one board row (already split into our fields, as text) into a SourceRecord. Shared by every
// kind so statuses, dates and license types are read the same way whatever the transport.

export type DateFormat = z.output<typeof dateFormatSchema>;

/** Board vocabularies are matched without regard to case or stray spacing ('Active ' = 'ACTIVE'). */
export function vocabularyKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function vocabularyMap<T>(vocabulary: Record<string, T>): Map<string, T> {
  return new Map(Object.entries(vocabulary).map(([k, v]) => [vocabularyKey(k), v]));
}

/** Empty and whitespace-only cells mean "not published". */
export function clean(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isoDate(year: number, month: number, day: number): string | undefined {
  if (year < 1800 || year > 2200 || month < 1 || month > 12) return undefined;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (day < 1 || day > max) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * ISO YYYY-MM-DD, null for an empty cell, undefined when the text is not a date in that format (or in
 * any of several a source mixes: their shapes differ, so at most one reads a given text).
 */
export function parseDate(
  text: string | null | undefined,
  format: DateFormat | readonly DateFormat[],
): string | null | undefined {
  const value = clean(text);
  if (value === null) return null;
  if (typeof format !== 'string') {
    for (const one of format) {
      const parsed = parseDate(value, one);
      if (parsed !== undefined) return parsed;
    }
    return undefined;
  }
  let m: RegExpExecArray | null;
  switch (format) {
    case 'iso':
      m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
      return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
    case 'mm/dd/yyyy':
      m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/.exec(value);
      return m ? isoDate(Number(m[3]), Number(m[1]), Number(m[2])) : undefined;
    case 'yyyymmdd':
      m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
      return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
  }
}

/** A row's fields as the board published them, before any mapping. */
export type RawFields = {
  licenseNumber?: string | null | undefined;
  lastName?: string | null | undefined;
  firstName?: string | null | undefined;
  middleName?: string | null | undefined;
  suffix?: string | null | undefined;
  licenseType?: string | null | undefined;
  /** The board's status words as published (several columns' words joined when a list spreads them). */
  status?: string | null | undefined;
  /** The word that decides the normalised status, when `status` joins several (read-row-fields.ts). */
  statusWord?: string | null | undefined;
  issueDate?: string | null | undefined;
  expiryDate?: string | null | undefined;
  discipline?: string | null | undefined;
};

/** MD, DO, or `either`: a physician license the board issues to both without saying which. */
export type MappedLicenseType = LicenseType | 'either';

export type RecordMapping = {
  boardId: string;
  jurisdiction: StateCode;
  /** The types this board licenses; rows of another type belong to another board and are skipped. */
  boardLicenseTypes: readonly LicenseType[];
  licenseTypes: Map<string, MappedLicenseType>;
  fixedLicenseType?: MappedLicenseType | undefined;
  /** MD or DO told by the number's form, tried when the type column does not say (`either` or absent). */
  licenseTypeByNumber: readonly { pattern: RegExp; type: LicenseType }[];
  unknownLicenseType: 'skip' | 'error';
  statuses: Map<string, LicenseStatus>;
  dateFormat: DateFormat | readonly DateFormat[];
};

export function recordMapping(
  board: { id: string; jurisdiction: StateCode; licenseTypes: readonly LicenseType[] },
  source: {
    licenseTypes: Record<string, MappedLicenseType>;
    fixedLicenseType?: MappedLicenseType | undefined;
    licenseTypeByNumber?: readonly { pattern: string; type: LicenseType }[] | undefined;
    unknownLicenseType: 'skip' | 'error';
    statuses: Record<string, LicenseStatus>;
    dateFormat: DateFormat | readonly DateFormat[];
  },
): RecordMapping {
  return {
    boardId: board.id,
    jurisdiction: board.jurisdiction,
    boardLicenseTypes: board.licenseTypes,
    licenseTypes: vocabularyMap(source.licenseTypes),
    fixedLicenseType: source.fixedLicenseType,
    licenseTypeByNumber: (source.licenseTypeByNumber ?? []).map(({ pattern, type }) => ({
      pattern: new RegExp(pattern, 'i'),
      type,
    })),
    unknownLicenseType: source.unknownLicenseType,
    // The shared table first, so a board's own meaning of a word wins.
    statuses: vocabularyMap({ ...STATUS_WORDING, ...source.statuses }),
    dateFormat: source.dateFormat,
  };
}

/**
 * Unknown board text still tells a reader something, so it is kept as rawStatus with status 'unknown';
 * `unknownWording` says so, for the ingest run to record (a wording mapped to 'unknown' on purpose is known).
 */
export function mapStatus(
  text: string | null | undefined,
  statuses: Map<string, LicenseStatus>,
): { rawStatus: string | null; status: LicenseStatus; unknownWording: boolean } {
  const rawStatus = clean(text);
  if (rawStatus === null) return { rawStatus: null, status: 'unknown', unknownWording: false };
  const status = statuses.get(vocabularyKey(rawStatus));
  return { rawStatus, status: status ?? 'unknown', unknownWording: status === undefined };
}

/** `unknown`: board wording the vocabularies do not know, on a row kept (status) or rejected (license type). */
export type MappedRow =
  | { record: SourceRecord; unknown?: UnknownValue }
  /** Another profession's row (or the other board's, in a shared list); `typeText` as the list wrote it. */
  | { skip: true; typeText: string | null }
  | { reason: string; unknown?: UnknownValue };

/** The row's unknown wording as a bulk file's item carries it: absent when there is none. */
export function withUnknown(mapped: { unknown?: UnknownValue }): { unknown?: UnknownValue } {
  return mapped.unknown ? { unknown: mapped.unknown } : {};
}

export function mapRow(raw: RawFields, m: RecordMapping): MappedRow {
  let mapped: MappedLicenseType | undefined;
  const typeText = clean(raw.licenseType);
  const number = clean(raw.licenseNumber);
  if (typeText !== null) mapped = m.licenseTypes.get(vocabularyKey(typeText));
  else mapped = m.fixedLicenseType;
  // A list that names no type (or one for MDs and DOs alike) may tell it by the number's form (Ohio's
  // '35.' and '34.'); where neither says, a row whose number has no such form is another profession's.
  const byNumber =
    (mapped === undefined && typeText === null) || mapped === 'either'
      ? number === null
        ? undefined
        : m.licenseTypeByNumber.find((r) => r.pattern.test(number))?.type
      : undefined;
  if (mapped === undefined && typeText === null) mapped = byNumber;
  if (!mapped) {
    // 'skip' is the operator saying the dataset holds other professions: those rows are not this board's.
    if (m.unknownLicenseType === 'skip') return { skip: true, typeText };
    if (typeText === null) return { reason: 'missing license type' };
    return { reason: `unknown license type '${typeText}'`, unknown: { field: 'licenseType', value: typeText } };
  }
  const licenseType: LicenseType | null = mapped === 'either' ? (byNumber ?? null) : mapped;
  if (licenseType !== null && !m.boardLicenseTypes.includes(licenseType)) return { skip: true, typeText };

  const lastName = clean(raw.lastName);
  const firstName = clean(raw.firstName);
  if (lastName === null) return { reason: 'missing last name' };
  if (firstName === null) return { reason: 'missing first name' };

  const issueDate = parseDate(raw.issueDate, m.dateFormat);
  if (issueDate === undefined) return { reason: `invalid issue date '${clean(raw.issueDate)}'` };
  const expiryDate = parseDate(raw.expiryDate, m.dateFormat);
  if (expiryDate === undefined) return { reason: `invalid expiry date '${clean(raw.expiryDate)}'` };

  const { unknownWording, ...decided } = mapStatus(raw.statusWord ?? raw.status, m.statuses);
  const status = { rawStatus: clean(raw.status), status: decided.status };
  return {
    ...(unknownWording && decided.rawStatus !== null ? { unknown: { field: 'status', value: decided.rawStatus } } : {}),
    record: {
      jurisdiction: m.jurisdiction,
      boardId: m.boardId,
      licenseType,
      licenseNumber: number,
      firstName,
      middleName: clean(raw.middleName),
      lastName,
      suffix: clean(raw.suffix),
      ...status,
      issueDate,
      expiryDate,
      discipline: clean(raw.discipline),
    },
  };
}

/**
 * For live searches: bad rows are dropped, but a page where every row fails means the board changed its
 * format, which must surface rather than read as "no licenses".
 */
export function collectSearchRows(
  rows: MappedRow[],
): { ok: true; records: SourceRecord[] } | { ok: false; reason: string } {
  const records: SourceRecord[] = [];
  let firstReason: string | undefined;
  for (const row of rows) {
    if ('record' in row) records.push(row.record);
    else if ('reason' in row) firstReason ??= row.reason;
  }
  if (records.length === 0 && firstReason !== undefined) return { ok: false, reason: firstReason };
  return { ok: true, records };
}

/**
 * A live search's rows as its answer: the records read, and for the probe (health/probe-board.ts)
 * the rows dropped as unreadable and whether the board said in its own words that it found nobody.
 * Every row unreadable is a board that changed its format: a parse failure, never "no licenses".
 */
export function collectSearchResult(rows: MappedRow[], saidNoResults: boolean): SourceResult<SourceRecord[]> {
  const collected = collectSearchRows(rows);
  if (!collected.ok) return { ok: false, error: { kind: 'parse-failure', message: collected.reason } };
  const rejectedRows = rows.flatMap((row) => ('reason' in row ? [row.reason] : []));
  if (rejectedRows.length === 0 && !saidNoResults) return { ok: true, value: collected.records };
  return { ok: true, value: collected.records, notes: { rejectedRows, saidNoResults } };
}

/** A board that names no type (null) licenses MDs and DOs alike: its row may be either. */
export function fitsLicenseType(record: Pick<SourceRecord, 'licenseType'>, licenseType: LicenseType): boolean {
  return record.licenseType === null || record.licenseType === licenseType;
}

/** A search's records of the type asked (fitsLicenseType), its notes and failures as they were. */
export function keepLicenseType(
  result: SourceResult<SourceRecord[]>,
  licenseType: LicenseType,
): SourceResult<SourceRecord[]> {
  return result.ok ? { ...result, value: result.value.filter((r) => fitsLicenseType(r, licenseType)) } : result;
}
