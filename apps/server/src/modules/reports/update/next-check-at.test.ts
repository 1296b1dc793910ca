import { describe, expect, it } from 'vitest';
import { QUEUES } from '../../../platform/jobs/queues.ts';
import { dueFrom, nextCheckAt, notDueSince } from './next-check-at.ts';

const at = (iso: string) => new Date(iso);
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('dueFrom', () => {
  it('is seven days on for a weekly report, whatever the hour of its check', () => {
    expect(new Date(dueFrom('weekly', at('2026-11-23T06:05:00Z'))).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(new Date(dueFrom('weekly', at('2026-11-23T23:59:59Z'))).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('is the same day of the next month for a monthly one, or that month’s last day when shorter', () => {
    const monthly = (iso: string) => ymd(dueFrom('monthly', at(iso)));
    expect(monthly('2026-01-15T06:05:00Z')).toBe('2026-02-15');
    expect(monthly('2026-01-31T06:05:00Z')).toBe('2026-02-28');
    expect(monthly('2028-01-31T06:05:00Z')).toBe('2028-02-29');
    expect(monthly('2026-03-31T06:05:00Z')).toBe('2026-04-30');
    expect(monthly('2026-12-31T06:05:00Z')).toBe('2027-01-31');
  });
});

describe('notDueSince (the refresh’s side of the rule)', () => {
  const run = at('2026-11-30T06:00:00Z');

  it('leaves due a weekly report checked on the run’s weekday a week before, even after the run’s hour', () => {
    const since = notDueSince('weekly', run);
    expect(since.toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(at('2026-11-23T06:05:00Z') < since).toBe(true);
    expect(at('2026-11-24T00:00:00Z') < since).toBe(false);
  });

  it('agrees with dueFrom on every check of the 40 days before any run of a year', () => {
    const disagreements: string[] = [];
    for (let d = Date.UTC(2026, 0, 1); d < Date.UTC(2027, 0, 1); d += 86_400_000) {
      const runAt = new Date(d + 6 * 3_600_000);
      for (const interval of ['weekly', 'monthly'] as const) {
        const since = notDueSince(interval, runAt);
        for (let back = 0; back <= 40; back++) {
          const checkedAt = new Date(d - back * 86_400_000 + 12 * 3_600_000);
          if (checkedAt < since !== dueFrom(interval, checkedAt) <= d) {
            disagreements.push(`${interval} run ${ymd(d)} checked ${checkedAt.toISOString()}`);
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('nextCheckAt', () => {
  const now = at('2026-11-30T12:00:00Z');
  const schedule = { lastCheckedAt: at('2026-11-30T06:04:00Z'), settled: true, refreshable: true };

  it('is the next 06:00 UTC run for a daily report: tomorrow after today’s, today before it', () => {
    expect(nextCheckAt({ ...schedule, interval: 'daily' }, now)?.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(nextCheckAt({ ...schedule, interval: 'daily' }, at('2026-11-30T05:59:00Z'))?.toISOString()).toBe(
      '2026-11-30T06:00:00.000Z',
    );
    // The run these dates are told from is the one pg-boss schedules.
    expect(QUEUES.dailyRefresh.cron).toBe('0 6 * * *');
  });

  it('is the run of the day the interval comes round for a weekly or monthly report', () => {
    expect(nextCheckAt({ ...schedule, interval: 'weekly' }, now)?.toISOString()).toBe('2026-12-07T06:00:00.000Z');
    expect(nextCheckAt({ ...schedule, interval: 'monthly' }, now)?.toISOString()).toBe('2026-12-30T06:00:00.000Z');
  });

  it('is the next run for a report overdue, never checked in full, or with a state that did not answer', () => {
    const overdue = { ...schedule, interval: 'weekly' as const, lastCheckedAt: at('2026-11-01T06:00:00Z') };
    expect(nextCheckAt(overdue, now)?.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(nextCheckAt({ ...schedule, interval: 'monthly', lastCheckedAt: null }, now)?.toISOString()).toBe(
      '2026-12-01T06:00:00.000Z',
    );
    expect(nextCheckAt({ ...schedule, interval: 'monthly', settled: false }, now)?.toISOString()).toBe(
      '2026-12-01T06:00:00.000Z',
    );
  });

  it('is null when no daily refresh covers the report (an expired plan, a deactivated account)', () => {
    expect(nextCheckAt({ ...schedule, interval: 'daily', refreshable: false }, now)).toBeNull();
  });
});
