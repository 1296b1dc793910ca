import { describe, expect, it } from 'vitest';
import { countEdits } from './count-edits.ts';
import { listOneEditSpellings } from './list-one-edit-spellings.ts';

describe('listOneEditSpellings', () => {
  it('lists every spelling one keystroke away, and only those', () => {
    const spellings = listOneEditSpellings('shah');
    expect(spellings).toEqual(expect.arrayContaining(['shah', 'shaw', 'sha', 'shahh', 'hsah', 'shha', 'khah']));
    expect(spellings.every((s) => countEdits(s, 'shah') <= 1)).toBe(true);
    expect(new Set(spellings).size).toBe(spellings.length);
    expect(spellings.length).toBeLessThan(300);
  });
});
