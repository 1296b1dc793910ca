import { describe, expect, it } from 'vitest';
import { classifyRosaLicence, readLongDate, readRosaRecord, rosaText } from './read-rosa-record.ts';

const f = (value: string) => ({ value, label: 'x' });
const licence = (name: string, extra: Record<string, unknown> = {}) => ({
  name: f(name),
  profession: f('Medicine'),
  professionCode: f('060'),
  licenseNumber: f('012345'),
  status: f('Registered'),
  dateOfLicensure: f('March 1, 2001'),
  registeredThroughDate: f('April 30, 2029'),
  ...extra,
});

describe('readLongDate', () => {
  it("reads 'April 30, 2029' and its abbreviations; leaves other text for the ISO reading to reject", () => {
    expect(readLongDate('April 30, 2029')).toBe('2029-04-30');
    expect(readLongDate('March 1, 2001')).toBe('2001-03-01');
    expect(readLongDate('Sept. 9, 1999')).toBe('1999-09-09');
    expect(readLongDate('Dec 31 2030')).toBe('2030-12-31');
    expect(readLongDate('04/30/2029')).toBe('04/30/2029');
    expect(readLongDate('Ma 1, 2001')).toBe('Ma 1, 2001');
    expect(readLongDate(null)).toBeNull();
    expect(readLongDate(undefined)).toBeUndefined();
  });
});

describe('rosaText and classifyRosaLicence', () => {
  it('unwraps {value, label}, reads a bare value too, and tells empty from absent', () => {
    expect(rosaText(f(' SMITH '))).toBe('SMITH');
    expect(rosaText('060')).toBe('060');
    expect(rosaText(12345)).toBe('12345');
    expect(rosaText(f(''))).toBeNull();
    expect(rosaText(undefined)).toBeUndefined();
    expect(rosaText({ label: 'Name' })).toBeUndefined();
  });

  it('a licence, nothing (null, {}, empty fields), or another shape', () => {
    expect(classifyRosaLicence(licence('SMITH JOHN'))).toBe('licence');
    expect(classifyRosaLicence(null)).toBe('none');
    expect(classifyRosaLicence({})).toBe('none');
    expect(classifyRosaLicence({ licenseNumber: f(''), name: f('') })).toBe('none');
    expect(classifyRosaLicence({ meta: {}, data: [] })).toBe('other');
    expect(classifyRosaLicence([licence('SMITH JOHN')])).toBe('other');
    expect(classifyRosaLicence('Not found')).toBe('other');
  });
});

describe('readRosaRecord', () => {
  it('reads the licence: number, profession code as the type, status, ISO dates', () => {
    expect(readRosaRecord(licence('SMITH JOHN A'), 'Smith')).toEqual({
      lastName: 'SMITH',
      firstName: 'JOHN',
      middleName: 'A',
      suffix: null,
      licenseNumber: '012345',
      licenseType: '060',
      status: 'Registered',
      issueDate: '2001-03-01',
      expiryDate: '2029-04-30',
    });
  });

  it('ends the surname where the one searched for ends, however the board spaces it', () => {
    const split = (name: string, surname?: string) => {
      const { lastName, firstName, middleName, suffix } = readRosaRecord(licence(name), surname);
      return [lastName, firstName, middleName, suffix];
    };
    expect(split('DE LA CRUZ MARIA ELENA', 'De la Cruz')).toEqual(['DE LA CRUZ', 'MARIA', 'ELENA', null]);
    expect(split('DELACRUZ MARIA', 'De la Cruz')).toEqual(['DELACRUZ', 'MARIA', null, null]);
    expect(split('O NEILL SEAN P JR', "O'Neill")).toEqual(['O NEILL', 'SEAN', 'P', 'JR']);
    expect(split('GARCIA-LOPEZ ANA', 'García-López')).toEqual(['GARCIA-LOPEZ', 'ANA', null, null]);
    // A married name the search did not ask: the first word, as with no surname at all.
    expect(split('HOLMES JENNA BERGMAN', 'Wentzel')).toEqual(['HOLMES', 'JENNA', 'BERGMAN', null]);
  });

  it('without a surname (a search by number), particles and a split Mc or O join the next word', () => {
    const split = (name: string) => {
      const { lastName, firstName, middleName } = readRosaRecord(licence(name));
      return [lastName, firstName, middleName];
    };
    expect(split('DU BOIS JEAN LUC')).toEqual(['DU BOIS', 'JEAN', 'LUC']);
    expect(split('DE LA ROSA ANA')).toEqual(['DE LA ROSA', 'ANA', null]);
    expect(split('MC DONALD ROSS')).toEqual(['MC DONALD', 'ROSS', null]);
    expect(split('O BRIEN KATE M')).toEqual(['O BRIEN', 'KATE', 'M']);
    expect(split('NGUYEN VAN MINH')).toEqual(['NGUYEN', 'VAN', 'MINH']);
    // Lê, La, Lo and Du are surnames of their own: joined only when a first and a middle name follow.
    expect(split('LE PAUL JAMES')).toEqual(['LE', 'PAUL', 'JAMES']);
    expect(split('LE BLANC JEAN PAUL')).toEqual(['LE BLANC', 'JEAN', 'PAUL']);
    // Never the whole name as a surname: a first name is kept.
    expect(split('DE LA')).toEqual(['DE', 'LA', null]);
  });
});
