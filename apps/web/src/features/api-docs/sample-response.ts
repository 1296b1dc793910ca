import type { SearchResponse, SearchResult } from '@licensewatch/shared/search-api';

/**
 * One license as the search API returns it, for the static docs. Typed by the contract, so a
 * changed result shape fails the type check here instead of leaving the docs wrong (and a unit
 * test parses it with the response schema).
 */
export const SAMPLE_RESULT: SearchResult = {
  id: '4f0c2a8e-6b1d-4e5a-9c37-2d8f1b6a0e91',
  name: 'PATEL, MAYA R',
  license_number: 'A154872',
  state: 'California',
  status: 'active',
  board_status: 'License Renewed & Current',
  issued_date: '2012-07-18',
  expiry_date: '2027-06-30',
  license_type: 'MD',
  discipline: null,
  source: { board_id: 'ca-md', name: 'Medical Board of California', website: 'https://www.mbc.ca.gov' },
  verified_at: '2026-01-05T06:12:40.000Z',
  match: ['exact'],
  confidence: 1,
};

/** A whole answer around it: nothing the matcher was unsure of, every board reachable. */
export const SAMPLE_RESPONSE: SearchResponse = {
  status: 'success',
  data: [SAMPLE_RESULT],
  possible_matches: [],
  unavailable_sources: [],
};
