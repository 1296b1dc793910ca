import { describe, expect, it } from 'vitest';
import { normalizeLicenseNumber } from './find-by-number.ts';

describe('normalizeLicenseNumber', () => {
  it.each([
    ['A123456', 'A123456'],
    ['a-123456', 'A123456'],
    [' dr 0012345 ', 'DR0012345'],
    ['DR.0012345', 'DR0012345'],
    ['md 6012-3456', 'MD60123456'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeLicenseNumber(input)).toBe(expected);
  });
});
