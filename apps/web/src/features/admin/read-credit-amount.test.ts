import { describe, expect, it } from 'vitest';
import { readCreditAmount } from './read-credit-amount';

describe('readCreditAmount', () => {
  it('reads whole numbers and counts anything else as 0', () => {
    expect(readCreditAmount('3')).toBe(3);
    expect(readCreditAmount(' 12 ')).toBe(12);
    expect(readCreditAmount('2.9')).toBe(2);
    expect(readCreditAmount('-4')).toBe(-4);
    for (const typed of ['', ' ', 'abc', '1e400', 'NaN']) expect(readCreditAmount(typed), typed).toBe(0);
  });
});
