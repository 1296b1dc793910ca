import { createHash } from 'node:crypto';
import { LICENSE_STATUSES, LICENSE_TYPES } from '@licensewatch/shared/licenses';
import { STATE_CODES } from '@licensewatch/shared/states';
import { normalizeNamePart } from '../normalize-name.ts';
import type { SourceRecord } from '../types.ts';

/**
 * A license row as staged for the merge, in STAGE_COLUMNS order. Board and source kind are
 * the same for a whole batch, so they travel as query parameters instead.
 */
export type StageRow = [
  rowNo: number,
  jurisdiction: string,
  licenseType: string | null,
  licenseNumber: string | null,
  recordKey: string,
  firstName: string,
  middleName: string | null,
  lastName: string,
  suffix: string | null,
  firstNorm: string,
  middleNorm: string,
  lastNorm: string,
  rawStatus: string | null,
  status: string,
  issueDate: string | null,
  expiryDate: string | null,
  discipline: string | null,
];

export const STAGE_COLUMNS = [
  ['row_no', 'integer'],
  ['jurisdiction', 'text'],
  ['license_type', 'text'],
  ['license_number', 'text'],
  ['record_key', 'text'],
  ['first_name', 'text'],
  ['middle_name', 'text'],
  ['last_name', 'text'],
  ['suffix', 'text'],
  ['first_norm', 'text'],
  ['middle_norm', 'text'],
  ['last_norm', 'text'],
  ['raw_status', 'text'],
  ['status', 'text'],
  ['issue_date', 'date'],
  ['expiry_date', 'date'],
  ['discipline', 'text'],
] as const;

const STATUSES = new Set<string>(LICENSE_STATUSES);
const TYPES = new Set<string>(LICENSE_TYPES);
const JURISDICTIONS = new Set<string>(STATE_CODES);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// A bad date would fail the whole COPY batch in PostgreSQL, so every date is checked here first.
function isValidDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return year >= 1800 && d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

// NUL cannot be stored in PostgreSQL text; empty strings mean "not published".
function clean(value: string | null | undefined): string | null {
  if (value == null) return null;
  const v = (value.includes('\u0000') ? value.replaceAll('\u0000', '') : value).trim();
  return v === '' ? null : v;
}

/** Stable across runs, so a number-less row is recognised when the bulk file is read again. */
export function hashRecordKey(parts: {
  boardId: string;
  firstNorm: string;
  middleNorm: string;
  lastNorm: string;
  suffixNorm: string;
  issueDate: string | null;
}): string {
  return createHash('sha1')
    .update(
      [parts.boardId, parts.firstNorm, parts.middleNorm, parts.lastNorm, parts.suffixNorm, parts.issueDate ?? ''].join(
        '\u001f',
      ),
    )
    .digest('hex');
}

/**
 * Checks a source record and computes what the registry derives from it (normalised names,
 * record key). Returns the reason when the record cannot be stored.
 */
export function mapSourceRecord(
  record: SourceRecord,
  boardId: string,
  rowNo: number,
): { row: StageRow } | { reason: string } {
  if (record.boardId !== boardId) return { reason: `record belongs to board ${record.boardId}, not ${boardId}` };
  if (!JURISDICTIONS.has(record.jurisdiction))
    return { reason: `unknown jurisdiction ${JSON.stringify(record.jurisdiction)}` };
  // Null: the board does not say MD or DO (stored so, matched for either).
  if (record.licenseType !== null && !TYPES.has(record.licenseType))
    return { reason: `unknown license type ${JSON.stringify(record.licenseType)}` };
  if (!STATUSES.has(record.status)) return { reason: `unknown status ${JSON.stringify(record.status)}` };
  const lastName = clean(record.lastName);
  if (!lastName) return { reason: 'missing last name' };
  const issueDate = clean(record.issueDate);
  if (issueDate && !isValidDate(issueDate)) return { reason: `invalid issue date ${JSON.stringify(issueDate)}` };
  const expiryDate = clean(record.expiryDate);
  if (expiryDate && !isValidDate(expiryDate)) return { reason: `invalid expiry date ${JSON.stringify(expiryDate)}` };

  const firstName = clean(record.firstName) ?? '';
  const middleName = clean(record.middleName);
  const suffix = clean(record.suffix);
  const licenseNumber = clean(record.licenseNumber);
  const firstNorm = normalizeNamePart(firstName);
  const middleNorm = normalizeNamePart(middleName);
  const lastNorm = normalizeNamePart(lastName);
  const recordKey =
    licenseNumber ??
    hashRecordKey({ boardId, firstNorm, middleNorm, lastNorm, suffixNorm: normalizeNamePart(suffix), issueDate });
  return {
    row: [
      rowNo,
      record.jurisdiction,
      record.licenseType,
      licenseNumber,
      recordKey,
      firstName,
      middleName,
      lastName,
      suffix,
      firstNorm,
      middleNorm,
      lastNorm,
      clean(record.rawStatus),
      record.status,
      issueDate,
      expiryDate,
      clean(record.discipline),
    ],
  };
}
