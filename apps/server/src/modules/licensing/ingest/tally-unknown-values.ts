import type { UnknownValueSummary } from '../tables.ts';
import type { UnknownValue } from '../types.ts';

// Enough to show an operator what to add to the vocabulary; a whole file of garbage must not grow memory.
const DISTINCT_KEPT = 200;
const SAMPLES_RECORDED = 5;

/**
 * Share of a bulk file's rows with unknown wording above which the run fails: a board that changed its
 * vocabulary (or a wrong column) shows up as a failed run, not as thousands of 'unknown' statuses.
 * Any unknown wording at all marks the run `warned`.
 */
export const UNKNOWN_ROWS_FAIL_SHARE = 0.05;

export type UnknownValueTally = {
  add(unknown: UnknownValue): void;
  /** Rows that carried unknown wording. */
  readonly rows: number;
  /** Per field, most frequent values first; null when every value was known. */
  summary(): UnknownValueSummary[] | null;
};

/** Counts the board wording no vocabulary knew during one read of a bulk file. */
export function tallyUnknownValues(): UnknownValueTally {
  const byField = new Map<UnknownValue['field'], { rows: number; values: Map<string, number> }>();
  let rows = 0;
  return {
    add({ field, value }) {
      rows++;
      let entry = byField.get(field);
      if (!entry) {
        entry = { rows: 0, values: new Map() };
        byField.set(field, entry);
      }
      entry.rows++;
      const seen = entry.values.get(value);
      if (seen !== undefined) entry.values.set(value, seen + 1);
      else if (entry.values.size < DISTINCT_KEPT) entry.values.set(value, 1);
    },
    get rows() {
      return rows;
    },
    summary() {
      if (byField.size === 0) return null;
      return [...byField].map(([field, { rows: fieldRows, values }]) => ({
        field,
        rows: fieldRows,
        samples: [...values]
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .slice(0, SAMPLES_RECORDED)
          .map(([value, count]) => ({ value, rows: count })),
      }));
    },
  };
}

/** One line for ingest_run.error, the CLI and source health: "status: 'GONE' ×12, 'X' ×1 (13 rows)". */
export function describeUnknownValues(summary: UnknownValueSummary[]): string {
  const field = { status: 'unknown status', licenseType: 'unknown license type' } as const;
  return summary
    .map(
      (s) =>
        `${field[s.field]} ${s.samples.map((v) => `${JSON.stringify(v.value)} ×${v.rows}`).join(', ')}` +
        `${s.rows > s.samples.reduce((n, v) => n + v.rows, 0) ? ', …' : ''} (${s.rows} row${s.rows === 1 ? '' : 's'})`,
    )
    .join('; ');
}

/** The run's outcome once the bulk file is read: unknown wording warns, and fails past the share. */
export function judgeUnknownValues(
  rowsRead: number,
  tally: UnknownValueTally,
): { status: 'succeeded' | 'warned' | 'failed'; error: string | null } {
  const summary = tally.summary();
  if (!summary) return { status: 'succeeded', error: null };
  const share = tally.rows / Math.max(rowsRead, 1);
  if (share <= UNKNOWN_ROWS_FAIL_SHARE) return { status: 'warned', error: null };
  return {
    status: 'failed',
    error: `vocabulary: ${(share * 100).toFixed(1)}% of rows hold wording no vocabulary knows (over ${UNKNOWN_ROWS_FAIL_SHARE * 100}%): ${describeUnknownValues(summary)}`,
  };
}
