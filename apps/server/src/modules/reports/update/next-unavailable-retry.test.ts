import { describe, expect, it } from 'vitest';
import { nextUnavailableRetry } from './next-unavailable-retry.ts';
import { UNAVAILABLE_RETRY_ATTEMPTS } from './update-report-job.ts';

describe('nextUnavailableRetry', () => {
  const checkedAt = new Date('2026-11-26T10:00:00Z');

  it('follows the update job back-off: 10, 20, 40 minutes after each try', () => {
    expect(nextUnavailableRetry(checkedAt, 1)?.toISOString()).toBe('2026-11-26T10:10:00.000Z');
    expect(nextUnavailableRetry(checkedAt, 2)?.toISOString()).toBe('2026-11-26T10:20:00.000Z');
    expect(nextUnavailableRetry(checkedAt, 3)?.toISOString()).toBe('2026-11-26T10:40:00.000Z');
  });

  it('is null once the tries are spent (the daily refresh retries) or before any try', () => {
    expect(nextUnavailableRetry(checkedAt, UNAVAILABLE_RETRY_ATTEMPTS)).toBeNull();
    expect(nextUnavailableRetry(checkedAt, 0)).toBeNull();
    expect(nextUnavailableRetry(null, 1)).toBeNull();
  });
});
