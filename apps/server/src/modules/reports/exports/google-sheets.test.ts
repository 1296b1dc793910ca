import { describe, expect, it } from 'vitest';
import { spreadsheetIdFromUrl, spreadsheetUrlFor, toSheetValues } from './google-sheets.ts';

describe('spreadsheetIdFromUrl', () => {
  it('reads the id from the link Google returns, with or without a query or fragment', () => {
    const id = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms';
    expect(spreadsheetIdFromUrl(spreadsheetUrlFor(id))).toBe(id);
    expect(spreadsheetIdFromUrl(`https://docs.google.com/spreadsheets/d/${id}/edit?ouid=1#gid=0`)).toBe(id);
  });

  it('is null for no link or a link to something else', () => {
    expect(spreadsheetIdFromUrl(null)).toBeNull();
    expect(spreadsheetIdFromUrl('https://airtable.com/appABCDEFGHIJKLMN')).toBeNull();
  });
});

describe('toSheetValues', () => {
  it('keeps text and numbers as they are and writes empty cells as empty strings', () => {
    expect(toSheetValues([['=1+1', -10, null, '2026-01-31']])).toEqual([['=1+1', -10, '', '2026-01-31']]);
  });
});
