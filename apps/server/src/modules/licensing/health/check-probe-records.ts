import type { LicenseType } from '@licensewatch/shared/licenses';
import type { SourceRecord } from '../types.ts';

export type ProbeRecordCheck = {
  /** Rows read or rejected. */
  rows: number;
  /** Fields that no longer read: each missing or unreadable on more than half of the rows. */
  failures: string[];
  /** The board's own gaps, on fewer rows: listed, but the fields read. */
  gaps: string[];
};

// A selector or column that no longer matches fails on every row; a board's own gaps (the simulator
// leaves about 2% of expiry dates out, real boards have licenses without one) stay far below half.
const FAILING_SHARE = 0.5;

/**
 * Checks what a probe read, field by field (docs/license-engine.md, Probing the boards): on each row
 * the license number, the name, the license type, the status (known to a vocabulary) and the expiry
 * date present, and rows the source could not read at all (an unparsed date, a missing name) counted
 * by reason. Each line says how many rows, e.g. "3 of 20 rows have no expiry date".
 */
export function checkProbeRecords(
  board: { licenseTypes: readonly LicenseType[] },
  records: readonly SourceRecord[],
  rejectedRows: readonly string[],
): ProbeRecordCheck {
  const rows = records.length + rejectedRows.length;
  const counts = new Map<string, { count: number; sample?: string }>();
  const count = (what: string, sample?: string) => {
    const seen = counts.get(what) ?? { count: 0 };
    counts.set(what, { count: seen.count + 1, sample: seen.sample ?? sample });
  };
  for (const r of records) {
    if (r.licenseNumber === null) count('no license number');
    if (!r.lastName.trim() || !r.firstName.trim()) count('no name');
    // A board licensing MDs and DOs alike may leave the type unsaid by configuration ('either').
    if (r.licenseType === null && board.licenseTypes.length === 1) count('no license type');
    if (r.rawStatus === null) count('no status');
    else if (r.status === 'unknown') count('a status no vocabulary knows', r.rawStatus);
    if (r.expiryDate === null) count('no expiry date');
  }
  for (const reason of rejectedRows) {
    // "invalid expiry date '31/12/2027'": grouped by what failed, one value kept as the example.
    const sample = /'([^']*)'/.exec(reason)?.[1];
    count(`could not be read: ${reason.replace(/\s*'[^']*'/, '')}`, sample);
  }
  const failures: string[] = [];
  const gaps: string[] = [];
  for (const [what, { count: n, sample }] of counts) {
    const verb = what.startsWith('could not') ? '' : n === 1 ? 'has ' : 'have ';
    const line = `${n} of ${rows} ${rows === 1 ? 'row' : 'rows'} ${verb}${what}${sample === undefined ? '' : ` (e.g. '${sample}')`}`;
    (n > rows * FAILING_SHARE ? failures : gaps).push(line);
  }
  return { rows, failures, gaps };
}
