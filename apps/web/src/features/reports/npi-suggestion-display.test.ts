import type { NpiSuggestion } from '@licensewatch/shared/exclusions';
import { describe, expect, it } from 'vitest';
import { npiSuggestionName, npiSuggestionText } from './npi-suggestion-display';

const suggestion = (overrides: Partial<NpiSuggestion> = {}): NpiSuggestion => ({
  npi: '1234567893',
  first_name: 'Vincent',
  middle_name: 'R',
  last_name: 'Lim',
  license_type: 'MD',
  states: ['CO', 'TX'],
  states_in_report: 1,
  ...overrides,
});

describe('npiSuggestionText', () => {
  it('writes the name, license type, NPI and listed states', () => {
    expect(npiSuggestionText(suggestion())).toBe('Vincent R Lim · MD · NPI 1234567893 · CO, TX');
  });

  it('leaves out a missing middle name', () => {
    expect(npiSuggestionName(suggestion({ middle_name: null }))).toBe('Vincent Lim');
    expect(npiSuggestionText(suggestion({ middle_name: null, license_type: 'DO' }))).toBe(
      'Vincent Lim · DO · NPI 1234567893 · CO, TX',
    );
  });

  it('says so when NPPES lists no state', () => {
    expect(npiSuggestionText(suggestion({ states: [] }))).toBe(
      'Vincent R Lim · MD · NPI 1234567893 · no states listed',
    );
  });
});
