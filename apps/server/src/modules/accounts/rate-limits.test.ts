import { describe, expect, it } from 'vitest';
import { PASSWORD_FAILURE_DELAY, passwordGuessDelayMs } from './rate-limits.ts';

describe('passwordGuessDelayMs', () => {
  it('is free for the first failures, then doubles from a quarter second to its cap', () => {
    const { free, maxDelayMs } = PASSWORD_FAILURE_DELAY;
    expect(passwordGuessDelayMs(0)).toBe(0);
    expect(passwordGuessDelayMs(free)).toBe(0);
    expect(passwordGuessDelayMs(free + 1)).toBe(250);
    expect(passwordGuessDelayMs(free + 2)).toBe(500);
    expect(passwordGuessDelayMs(free + 5)).toBe(4_000);
    expect(passwordGuessDelayMs(free + 50)).toBe(maxDelayMs);
  });
});
