import { describe, expect, it } from 'vitest';
import { parseLeieRow } from './parse-leie-row.ts';

// LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE
const row = (over: Partial<Record<number, string>> = {}) => {
  const fields = [
    "O'BRIEN",
    'JOSÉ',
    'A',
    '',
    'IND- LIC HC SERV PRO',
    'INTERNAL MEDICINE',
    '',
    '1234567893',
    '19650704',
    '1 MAIN ST',
    'AUSTIN',
    'tx',
    '78701',
    '1128b4',
    '20240315',
    '00000000',
    '00000000',
    '',
  ];
  for (const [i, v] of Object.entries(over)) fields[Number(i)] = v as string;
  return fields;
};

describe('parseLeieRow', () => {
  it('reads an entry: ISO dates, 00000000 and 0000000000 as absent, names normalised as the registry does', () => {
    const parsed = parseLeieRow(row());
    expect(parsed).toEqual({
      entry: expect.objectContaining({
        lastName: "O'BRIEN",
        firstName: 'JOSÉ',
        npi: '1234567893',
        dob: '1965-07-04',
        state: 'TX',
        exclType: '1128b4',
        exclDate: '2024-03-15',
        reinDate: null,
        waiverDate: null,
        firstNorm: 'jose',
        middleNorm: 'a',
        lastNorm: 'obrien',
      }),
    });
    expect(parseLeieRow(row({ 7: '0000000000' }))).toMatchObject({ entry: { npi: null } });
    expect(parseLeieRow(row({ 15: '20250101' }))).toMatchObject({ entry: { reinDate: '2025-01-01' } });
  });

  it('gives an entry one key whatever its address or NPI, so a reinstatement meets the listed row', () => {
    const key = (fields: string[]) =>
      'entry' in parseLeieRow(fields) ? (parseLeieRow(fields) as { entry: { entryKey: string } }).entry.entryKey : null;
    expect(key(row({ 9: '2 OTHER RD', 7: '0000000000', 15: '20250101' }))).toBe(key(row()));
    expect(key(row({ 14: '20240316' }))).not.toBe(key(row()));
  });

  it.each([
    [{ 14: '2023-13-45' }, "EXCLDATE '2023-13-45' is not a date (YYYYMMDD)"],
    [{ 14: '20230231' }, "EXCLDATE '20230231' is not a date (YYYYMMDD)"],
    [{ 8: '1965' }, "DOB '1965' is not a date (YYYYMMDD)"],
    [{ 7: '12345' }, "NPI '12345' is not ten digits"],
    [{ 13: '' }, 'EXCLTYPE is empty'],
    [{ 0: '', 3: '' }, 'neither LASTNAME nor BUSNAME is given'],
  ])('rejects %j: %s', (over, reason) => {
    expect(parseLeieRow(row(over))).toEqual({ reason });
  });

  it('rejects a row with a column missing or extra', () => {
    expect(parseLeieRow(row().slice(1))).toEqual({ reason: 'expected 18 columns, found 17' });
    expect(parseLeieRow([...row(), 'x'])).toEqual({ reason: 'expected 18 columns, found 19' });
  });

  it('names an exclusion type it does not know, for the run to fail on', () => {
    expect(parseLeieRow(row({ 13: '9999z' }))).toEqual({ unknownType: '9999z' });
    expect(parseLeieRow(row({ 13: '1128Aa' }))).toMatchObject({ entry: { exclType: '1128Aa' } });
    expect(parseLeieRow(row({ 13: 'BRCH  SA' }))).toMatchObject({ entry: { exclType: 'BRCH  SA' } });
  });
});
