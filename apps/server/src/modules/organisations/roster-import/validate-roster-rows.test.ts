import { ROSTER_IMPORT_MESSAGES as M } from '@licensewatch/shared/roster-import-messages';
import { STATE_CODES } from '@licensewatch/shared/states';
import { describe, expect, it } from 'vitest';
import { mapRosterHeaders } from './map-roster-headers.ts';
import { validateRosterRows } from './validate-roster-rows.ts';

const check = (headers: string[], ...rows: string[][]) =>
  validateRosterRows({ headers, rows: rows.map((cells, i) => ({ row: i + 2, cells })) }, mapRosterHeaders(headers));

describe('mapRosterHeaders', () => {
  it('reads headers however they are spelled, first one of a column winning, unknown ones ignored', () => {
    const map = mapRosterHeaders([
      'FIRST_NAME',
      'Surname',
      'Degree',
      'Notes',
      'npi number',
      'Dept',
      'Employee ID',
      'Last',
    ]);
    expect(map.index).toEqual({ firstName: 0, lastName: 1, licenseType: 2, npi: 4, department: 5, externalId: 6 });
  });

  it('names the required columns a header row lacks', () => {
    expect(() => mapRosterHeaders(['Name', 'License type'])).toThrow(M.missingColumns(['First name', 'Last name']));
  });
});

describe('validateRosterRows', () => {
  const headers = ['First name', 'Middle name', 'Last name', 'License type', 'NPI', 'States', 'Internal id'];

  it('reads license types, NPIs with spaces, states by name or code, and empty states as all 51', () => {
    const [a, b] = check(
      headers,
      ['Ada', '', 'Okafor', 'M.D.', '1234 5678 93', 'texas, CA; District of Columbia', 'E1'],
      ['Ben', 'Q', 'Walsh', 'do', '', '', ''],
    );
    expect(a?.value).toMatchObject({
      licenseType: 'MD',
      npi: '1234567893',
      states: ['CA', 'TX', 'DC'],
      middleName: null,
    });
    expect(b?.value).toMatchObject({ licenseType: 'DO', npi: null, middleName: 'Q', externalId: null });
    expect(b?.value?.states).toEqual([...STATE_CODES]);
    expect(b?.allStates).toBe(true);
  });

  it('names every bad cell of a row', () => {
    const [row] = check(headers, ['', '', 'X'.repeat(101), 'NP', '123', 'TX;TX;Narnia', '']);
    expect(row?.value).toBeNull();
    expect(row?.errors).toEqual([
      { column: 'firstName', message: M.required('First name') },
      { column: 'lastName', message: M.tooLong('Last name', 100) },
      { column: 'licenseType', message: M.licenseType('NP') },
      { column: 'npi', message: M.npiFormat('123') },
      { column: 'states', message: M.repeatedState('TX') },
      { column: 'states', message: M.unknownState('Narnia') },
    ]);
  });

  it('flags repeats: same internal id (any case), same NPI, same name and type without ids', () => {
    const rows = check(
      headers,
      ['Ada', '', 'Okafor', 'MD', '1234567893', '', 'e1'],
      ['Ann', '', 'Other', 'MD', '', '', 'E1'],
      ['Bo', '', 'Diaz', 'DO', '1234567893', '', 'E3'],
      ['Cy', '', 'Lee', 'MD', '', '', ''],
      ['CY', '', 'LEE', 'MD', '', '', ''],
      ['Cy', '', 'Lee', 'DO', '', '', ''],
    );
    expect(rows.map((r) => r.duplicateOf)).toEqual([null, 2, 2, null, 5, null]);
    expect(rows[1]?.errors).toEqual([{ column: 'externalId', message: M.duplicateId(2) }]);
    expect(rows[2]?.errors).toEqual([{ column: 'npi', message: M.duplicateNpi(2) }]);
  });
});
