import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, toCsv } from './csv.ts';

const HOSTILE = ['=HYPERLINK("http://x","y")', '+1', '-2', '@SUM(1)', '\tTab', '\rReturn', '=1,"2"\r\n3'];

describe('neutraliseFormula', () => {
  it('prefixes text a spreadsheet would run as a formula, and nothing else', () => {
    for (const text of HOSTILE) expect(neutraliseFormula(text)).toBe(`'${text}`);
    for (const text of ['Ada', ' =1', "O'Neil", '', '2026-01-02', 'a=b']) expect(neutraliseFormula(text)).toBe(text);
  });

  it('leaves numbers, negative ones included, and empty cells as they are', () => {
    expect(neutraliseFormula(-5)).toBe(-5);
    expect(neutraliseFormula(12)).toBe(12);
    expect(neutraliseFormula(null)).toBeNull();
  });
});

describe('toCsv', () => {
  it('writes each hostile cell quoted and escaped, starting with an apostrophe once read back', () => {
    const csv = toCsv(
      ['=Header', 'Days'],
      HOSTILE.map((text, i) => [text, -i]),
    );
    const [header, ...rows] = parse(csv) as string[][];
    expect(header).toEqual(["'=Header", 'Days']);
    expect(rows.map((row) => row[0])).toEqual(HOSTILE.map((text) => `'${text}`));
    // A number is the number's digits, a negative one included.
    expect(rows.map((row) => row[1])).toEqual(HOSTILE.map((_, i) => String(-i)));
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
