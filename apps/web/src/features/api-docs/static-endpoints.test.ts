import { searchResponseSchema } from '@licensewatch/shared/search-api';
import { SEARCH_API_ENDPOINTS } from '@licensewatch/shared/search-api-endpoints';
import { describe, expect, it } from 'vitest';
import { STATIC_ENDPOINTS } from './static-endpoints';

describe('the static docs', () => {
  it("list the contract's three GET endpoints with their query parameters", () => {
    const { getSearchLicense, getSearchLicenseByState, getSearchLicenseByNumber } = SEARCH_API_ENDPOINTS;
    expect(STATIC_ENDPOINTS.map((e) => [e.method, e.path, e.params.map((p) => p.name)])).toEqual([
      ['GET', getSearchLicense.path, ['name', 'state', 'license_type']],
      ['GET', getSearchLicenseByState.path, ['state', 'name', 'license_type']],
      ['GET', getSearchLicenseByNumber.path, ['license_number', 'state']],
    ]);
  });

  it("show the contract's example call with the key header", () => {
    expect(STATIC_ENDPOINTS[2]?.example).toBe(
      'GET /api/v1/search-license-by-number?license_number=MD60412345&state=Washington\nAuthorization: Bearer YOUR_API_KEY',
    );
  });

  it("show the contract's example answer, which the response schema accepts", () => {
    for (const endpoint of STATIC_ENDPOINTS) {
      const sample = searchResponseSchema.parse(endpoint.sampleResponse);
      expect(sample.data).toHaveLength(1);
    }
  });
});
