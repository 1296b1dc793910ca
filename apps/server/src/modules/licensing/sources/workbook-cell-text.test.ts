import { describe, expect, it } from 'vitest';
import { workbookCellText } from './workbook-cell-text.ts';

describe('workbookCellText', () => {
  it('writes a date cell in the given form, its time of day dropped', () => {
    const evening = new Date(Date.UTC(2027, 5, 30, 23, 59));
    expect(workbookCellText(evening, 'iso', false)).toBe('2027-06-30');
    expect(workbookCellText(evening, 'mm/dd/yyyy', false)).toBe('06/30/2027');
    expect(workbookCellText(evening, 'yyyymmdd', true)).toBe('20270630');
    expect(workbookCellText(new Date(Number.NaN), 'iso', true)).toBe('');
  });

  it("reads a number as Excel's day count in a date column only", () => {
    expect(workbookCellText(46568, 'iso', true)).toBe('2027-06-30');
    expect(workbookCellText(46568.75, 'mm/dd/yyyy', true)).toBe('06/30/2027');
    expect(workbookCellText(46568, 'iso', false)).toBe('46568');
    // Beyond 9999-12-31 a number is no date: left for the date reading to refuse.
    expect(workbookCellText(20270630, 'yyyymmdd', true)).toBe('20270630');
  });

  it('takes the text of rich text, hyperlinks and formulas, and shows errors and booleans as Excel does', () => {
    expect(workbookCellText({ richText: [{ text: 'Mc' }, { text: 'Donald' }] }, 'iso', false)).toBe('McDonald');
    expect(workbookCellText({ text: 'Lee', hyperlink: 'mailto:lee@example.org' }, 'iso', false)).toBe('Lee');
    expect(workbookCellText({ formula: 'A1+1', result: 46568 }, 'iso', true)).toBe('2027-06-30');
    expect(workbookCellText({ formula: 'TRIM(B2)', result: 'Ann' }, 'iso', false)).toBe('Ann');
    expect(workbookCellText({ error: '#N/A' }, 'iso', true)).toBe('#N/A');
    expect(workbookCellText(true, 'iso', false)).toBe('TRUE');
    expect(workbookCellText(null, 'iso', false)).toBe('');
    expect(workbookCellText(' 23456 ', 'iso', false)).toBe(' 23456 ');
  });
});
