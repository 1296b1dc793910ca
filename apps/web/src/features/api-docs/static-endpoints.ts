import type { Endpoint } from '@licensewatch/shared/endpoint';
import { SEARCH_API_ENDPOINTS } from '@licensewatch/shared/search-api-endpoints';
import { SEARCH_API_EXAMPLES } from '@licensewatch/shared/search-api-examples';
import type { ZodObject } from 'zod';
import { KEY_PLACEHOLDER } from './code-sample';
import { type ApiParam, exampleRequestOf, paramsOf } from './try-it-endpoints';

export type StaticEndpoint = {
  id: string;
  method: string;
  path: string;
  description: string;
  params: ApiParam[];
  /** An example call: the request line with the contract's example query, and the key header. */
  example: string;
  /** The contract's example answer (JSON). */
  sampleResponse: unknown;
};

const { getSearchLicense, getSearchLicenseByState, getSearchLicenseByNumber } = SEARCH_API_ENDPOINTS;

type ContractGet = Endpoint & { summary: string; query: ZodObject };

function fromContract(id: string, endpoint: ContractGet): StaticEndpoint {
  const exampleRequest = exampleRequestOf(endpoint);
  const query = new URLSearchParams(Object.entries(exampleRequest).map(([name, value]) => [name, String(value)]));
  return {
    id,
    method: endpoint.method,
    path: endpoint.path,
    description: `${endpoint.summary}.`,
    params: paramsOf(endpoint.query, exampleRequest),
    example: `${endpoint.method} ${endpoint.path}?${query}\nAuthorization: Bearer ${KEY_PLACEHOLDER}`,
    sampleResponse: SEARCH_API_EXAMPLES.get(endpoint)?.responses?.['application/json'],
  };
}

/** The three GET endpoints of the static docs, in the documented order (docs/product-rules.md, API docs). */
export const STATIC_ENDPOINTS: StaticEndpoint[] = [
  fromContract('get-search-license', getSearchLicense),
  fromContract('get-search-license-by-state', getSearchLicenseByState),
  fromContract('get-search-license-by-number', getSearchLicenseByNumber),
];
