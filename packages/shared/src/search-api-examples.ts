import type { Endpoint, EndpointExample } from './endpoint.ts';
import { SEARCH_CSV_COLUMNS, type SearchResponse, searchCsvRows } from './search-api.ts';
import { SEARCH_API_ENDPOINTS as E } from './search-api-endpoints.ts';

// Examples of the search API for its document (GET /api/openapi.json): one physician, one license.
// Typed by the contract, and parsed by its schemas in search-api-examples.test.ts, so they cannot
// drift from what the server takes and answers.

const LICENSE = {
  id: '6f1c2a9e-3b7d-4c55-9a0e-2d8f4b1e7c31',
  name: 'Maya R Patel',
  license_number: 'MD60412345',
  state: 'Washington',
  status: 'active',
  board_status: 'Active',
  issued_date: '2014-07-01',
  expiry_date: '2027-03-31',
  license_type: 'MD',
  discipline: null,
  source: {
    board_id: 'wa-md',
    name: 'Washington Medical Commission',
    website: 'https://wmc.wa.gov',
    method: 'bulk',
    lookup_url: 'https://fortress.wa.gov/doh/providercredentialsearch/',
  },
  verified_at: '2026-11-26T04:12:09.000Z',
  match: ['exact'],
  confidence: 1,
} satisfies SearchResponse['data'][number];

const byName: SearchResponse = {
  status: 'success',
  exclusions: {
    status: 'not_excluded',
    sources: [
      { name: 'LEIE', state: 'checked', checked_at: '2026-11-22T05:00:41.000Z' },
      { name: 'SAM', state: 'never', checked_at: null },
    ],
    matches: [],
  },
  data: [LICENSE],
  possible_matches: [],
  unavailable_sources: [],
};
const byNumber: SearchResponse = { ...byName, data: [{ ...LICENSE, match: ['license-number'] }] };

/** The same answer as text/csv (`format=csv` or `Accept: text/csv`): one row a license. */
function csv(response: SearchResponse): string {
  const rows = searchCsvRows(response).map((cells) => cells.map((cell) => cell ?? '').join(','));
  return `${[SEARCH_CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

const answers = (response: SearchResponse) => ({ 'application/json': response, 'text/csv': csv(response) });

const name = { First_Name: 'Maya', Middle_Name: 'R', Last_Name: 'Patel', License_Type: 'MD' };

export const SEARCH_API_EXAMPLES: ReadonlyMap<Endpoint, EndpointExample> = new Map<Endpoint, EndpointExample>([
  [E.searchLicense, { request: name, responses: answers(byName) }],
  [E.searchLicenseByState, { request: { ...name, State: 'Washington' }, responses: answers(byName) }],
  [
    E.searchLicenseByNumber,
    { request: { License_Number: 'MD60412345', State: 'Washington' }, responses: answers(byNumber) },
  ],
  [
    E.betaSearchLicenseByState,
    {
      request: {
        state_name: 'Washington',
        first_name: 'Maya',
        middle_name: 'R',
        last_name: 'Patel',
        license_type: 'MD',
      },
      responses: answers(byName),
    },
  ],
  [E.getSearchLicense, { request: { name: 'Maya R Patel', license_type: 'MD' }, responses: answers(byName) }],
  [E.getSearchLicenseByState, { request: { state: 'Washington', name: 'Maya R Patel' }, responses: answers(byName) }],
  [
    E.getSearchLicenseByNumber,
    { request: { license_number: 'MD60412345', state: 'Washington' }, responses: answers(byNumber) },
  ],
]);
