import { describe, expect, it } from 'vitest';
import { isUpdating, progressPercent } from './update-progress';

describe('isUpdating', () => {
  it('is true while not completed and under 100%', () => {
    expect(isUpdating({ is_completed: false, progress: 0 })).toBe(true);
    expect(isUpdating({ is_completed: false, progress: 99 })).toBe(true);
  });

  it('is false once completed, at 100%, or without a status (error or not loaded)', () => {
    expect(isUpdating({ is_completed: true, progress: 40 })).toBe(false);
    expect(isUpdating({ is_completed: false, progress: 100 })).toBe(false);
    expect(isUpdating(undefined)).toBe(false);
  });
});

describe('progressPercent', () => {
  it('rounds and clamps to 0–100', () => {
    expect(progressPercent(42.6)).toBe(43);
    expect(progressPercent(-5)).toBe(0);
    expect(progressPercent(140)).toBe(100);
    expect(progressPercent(Number.NaN)).toBe(0);
  });
});
