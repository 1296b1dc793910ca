import { describe, expect, it } from 'vitest';
import { readListHeader, splitLine } from './read-list-header';

describe('readListHeader', () => {
  it('finds the separator and a header below a title line', () => {
    expect(
      readListHeader('Maryland physicians\r\nLicense #,Last Name,First Name,License Status\r\nD1,ROE,JANE,A\r\n'),
    ).toEqual({
      delimiter: 'comma',
      columns: ['License #', 'Last Name', 'First Name', 'License Status'],
      startsWith: 'License #',
    });
    expect(
      readListHeader('lic_number\tprc_last_name\tprc_first_name\tlst_description\n1\tROE\tJANE\tActive'),
    ).toMatchObject({
      delimiter: 'tab',
      startsWith: undefined,
    });
    expect(readListHeader('License-Number|Last-Name|First-Name|Status|\nME1|ROE|JANE|Clear|')).toMatchObject({
      delimiter: 'pipe',
      columns: ['License-Number', 'Last-Name', 'First-Name', 'Status'],
    });
  });

  it('says nothing for a file that has no header of three columns', () => {
    expect(readListHeader('just one line of prose')).toBeNull();
    expect(readListHeader('')).toBeNull();
  });

  it('keeps quoted separators inside a cell', () => {
    expect(splitLine('"Smith, Jr",John,"say ""hi"""', ',')).toEqual(['Smith, Jr', 'John', 'say "hi"']);
  });
});
