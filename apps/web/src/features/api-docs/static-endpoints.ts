import { SEARCH_API_ENDPOINTS } from '@licensewatch/shared/search-api-endpoints';
import type { ZodObject } from 'zod';
import { KEY_PLACEHOLDER } from './code-sample';
import { type ApiParam, paramsOf } from './try-it-endpoints';

export type StaticEndpoint = {
  id: string;
  method: string;
  path: string;
  description: string;
  params: ApiParam[];
  /** An example call: the request line with every parameter's example, and the key header. */
  example: string;
};

const { getSearchLicense, getSearchLicenseByState, getSearchLicenseByNumber } = SEARCH_API_ENDPOINTS;

type ContractGet = { method: string; path: string; summary: string; query: ZodObject };

function fromContract(id: string, endpoint: ContractGet): StaticEndpoint {
  const params = paramsOf(endpoint.query);
  const query = new URLSearchParams(params.map((param) => [param.name, param.example]));
  return {
    id,
    method: endpoint.method,
    path: endpoint.path,
    description: `${endpoint.summary}.`,
    params,
    example: `${endpoint.method} ${endpoint.path}?${query}\nAuthorization: Bearer ${KEY_PLACEHOLDER}`,
  };
}

/** The three GET endpoints of the static docs, in the spec's order. */
export const STATIC_ENDPOINTS: StaticEndpoint[] = [
  fromContract('get-search-license', getSearchLicense),
  fromContract('get-search-license-by-state', getSearchLicenseByState),
  fromContract('get-search-license-by-number', getSearchLicenseByNumber),
];
