import { describe, expect, it } from 'vitest';
import { parseCount } from './numbers.ts';

describe('parseCount', () => {
  it('reads digits, with thousands separators and spaces around', () => {
    expect(parseCount('500')).toBe(500);
    expect(parseCount(' 1,000 ')).toBe(1000);
    expect(parseCount('12,500')).toBe(12500);
    expect(parseCount('1,234,567')).toBe(1234567);
    expect(parseCount('0')).toBe(0);
  });

  it('refuses what is not a whole count', () => {
    for (const text of ['', ' ', 'about 500', '12.5', '-3', '1,00', '10,0000', ',100', '100,', '1e3', '１２']) {
      expect(parseCount(text), JSON.stringify(text)).toBeNull();
    }
    expect(parseCount('9'.repeat(20))).toBeNull();
  });
});
