import { describe, expect, it } from 'vitest';
import type { SourceRecord } from '../types.ts';
import { checkProbeRecords } from './check-probe-records.ts';

const record = (patch: Partial<SourceRecord> = {}): SourceRecord => ({
  jurisdiction: 'NY',
  boardId: 'ny-med',
  licenseType: 'MD',
  licenseNumber: '123456',
  firstName: 'Ann',
  middleName: null,
  lastName: 'Smith',
  suffix: null,
  rawStatus: 'Active',
  status: 'active',
  issueDate: '2001-07-01',
  expiryDate: '2027-01-31',
  discipline: null,
  ...patch,
});
const MED = { licenseTypes: ['MD', 'DO'] as const };
const MD = { licenseTypes: ['MD'] as const };

describe('checkProbeRecords', () => {
  it('passes rows whose every field reads', () => {
    expect(checkProbeRecords(MED, [record(), record({ licenseNumber: '2' })], [])).toEqual({
      rows: 2,
      failures: [],
      gaps: [],
    });
  });

  it('fails a field missing on more than half of the rows, saying how many', () => {
    const rows = Array.from({ length: 20 }, (_, i) => record({ expiryDate: i < 17 ? null : '2027-01-31' }));
    expect(checkProbeRecords(MED, rows, []).failures).toEqual(['17 of 20 rows have no expiry date']);
  });

  it('lists a board’s own gaps on fewer rows without failing them', () => {
    const rows = Array.from({ length: 20 }, (_, i) =>
      record({ expiryDate: i < 3 ? null : '2027-01-31', licenseNumber: i === 0 ? null : String(i) }),
    );
    expect(checkProbeRecords(MED, rows, [])).toEqual({
      rows: 20,
      failures: [],
      gaps: ['1 of 20 rows has no license number', '3 of 20 rows have no expiry date'],
    });
  });

  it('checks number, name, type, status and expiry on each row', () => {
    const broken = record({
      licenseNumber: null,
      firstName: ' ',
      licenseType: null,
      rawStatus: null,
      status: 'unknown',
      expiryDate: null,
    });
    expect(checkProbeRecords(MD, [broken], []).failures).toEqual([
      '1 of 1 row has no license number',
      '1 of 1 row has no name',
      '1 of 1 row has no license type',
      '1 of 1 row has no status',
      '1 of 1 row has no expiry date',
    ]);
    // A board licensing both may leave the type unsaid by configuration.
    expect(checkProbeRecords(MED, [record({ licenseType: null })], []).failures).toEqual([]);
    expect(checkProbeRecords(MED, [record({ rawStatus: 'Pending Review', status: 'unknown' })], []).failures).toEqual([
      "1 of 1 row has a status no vocabulary knows (e.g. 'Pending Review')",
    ]);
  });

  it('counts rows the source could not read, by reason, with an example', () => {
    const check = checkProbeRecords(
      MED,
      [record()],
      ["invalid expiry date '31/12/2027'", "invalid expiry date '30/06/2026'", 'missing last name'],
    );
    expect(check).toEqual({
      rows: 4,
      failures: [],
      gaps: [
        "2 of 4 rows could not be read: invalid expiry date (e.g. '31/12/2027')",
        '1 of 4 rows could not be read: missing last name',
      ],
    });
    expect(checkProbeRecords(MED, [], ["invalid expiry date '2027-13-01'"]).failures).toEqual([
      "1 of 1 row could not be read: invalid expiry date (e.g. '2027-13-01')",
    ]);
  });
});
