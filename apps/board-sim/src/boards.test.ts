import { STATE_CODES } from '@licensewatch/shared/states';
import { describe, expect, it } from 'vitest';
import { boardFor, SEPARATE_DO_STATES, SIM_BOARDS, simBoard } from './boards.ts';

describe('SIM_BOARDS', () => {
  it('gives every jurisdiction one med board or an md + do pair, ids per the contract rule', () => {
    for (const code of STATE_CODES) {
      const boards = SIM_BOARDS.filter((b) => b.jurisdiction === code);
      const ids = boards.map((b) => b.boardId).sort();
      const prefix = code.toLowerCase();
      expect(ids).toEqual(SEPARATE_DO_STATES.has(code) ? [`${prefix}-do`, `${prefix}-md`] : [`${prefix}-med`]);
      // Exactly one board licenses each type.
      for (const type of ['MD', 'DO'] as const)
        expect(boards.filter((b) => b.licenseTypes.includes(type))).toHaveLength(1);
    }
    expect(new Set(SIM_BOARDS.map((b) => b.boardId)).size).toBe(SIM_BOARDS.length);
    expect(SIM_BOARDS.length).toBe(51 + SEPARATE_DO_STATES.size);
  });

  it('has separate osteopathic boards where states really have them', () => {
    for (const code of ['AZ', 'CA', 'FL', 'ME', 'MI', 'NV', 'OK', 'PA', 'TN', 'UT', 'VT', 'WA', 'WV'] as const) {
      expect(simBoard(`${code.toLowerCase()}-do`)?.licenseTypes).toEqual(['DO']);
    }
    expect(simBoard('tx-med')?.licenseTypes).toEqual(['MD', 'DO']);
  });

  it('uses the contract’s source style per jurisdiction', () => {
    const styleOf = (id: string) => simBoard(id)?.style;
    for (const id of ['wa-md', 'wa-do', 'co-med']) expect(styleOf(id)).toBe('socrata');
    for (const id of ['fl-md', 'fl-do', 'mo-med', 'ca-md', 'ca-do']) expect(styleOf(id)).toBe('delimited-file');
    const others = SIM_BOARDS.filter((b) => !['WA', 'CO', 'FL', 'MO', 'CA'].includes(b.jurisdiction));
    expect(others.every((b) => b.style === 'html-lookup')).toBe(true);
    expect(new Set(SIM_BOARDS.map((b) => b.style))).toEqual(new Set(['socrata', 'delimited-file', 'html-lookup']));
  });

  it('finds the board for a jurisdiction and license type', () => {
    expect(boardFor('PA', 'DO').boardId).toBe('pa-do');
    expect(boardFor('PA', 'MD').boardId).toBe('pa-md');
    expect(boardFor('NY', 'DO').boardId).toBe('ny-med');
    expect(boardFor('DC', 'MD').boardId).toBe('dc-med');
  });
});
