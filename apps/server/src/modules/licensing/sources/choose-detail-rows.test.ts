import { describe, expect, it } from 'vitest';
import { chooseDetailRows, comparableNameKey } from './choose-detail-rows.ts';

const row = (lastName: string, firstName: string) => ({ lastName, firstName });
const names = (rows: { lastName: string; firstName: string }[]) => rows.map((r) => `${r.firstName} ${r.lastName}`);

describe('chooseDetailRows', () => {
  const wanted = { lastName: "O'Neill", firstName: 'William' };
  const listed = [
    row('ONEILL', 'BILL'),
    row('Smith', 'William'),
    row('O Neill', 'Walter'),
    row("O'NEILL", 'WILLIAM'),
    row('Oneill', 'Anne'),
  ];

  it('keeps the surname asked, however the board prints it, the first initial first', () => {
    expect(names(chooseDetailRows(listed, wanted, (r) => r, 10))).toEqual([
      'Walter O Neill',
      "WILLIAM O'NEILL",
      'BILL ONEILL',
      'Anne Oneill',
    ]);
  });

  it('reads at most max rows, and none a row without a readable name', () => {
    expect(names(chooseDetailRows(listed, wanted, (r) => r, 2))).toEqual(['Walter O Neill', "WILLIAM O'NEILL"]);
    expect(chooseDetailRows(listed, wanted, () => undefined, 10)).toEqual([]);
  });

  it('with no first name asked, keeps the surname’s rows in their order', () => {
    expect(names(chooseDetailRows(listed, { lastName: 'oneill', firstName: '' }, (r) => r, 10))).toEqual([
      'BILL ONEILL',
      'Walter O Neill',
      "WILLIAM O'NEILL",
      'Anne Oneill',
    ]);
  });
});

describe('comparableNameKey', () => {
  it('compares names by their letters', () => {
    expect(comparableNameKey(' NÚÑEZ ')).toBe(comparableNameKey('Nunez'));
    expect(comparableNameKey("O'Neill")).toBe(comparableNameKey('O NEILL'));
    expect(comparableNameKey(null)).toBe('');
  });
});
