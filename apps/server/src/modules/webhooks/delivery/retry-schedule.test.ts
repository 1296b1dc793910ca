import { describe, expect, it } from 'vitest';
import { nextAttemptAt, retryDelaySeconds } from './retry-schedule.ts';

describe('retry schedule', () => {
  it('doubles from a minute and stops growing at an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelaySeconds)).toEqual([
      60, 120, 240, 480, 960, 1920, 3600, 3600, 3600,
    ]);
  });

  it('gives up once the next try would fall more than 24 hours after the delivery was written', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    expect(nextAttemptAt(created, 1, new Date('2026-01-01T00:00:00Z'))).toEqual(new Date('2026-01-01T00:01:00Z'));
    expect(nextAttemptAt(created, 10, new Date('2026-01-01T22:59:00Z'))).toEqual(new Date('2026-01-01T23:59:00Z'));
    expect(nextAttemptAt(created, 10, new Date('2026-01-01T23:01:00Z'))).toBeNull();
  });

  it('tries about 30 times over the day', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    let now = created;
    let attempts = 0;
    for (;;) {
      attempts++;
      const next = nextAttemptAt(created, attempts, now);
      if (!next) break;
      now = next;
    }
    expect(attempts).toBeGreaterThan(25);
    expect(attempts).toBeLessThan(35);
  });
});
