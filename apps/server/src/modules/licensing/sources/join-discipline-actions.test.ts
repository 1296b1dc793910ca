import { describe, expect, it } from 'vitest';
import type { SourceRecord } from '../types.ts';
import { collectDisciplineActions, type DisciplineActions, withDisciplineActions } from './join-discipline-actions.ts';

const columns = { datasetId: 'dz6p-akeq', licenseNumber: 'license_id_l', date: 'disp_start', text: 'item_text' };

const record = (licenseNumber: string | null, discipline: string | null): SourceRecord => ({
  jurisdiction: 'DE',
  boardId: 'de-med',
  licenseType: null,
  licenseNumber,
  firstName: 'Ada',
  middleName: null,
  lastName: 'Roe',
  suffix: null,
  rawStatus: 'Active',
  status: 'active',
  issueDate: null,
  expiryDate: null,
  discipline,
});

describe('disciplinary actions joined to licences', () => {
  it('joins each licence its actions by number, oldest first, in place of the bare flag', () => {
    const actions: DisciplineActions = new Map();
    collectDisciplineActions(
      actions,
      [
        { license_id_l: 'c1-0001234 ', disp_start: '2024-06-01T00:00:00.000', item_text: 'Probation, two years' },
        { license_id_l: 'C1-0001234', disp_start: '03/15/2021', item_text: 'Letter of reprimand' },
        { license_id_l: 'C1-0001234', disp_start: 'sometime', item_text: 'Fine' },
        { license_id_l: 'C1-0009999', item_text: '' },
        { item_text: 'An action of no licence' },
      ],
      columns,
      ['iso', 'mm/dd/yyyy'],
    );
    expect(withDisciplineActions(record('C1-0001234', 'Disciplinary action: see the record'), actions).discipline).toBe(
      '2021-03-15: Letter of reprimand; 2024-06-01: Probation, two years; sometime: Fine',
    );
    // No action listed: the licence keeps what its own row said.
    expect(withDisciplineActions(record('C1-0009999', null), actions).discipline).toBeNull();
    expect(withDisciplineActions(record(null, 'Yes'), actions).discipline).toBe('Yes');
  });
});
