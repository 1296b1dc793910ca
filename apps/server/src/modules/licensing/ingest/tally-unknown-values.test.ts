import { describe, expect, it } from 'vitest';
import { describeUnknownValues, judgeUnknownValues, tallyUnknownValues } from './tally-unknown-values.ts';

describe('tallyUnknownValues', () => {
  it('counts rows per field with the most frequent values as samples', () => {
    const tally = tallyUnknownValues();
    for (const value of ['GONE', 'GONE', 'GONE', 'AWAY', 'A', 'B', 'C', 'D']) tally.add({ field: 'status', value });
    tally.add({ field: 'licenseType', value: 'Dentist' });
    const summary = tally.summary();
    expect(tally.rows).toBe(9);
    expect(summary).toEqual([
      {
        field: 'status',
        rows: 8,
        samples: [
          { value: 'GONE', rows: 3 },
          { value: 'A', rows: 1 },
          { value: 'AWAY', rows: 1 },
          { value: 'B', rows: 1 },
          { value: 'C', rows: 1 },
        ],
      },
      { field: 'licenseType', rows: 1, samples: [{ value: 'Dentist', rows: 1 }] },
    ]);
    expect(describeUnknownValues(summary ?? [])).toBe(
      'unknown status "GONE" ×3, "A" ×1, "AWAY" ×1, "B" ×1, "C" ×1, … (8 rows); unknown license type "Dentist" ×1 (1 row)',
    );
  });

  it('succeeds with nothing unknown, warns on a few, fails past 5% of the rows read', () => {
    const tally = tallyUnknownValues();
    expect(judgeUnknownValues(100, tally)).toEqual({ status: 'succeeded', error: null });
    for (let i = 0; i < 5; i++) tally.add({ field: 'status', value: 'GONE' });
    expect(judgeUnknownValues(100, tally)).toEqual({ status: 'warned', error: null });
    tally.add({ field: 'status', value: 'GONE' });
    expect(judgeUnknownValues(100, tally)).toEqual({
      status: 'failed',
      error: 'vocabulary: 6.0% of rows hold wording no vocabulary knows (over 5%): unknown status "GONE" ×6 (6 rows)',
    });
  });
});
