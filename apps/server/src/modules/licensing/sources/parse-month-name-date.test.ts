import { describe, expect, it } from 'vitest';
import { parseMonthNameDate } from './parse-month-name-date.ts';

describe('parseMonthNameDate', () => {
  it('reads day, month name and year in any case', () => {
    expect(parseMonthNameDate('05-Mar-2027')).toBe('2027-03-05');
    expect(parseMonthNameDate(' 31-DEC-2026 ')).toBe('2026-12-31');
    expect(parseMonthNameDate('1-jan-2028')).toBe('2028-01-01');
  });

  it('leaves other forms and impossible days to the shared formats', () => {
    expect(parseMonthNameDate('03/05/2027')).toBeUndefined();
    expect(parseMonthNameDate('2027-03-05')).toBeUndefined();
    expect(parseMonthNameDate('05-Mrz-2027')).toBeUndefined();
    expect(parseMonthNameDate('31-Feb-2027')).toBeUndefined();
    expect(parseMonthNameDate('29-Feb-2028')).toBe('2028-02-29');
  });
});
