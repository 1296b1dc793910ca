import { describe, expect, it } from 'vitest';
import type { Endpoint } from './endpoint.ts';
import { SEARCH_CSV_COLUMNS } from './search-api.ts';
import { SEARCH_API_ENDPOINTS } from './search-api-endpoints.ts';
import { SEARCH_API_EXAMPLES } from './search-api-examples.ts';

describe('the search API examples', () => {
  it('give every search endpoint a request and an answer', () => {
    const searches = Object.values<Endpoint>(SEARCH_API_ENDPOINTS).filter((e) => e.apiKey);
    expect(
      searches.filter((e) => !SEARCH_API_EXAMPLES.get(e)?.request || !SEARCH_API_EXAMPLES.get(e)?.responses),
    ).toEqual([]);
  });

  it("are requests the endpoint's schema takes and answers its schema describes", () => {
    for (const [endpoint, example] of SEARCH_API_EXAMPLES) {
      const input = endpoint.method === 'GET' ? endpoint.query : endpoint.body;
      expect(input?.safeParse(example.request).error, endpoint.path).toBeUndefined();
      expect(
        endpoint.response?.safeParse(example.responses?.['application/json']).error,
        endpoint.path,
      ).toBeUndefined();
    }
  });

  it('answer CSV with the columns of SEARCH_CSV_COLUMNS, one row a license', () => {
    for (const example of SEARCH_API_EXAMPLES.values()) {
      const lines = String(example.responses?.['text/csv']).trimEnd().split('\r\n');
      expect(lines[0]).toBe(SEARCH_CSV_COLUMNS.join(','));
      expect(lines.slice(1).map((line) => line.split(',').length)).toEqual([SEARCH_CSV_COLUMNS.length]);
    }
  });
});
