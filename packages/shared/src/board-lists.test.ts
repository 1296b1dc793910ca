import { describe, expect, it } from 'vitest';
import { loadBoardListSchema, suggestColumn } from './board-lists.ts';

describe('board lists', () => {
  it('suggests the column a header names, whatever its case and punctuation', () => {
    const headers = ['License #', 'LAST_NAME', 'First-Name', 'Lic Status', 'Expiration Date'];
    expect(suggestColumn('last_name', headers)).toBe('LAST_NAME');
    expect(suggestColumn('first_name', headers)).toBe('First-Name');
    expect(suggestColumn('status', headers)).toBe('Lic Status');
    expect(suggestColumn('expiry_date', headers)).toBe('Expiration Date');
    expect(suggestColumn('middle_name', headers)).toBeUndefined();
  });

  it('asks for the names and the status a list must have', () => {
    const base = {
      board_id: 'ms-med',
      file_name: 'a.csv',
      content: 'YQ==',
      delimiter: 'comma',
      license_type: 'either',
      date_format: 'iso',
    };
    const messages = (columns: Record<string, string>) =>
      loadBoardListSchema.safeParse({ ...base, columns }).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ license_number: 'N' })).toEqual([
      'Map the last and first name, or the whole-name column',
      'Map the status column',
    ]);
    expect(messages({ license_number: 'N', name: 'Name', status: 'S' })).toEqual([]);
  });

  it('reads a file as its board publishes it with nothing mapped, and asks a mapped list for what it lacks', () => {
    const file = { board_id: 'oh-med', file_name: 'ohio.csv', content: 'YQ==' };
    expect(loadBoardListSchema.safeParse({ ...file, layout: 'published' }).success).toBe(true);
    const mapped = loadBoardListSchema.safeParse(file);
    expect(mapped.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'delimiter: Choose how the columns are separated',
      'license_type: Choose what the list licenses',
      'date_format: Choose how dates are written',
      'columns.license_number: Map the license number column',
    ]);
  });
});
