import { describe, expect, it } from 'vitest';
import { boardSchema } from './board-config.ts';
import { chooseProbeName } from './choose-probe-name.ts';
import { BOARDS } from './jurisdictions.ts';

const board = (id: string) => {
  const found = BOARDS.find((b) => b.id === id);
  if (!found) throw new Error(`no board ${id}`);
  return boardSchema.parse(found);
};

describe('chooseProbeName', () => {
  it('asks Smith, or Garcia in California, Texas and New Mexico', () => {
    expect(chooseProbeName('NY')).toEqual({ lastName: 'Smith' });
    for (const state of ['CA', 'TX', 'NM'] as const)
      expect(chooseProbeName(state), state).toEqual({ lastName: 'Garcia' });
  });

  it('takes the name a board is configured with, first name included', () => {
    const configured = boardSchema.parse({
      ...board('vt-do'),
      source: { ...board('vt-do').source, probe: { lastName: 'Nguyen', firstName: 'Anh' } },
    });
    const probe = 'probe' in configured.source ? configured.source.probe : undefined;
    expect(chooseProbeName('VT', probe)).toEqual({ lastName: 'Nguyen', firstName: 'Anh' });
  });

  it('refuses a misspelt or empty probe field, as every source option', () => {
    const source = board('vt-do').source;
    expect(boardSchema.safeParse({ ...board('vt-do'), source: { ...source, probe: { lastname: 'X' } } }).success).toBe(
      false,
    );
    expect(boardSchema.safeParse({ ...board('vt-do'), source: { ...source, probe: { lastName: ' ' } } }).success).toBe(
      false,
    );
  });
});
