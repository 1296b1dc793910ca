import { describe, expect, it } from 'vitest';
import type { SourceRecord } from '../types.ts';
import { mergeRepeatedRecords } from './merge-repeated-licenses.ts';

const record = (licenseNumber: string | null, discipline: string | null, boardId = 'co-med'): SourceRecord => ({
  jurisdiction: 'CO',
  boardId,
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

describe('a licence repeated once per disciplinary case', () => {
  it('becomes one record, each case once, in the order read; other licences untouched', () => {
    const merged = mergeRepeatedRecords([
      record('DR.0000001', 'Probation'),
      record('DR.0000002', null),
      record('DR.0000001', 'Letter of Admonition'),
      record('DR.0000001', 'Probation'),
      record(null, 'A'),
      record(null, 'B'),
      record('DR.0000002', null, 'wa-md'),
    ]);
    expect(merged.map((r) => [r.boardId, r.licenseNumber, r.discipline])).toEqual([
      ['co-med', 'DR.0000001', 'Probation; Letter of Admonition'],
      ['co-med', 'DR.0000002', null],
      ['co-med', null, 'A'],
      ['co-med', null, 'B'],
      ['wa-md', 'DR.0000002', null],
    ]);
  });
});
