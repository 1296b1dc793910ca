import { describe, expect, it } from 'vitest';
import { listReadColumns, type RowReading, rowFieldReader } from './read-row-fields.ts';
import { mapRow, recordMapping } from './record-fields.ts';

const READING: RowReading = {
  blankValues: [],
  statusPassWords: [],
  disciplineWords: {},
  firstNameHoldsMiddle: false,
  nameOrder: 'last-first',
};

const row = (cells: Record<string, string>) => (column: string) => cells[column];

describe('rowFieldReader', () => {
  it('reads placeholders as empty in any column (Illinois writes None and / /)', () => {
    const read = rowFieldReader(
      { licenseNumber: 'no', lastName: 'last', firstName: 'first', middleName: 'middle', expiryDate: 'exp' },
      { ...READING, blankValues: ['None', '/ /'] },
    );
    expect(read(row({ no: '036123456', last: 'LEE', first: 'ANN', middle: 'None', exp: '/ /' }))).toMatchObject({
      licenseNumber: '036123456',
      middleName: null,
      expiryDate: null,
    });
  });

  it('lets the first status that says something decide, and keeps every word the board wrote', () => {
    const read = rowFieldReader(
      { licenseNumber: 'no', lastName: 'l', firstName: 'f', status: ['license_status', 'registration_status'] },
      { ...READING, statusPassWords: ['NONE'] },
    );
    expect(read(row({ no: '1', l: 'A', f: 'B', license_status: 'NONE', registration_status: 'Active' }))).toMatchObject(
      {
        status: 'Active / NONE',
        statusWord: 'Active',
      },
    );
    expect(
      read(row({ no: '1', l: 'A', f: 'B', license_status: 'REVOKED', registration_status: 'Active' })),
    ).toMatchObject({ status: 'REVOKED / Active', statusWord: 'REVOKED' });
    expect(read(row({ no: '1', l: 'A', f: 'B', license_status: '', registration_status: 'Active' }))).toMatchObject({
      status: 'Active',
      statusWord: 'Active',
    });
  });

  it('reads every row of a list without a status column as the status it implies', () => {
    const read = rowFieldReader(
      { licenseNumber: 'no', lastName: 'l', firstName: 'f' },
      { ...READING, impliedStatus: 'Active' },
    );
    expect(read(row({ no: '31652', l: 'Burch-Smith', f: 'Rhonda' }))).toMatchObject({ status: 'Active' });
  });

  it('turns discipline flags into words and drops the ones that mean none', () => {
    const read = rowFieldReader(
      { licenseNumber: 'no', lastName: 'l', firstName: 'f', discipline: ['flag', 'action'] },
      { ...READING, blankValues: ['None'], disciplineWords: { Y: 'Disciplined by the board', N: null } },
    );
    expect(read(row({ no: '1', l: 'A', f: 'B', flag: 'N', action: 'None' })).discipline).toBeNull();
    expect(read(row({ no: '1', l: 'A', f: 'B', flag: 'Y', action: 'REPRIMAND' })).discipline).toBe(
      'Disciplined by the board; REPRIMAND',
    );
  });

  it('splits one name column written last name first, or first name first', () => {
    const lastFirst = rowFieldReader({ licenseNumber: 'no', name: 'LICENSEE_NAME' }, READING);
    expect(lastFirst(row({ no: '35.1', LICENSEE_NAME: 'SIZEMORE, JOHN ALAN' }))).toMatchObject({
      lastName: 'SIZEMORE',
      firstName: 'JOHN',
      middleName: 'ALAN',
    });
    expect(lastFirst(row({ no: '35.1', LICENSEE_NAME: 'SIZEMORE , JOHN' }))).toMatchObject({
      lastName: 'SIZEMORE',
      firstName: 'JOHN',
    });
    const firstLast = rowFieldReader({ licenseNumber: 'no', name: 'name' }, { ...READING, nameOrder: 'first-last' });
    expect(firstLast(row({ no: '1', name: 'ROBERT J MCMAHON JR' }))).toMatchObject({
      firstName: 'ROBERT',
      middleName: 'J',
      lastName: 'MCMAHON',
      suffix: 'JR',
    });
  });

  it('takes a middle initial out of a first-name cell only when no middle name is given', () => {
    const read = rowFieldReader(
      { licenseNumber: 'no', lastName: 'l', firstName: 'f', middleName: 'm' },
      { ...READING, firstNameHoldsMiddle: true },
    );
    expect(read(row({ no: '1', l: 'LOVELACE', f: 'ADA M' }))).toMatchObject({ firstName: 'ADA', middleName: 'M' });
    expect(read(row({ no: '1', l: 'LOVELACE', f: 'MARY ANN', m: 'K' }))).toMatchObject({
      firstName: 'MARY ANN',
      middleName: 'K',
    });
  });

  it('rewrites numbers and gives a bare number the prefix another column holds', () => {
    const wa = rowFieldReader(
      { licenseNumber: 'credentialnumber', lastName: 'l', firstName: 'f' },
      { ...READING, licenseNumberRewrite: { pattern: '^[A-Z]+\\.([A-Z]+)\\.', replacement: '$1' } },
    );
    expect(wa(row({ credentialnumber: 'MD.MD.60441019', l: 'A', f: 'B' })).licenseNumber).toBe('MD60441019');
    expect(wa(row({ credentialnumber: 'DO.OP.60817760-IMLC', l: 'A', f: 'B' })).licenseNumber).toBe('OP60817760-IMLC');
    const co = rowFieldReader(
      { licenseNumber: 'licensenumber', lastName: 'l', firstName: 'f' },
      { ...READING, licenseNumberPrefix: { column: 'licensetype', separator: '.', padDigits: 7 } },
    );
    expect(co(row({ licensenumber: '35255', licensetype: 'DR', l: 'A', f: 'B' })).licenseNumber).toBe('DR.0035255');
    // A number already printed whole keeps its form.
    expect(co(row({ licensenumber: 'DR.0035255', licensetype: 'DR', l: 'A', f: 'B' })).licenseNumber).toBe(
      'DR.0035255',
    );
  });

  it('lists every column a reading needs, for a file header check', () => {
    expect(
      listReadColumns(
        { licenseNumber: 'N', name: 'NAME', status: ['S1', 'S2'], discipline: 'D' },
        { licenseNumberPrefix: { column: 'P', separator: '' } },
      ).sort(),
    ).toEqual(['D', 'N', 'NAME', 'P', 'S1', 'S2']);
  });
});

