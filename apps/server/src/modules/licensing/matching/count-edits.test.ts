import { describe, expect, it } from 'vitest';
import { countEdits } from './count-edits.ts';

describe('countEdits', () => {
  it.each([
    ['smith', 'smith', 0],
    ['smith', 'smyth', 1],
    ['smith', 'smth', 1],
    ['smith', 'smitth', 1],
    ['smith', 'msith', 1],
    ['schwartzman', 'schwarzman', 1],
    ['hansen', 'hanson', 1],
    ['john', 'jane', 3],
    ['', 'abc', 3],
  ])('%s → %s: %i', (a, b, expected) => {
    expect(countEdits(a, b)).toBe(expected);
  });

  it('stops once the budget is spent', () => {
    expect(countEdits('abcdef', 'uvwxyz', 1)).toBe(2);
    expect(countEdits('a', 'abcdef', 1)).toBe(2);
  });
});
