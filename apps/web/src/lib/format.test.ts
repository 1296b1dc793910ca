import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from './format';

describe('formatCalendarDate', () => {
  it('prints a board date as that calendar day, whatever the time zone', () => {
    expect(formatCalendarDate('2026-03-01')).toBe('Mar 1, 2026');
  });

  it('prints the placeholder without a date', () => {
    expect(formatCalendarDate(null)).toBe('-');
    expect(formatCalendarDate(null, 'No date')).toBe('No date');
  });
});