describe('mapRow with boards that do not say MD or DO', () => {
  const board = { id: 'oh-med', jurisdiction: 'OH' as const, licenseTypes: ['MD', 'DO'] as const };
  const mapping = recordMapping(board, {
    licenseTypes: { 'Physician/Surgeon': 'either' },
    licenseTypeByNumber: [
      { pattern: '^34\\.', type: 'DO' },
      { pattern: '^35\\.', type: 'MD' },
    ],
    unknownLicenseType: 'skip',
    statuses: {},
    dateFormat: ['iso', 'mm/dd/yyyy'],
  });
  const raw = (licenseNumber: string, expiryDate: string) => ({
    licenseNumber,
    lastName: 'DOE',
    firstName: 'JANE',
    licenseType: 'Physician/Surgeon',
    status: 'Active',
    expiryDate,
  });

  it('stores no type, unless the number says it', () => {
    expect(mapRow(raw('12345', '2027-06-30T00:00:00.000'), mapping)).toMatchObject({
      record: { licenseType: null, expiryDate: '2027-06-30' },
    });
    expect(mapRow(raw('34.013120', '06/30/2027'), mapping)).toMatchObject({
      record: { licenseType: 'DO', expiryDate: '2027-06-30' },
    });
    expect(mapRow(raw('35.153964', '20270630'), mapping)).toMatchObject({ reason: "invalid expiry date '20270630'" });
  });

  it('types a row by its number alone when the list names no type, and skips one whose number says no physician', () => {
    const byNumberOnly = recordMapping(board, {
      licenseTypes: {},
      licenseTypeByNumber: [{ pattern: '^35\\.', type: 'MD' }],
      unknownLicenseType: 'skip',
      statuses: {},
      dateFormat: 'iso',
    });
    const row = { licenseNumber: '35.153964', lastName: 'DOE', firstName: 'JANE', status: 'Active' };
    expect(mapRow(row, byNumberOnly)).toMatchObject({ record: { licenseType: 'MD' } });
    expect(mapRow({ ...row, licenseNumber: 'PA.123' }, byNumberOnly)).toEqual({ skip: true, typeText: null });
  });

  it('normalises a status from the deciding word and keeps the board’s words', () => {
    expect(mapRow({ ...raw('1', ''), status: 'Revoked / Active', statusWord: 'Revoked' }, mapping)).toMatchObject({
      record: { status: 'revoked', rawStatus: 'Revoked / Active' },
    });
  });
});
