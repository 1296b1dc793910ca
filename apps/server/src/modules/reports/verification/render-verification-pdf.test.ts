import { describe, expect, it } from 'vitest';
import { pdfSafe } from './render-verification-pdf.ts';

describe('pdfSafe', () => {
  it('keeps Latin-1, strips accents it cannot print, and marks the rest', () => {
    expect(pdfSafe('José Øster')).toBe('José Øster');
    expect(pdfSafe('Łukasz Świątek')).toBe('?ukasz Swiatek');
    expect(pdfSafe('王 Ⅻ')).toBe('? XII');
  });
});
