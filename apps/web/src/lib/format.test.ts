import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDateTimeWithZone, physicianName } from './format';

describe('formatCalendarDate', () => {
  it('prints a board date as that calendar day, whatever the time zone', () => {
    expect(formatCalendarDate('2026-03-01')).toBe('Mar 1, 2026');
  });

  it('prints the placeholder without a date', () => {
    expect(formatCalendarDate(null)).toBe('-');
    expect(formatCalendarDate(null, 'No date')).toBe('No date');
  });
});

describe('physicianName', () => {
  it('joins the parts and skips an empty middle name', () => {
    expect(physicianName({ first_name: 'Jane', middle_name: 'A.', last_name: 'Doe' })).toBe('Jane A. Doe');
    expect(physicianName({ first_name: 'Jane', middle_name: null, last_name: 'Doe' })).toBe('Jane Doe');
    expect(physicianName({ first_name: 'Jane', middle_name: ' ', last_name: 'Doe' })).toBe('Jane Doe');
  });
});

describe('formatDateTimeWithZone', () => {
  it('names the zone the hour is in', () => {
    // Midday UTC: the same calendar day in every zone a test machine runs in.
    expect(formatDateTimeWithZone('2026-11-27T12:00:00.000Z')).toMatch(
      /^Nov 27, 2026, \d{1,2}:\d{2} [AP]M [A-Z][A-Za-z0-9+:-]+$/,
    );
    expect(formatDateTimeWithZone(null, 'never')).toBe('never');
  });
});
