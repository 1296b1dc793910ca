import type { LicenseStatus } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import type { BulkFileItem, SourceRecord } from '../../src/modules/licensing/types.ts';

const FIRST = ['James', 'María', 'Ngozi', 'Wei', 'Olivia', 'Mohammed', 'Zoë', 'Robert', 'Anna-Lena', 'Seán'];
const LAST = ["O'Brien", 'García-López', 'Nguyen', 'Smith', 'Van der Berg', 'Øster', 'Kowalski', 'Okafor', 'Lee'];
const MIDDLE = [null, 'A', 'Marie', 'J.', null];
const SUFFIX = [null, null, null, 'Jr', 'III'];
const STATUSES: LicenseStatus[] = ['active', 'active', 'active', 'expired', 'probation', 'inactive'];

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

/** A deterministic license of `boardId`; `i` makes it unique (and fixes every field). */
export function makeRecord(
  i: number,
  { boardId = 'wa-md', jurisdiction = 'WA' as StateCode } = {},
  overrides: Partial<SourceRecord> = {},
): SourceRecord {
  const status = pick(STATUSES, i);
  return {
    jurisdiction,
    boardId,
    licenseType: i % 9 === 0 ? 'DO' : 'MD',
    licenseNumber: `MD${String(600_000 + i).padStart(8, '0')}`,
    firstName: pick(FIRST, i),
    middleName: pick(MIDDLE, i),
    lastName: `${pick(LAST, i)}${i % 7 === 0 ? '' : ` ${Math.floor(i / 7)}`}`,
    suffix: pick(SUFFIX, i),
    rawStatus: status.toUpperCase(),
    status,
    issueDate: `${1990 + (i % 30)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    expiryDate: i % 50 === 0 ? null : `${2025 + (i % 4)}-03-31`,
    discipline: i % 97 === 0 ? 'Letter of concern' : null,
    ...overrides,
  };
}

export function makeRecords(count: number, board?: { boardId: string; jurisdiction: StateCode }): SourceRecord[] {
  return Array.from({ length: count }, (_, i) => makeRecord(i, board));
}

/** Yields records as a source would, rows numbered from 2 (row 1 is a header in a file). */
export async function* bulkFileOf(
  records: Iterable<SourceRecord | { error: string }>,
  { failAfter, failure }: { failAfter?: number; failure?: Error } = {},
): AsyncGenerator<BulkFileItem> {
  let row = 1;
  for (const r of records) {
    row++;
    if (failAfter !== undefined && row - 2 === failAfter) throw failure ?? new Error('stream broke');
    yield 'error' in r ? { error: { row, reason: r.error } } : { record: r, row };
  }
}
