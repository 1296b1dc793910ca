import { searchResponseSchema } from '@licensewatch/shared/search-api';
import { SEARCH_API_ENDPOINTS } from '@licensewatch/shared/search-api-endpoints';
import { describe, expect, it } from 'vitest';
import { SAMPLE_RESPONSE } from './sample-response';
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

  it('show an example call with every parameter and the key header', () => {
    expect(STATIC_ENDPOINTS[2]?.example).toBe(
      'GET /api/v1/search-license-by-number?license_number=A154872&state=California\nAuthorization: Bearer YOUR_API_KEY',
    );
  });

  it('show a sample answer the response schema accepts', () => {
    expect(searchResponseSchema.parse(SAMPLE_RESPONSE)).toEqual(SAMPLE_RESPONSE);
    expect(SAMPLE_RESPONSE.data).toHaveLength(1);
  });
});
