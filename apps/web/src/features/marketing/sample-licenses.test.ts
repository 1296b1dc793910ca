import { describe, expect, it } from 'vitest';
import { formatSampleDate, sampleLicenses, sampleStatus } from './sample-licenses';

describe('the home page example report', () => {
  it('is dated from today: one expiring in six weeks, one lapsed, two current', () => {
    const today = new Date(2026, 10, 25);
    expect(sampleLicenses(today)).toEqual([
      { state: 'California', number: 'A 154872', status: 'Active', expires: 'Mar 31, 2028' },
      { state: 'New York', number: '298431', status: 'Expiring', expires: 'Jan 6, 2027' },
      { state: 'Texas', number: 'R 4417', status: 'Active', expires: 'Aug 31, 2027' },
      { state: 'Washington', number: 'MD60871234', status: 'Expired', expires: 'Oct 16, 2026' },
    ]);
  });

  it('never shows a past date as current, whatever the day', () => {
    for (let offset = 0; offset < 800; offset += 37) {
      const today = new Date(2025, 0, 1 + offset);
      for (const license of sampleLicenses(today)) {
        const expiry = new Date(license.expires);
        expect(license.status === 'Expired', `${license.state} on ${today.toDateString()}`).toBe(expiry < today);
      }
    }
  });

  it('calls a license expiring within six weeks Expiring, and today still valid', () => {
    const today = new Date(2026, 10, 25);
    expect(sampleStatus(new Date(2026, 10, 25), today)).toBe('Expiring');
    expect(sampleStatus(new Date(2026, 10, 24), today)).toBe('Expired');
    expect(sampleStatus(new Date(2027, 0, 7), today)).toBe('Active');
    expect(formatSampleDate(new Date(2027, 1, 1))).toBe('Feb 1, 2027');
  });
});
