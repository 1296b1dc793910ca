import { describe, expect, it } from 'vitest';
import {
  daysLeftInWords,
  formatExpiry,
  type ReminderPhysician,
  weeklyReminderSubject,
} from './weekly-reminder-email.tsx';

const physician = (daysLeft: number[]): ReminderPhysician => ({
  name: 'Ada Okafor, MD',
  reportUrl: 'https://lw.example/reports/1',
  licenses: daysLeft.map((d, i) => ({
    stateName: 'Oregon',
    licenseNumber: `MD${i}`,
    licenseType: 'MD',
    expiryDate: '2027-01-11',
    daysLeft: d,
    renewUrl: 'https://www.oregon.gov/omb',
  })),
});

describe('the Monday reminder wording', () => {
  it('says days left in words, expired ones as past', () => {
    expect([-30, -1, 0, 1, 42].map(daysLeftInWords)).toEqual([
      'Expired 30 days ago',
      'Expired yesterday',
      'Expires today',
      '1 day left',
      '42 days left',
    ]);
  });

  it('counts licenses across physicians in the subject, or gives the all-clear', () => {
    expect(weeklyReminderSubject([physician([3]), physician([-2, 40])])).toBe('3 licenses need attention this week');
    expect(weeklyReminderSubject([physician([3])])).toBe('1 license needs attention this week');
    expect(weeklyReminderSubject([])).toBe('All clear: nothing expires in the next 6 weeks');
  });

  it('writes the calendar date of expiry, whatever the server zone', () => {
    expect(formatExpiry('2027-01-11')).toBe('Jan 11, 2027');
  });
});
