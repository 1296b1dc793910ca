import { SEARCH_API_ENDPOINTS } from '@licensewatch/shared/search-api-endpoints';
import { describe, expect, it } from 'vitest';
import { TRY_IT_ENDPOINTS } from './try-it-endpoints';

const required = (id: string) =>
  TRY_IT_ENDPOINTS.find((e) => e.id === id)
    ?.params.filter((p) => p.required)
    .map((p) => p.name);

describe('the try-it endpoints', () => {
  it("are the contract's four POST endpoints, three form-encoded and the JSON beta", () => {
    const { searchLicense, searchLicenseByState, searchLicenseByNumber, betaSearchLicenseByState } =
      SEARCH_API_ENDPOINTS;
    expect(TRY_IT_ENDPOINTS.map((e) => [e.method, e.path, e.encoding])).toEqual([
      ['POST', searchLicense.path, 'form'],
      ['POST', searchLicenseByState.path, 'form'],
      ['POST', searchLicenseByNumber.path, 'form'],
      ['POST', betaSearchLicenseByState.path, 'json'],
    ]);
  });

  it('flag as required what the API docs require (docs/product-rules.md, API docs)', () => {
    expect(required('search-license')).toEqual(['First_Name', 'Last_Name', 'License_Type']);
    expect(required('search-license-by-state')).toEqual(['First_Name', 'Last_Name', 'License_Type', 'State']);
    expect(required('search-license-by-number')).toEqual(['License_Number', 'State']);
    expect(required('search-license-by-state-beta')).toEqual(['state_name', 'first_name', 'last_name', 'license_type']);
    const middleNames = TRY_IT_ENDPOINTS.flatMap((e) => e.params).filter((p) => /^middle_name$/i.test(p.name));
    expect(middleNames.map((p) => p.required)).toEqual([false, false, false]);
  });

  it('offer the 51 states and MD or DO as selects', () => {
    const params = TRY_IT_ENDPOINTS.flatMap((e) => e.params);
    for (const state of params.filter((p) => /^state(_name)?$/i.test(p.name))) {
      expect(state.options).toHaveLength(51);
      expect(state.options).toContain('Washington, DC');
    }
    for (const type of params.filter((p) => /^license_type$/i.test(p.name))) {
      expect(type.options).toEqual(['MD', 'DO']);
    }
  });

  it("take their examples from the contract's example requests", () => {
    const examples = Object.fromEntries(
      TRY_IT_ENDPOINTS.flatMap((e) => e.params.map((p) => [`${e.id} ${p.name}`, p.example])),
    );
    expect(examples).toMatchObject({
      'search-license First_Name': 'Maya',
      'search-license Middle_Name': 'R',
      'search-license-by-number License_Number': 'MD60412345',
      'search-license-by-state-beta state_name': 'Washington',
    });
  });

  it('document every parameter with a description and an example', () => {
    for (const param of TRY_IT_ENDPOINTS.flatMap((e) => e.params)) {
      expect(param.description, param.name).not.toBe('');
      expect(param.example, param.name).not.toBe('');
    }
  });
});
