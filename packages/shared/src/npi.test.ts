import { describe, expect, it } from 'vitest';
import { isValidNpi, npiCheckDigit } from './npi.ts';

describe('NPI format', () => {
  it('accepts NPIs whose check digit holds (CMS example 1234567893, real registry NPIs)', () => {
    for (const npi of ['1234567893', '1245319599', '1003000126', '1679576722']) expect(isValidNpi(npi)).toBe(true);
  });

  it('computes the check digit with the 80840 prefix', () => {
    expect(npiCheckDigit('123456789')).toBe(3);
  });

  it('refuses a wrong check digit, other lengths and non-digits', () => {
    for (const npi of ['1234567890', '1234567894', '123456789', '12345678933', '12345 7893', 'abcdefghij', ''])
      expect(isValidNpi(npi)).toBe(false);
  });
});
