import { describe, expect, it } from 'vitest';
import {
  type AttentionFacts,
  attentionInWords,
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
    expect(weeklyReminderSubject([physician([3]), physician([-2, 40])], [], 42)).toBe(
      '3 licenses need attention this week',
    );
    expect(weeklyReminderSubject([physician([3])], [], 42)).toBe('1 license needs attention this week');
    expect(weeklyReminderSubject([], [], 42)).toBe('All clear: nothing expires in the next 6 weeks');
    // Another window is said as the workspace chose it: whole weeks as weeks, else days.
    expect(weeklyReminderSubject([], [], 28)).toBe('All clear: nothing expires in the next 4 weeks');
    expect(weeklyReminderSubject([], [], 45)).toBe('All clear: nothing expires in the next 45 days');
  });

  it('puts the physicians needing attention first in the subject, with or without licenses expiring', () => {
    const waiting = { name: 'Ada Okafor, MD', reportUrl: 'https://lw.example/reports/1', reasons: ['Excluded'] };
    expect(weeklyReminderSubject([], [waiting], 42)).toBe('1 physician needs attention');
    expect(weeklyReminderSubject([physician([3, 5])], [waiting, waiting], 42)).toBe(
      '2 physicians need attention, 2 licenses expire soon',
    );
    expect(weeklyReminderSubject([physician([3])], [], 42)).toBe('1 license needs attention this week');
  });

  it('says why a physician needs attention in words, exclusions first, naming the lists and states', () => {
    const none: AttentionFacts = {
      excluded: false,
      excluded_sources: [],
      exclusion_reviews: 0,
      licenses: [],
      matches: 0,
      verifications_due: 0,
    };
    expect(attentionInWords(none)).toEqual([]);
    expect(
      attentionInWords({
        excluded: true,
        excluded_sources: ['leie', 'sam'],
        exclusion_reviews: 1,
        licenses: [
          { state: 'TX', status: 'suspended' },
          { state: 'WA', status: 'probation' },
        ],
        matches: 2,
        verifications_due: 1,
      }),
    ).toEqual([
      'Excluded (OIG LEIE and SAM.gov)',
      '1 possible exclusion match to review',
      'License suspended in TX',
      'License on probation in WA',
      '2 possible matches to review',
      'Verification by hand due',
    ]);
    expect(
      attentionInWords({ ...none, excluded: true, excluded_sources: ['leie'], matches: 1, verifications_due: 3 }),
    ).toEqual(['Excluded (OIG LEIE)', '1 possible match to review', '3 verifications by hand due']);
  });

  it('writes the calendar date of expiry, whatever the server zone', () => {
    expect(formatExpiry('2027-01-11')).toBe('Jan 11, 2027');
  });
});
