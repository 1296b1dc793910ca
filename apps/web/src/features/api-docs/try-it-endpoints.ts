import type { Endpoint } from '@licensewatch/shared/endpoint';
import { LICENSE_TYPES } from '@licensewatch/shared/licenses';
import { SEARCH_API_ENDPOINTS } from '@licensewatch/shared/search-api-endpoints';
import { SEARCH_API_EXAMPLES } from '@licensewatch/shared/search-api-examples';
import { STATE_NAMES } from '@licensewatch/shared/states';
import type { ZodObject } from 'zod';

export type ApiParam = {
  name: string;
  type: 'string';
  required: boolean;
  description: string;
  example: string;
  /** The values a select offers; a free-text input when absent. */
  options?: readonly string[];
};

export type TryItEndpoint = {
  id: string;
  title: string;
  method: string;
  path: string;
  encoding: 'form' | 'json';
  description: string;
  params: ApiParam[];
};

type Doc = Omit<ApiParam, 'name' | 'required' | 'type'>;

// What each input means, by the lower-cased name: the form endpoints write First_Name, the beta
// and the GET ones first_name. Names and required flags come from the contract's schemas, examples
// from its examples (SEARCH_API_EXAMPLES, the API document's too); these stand in where an
// example request leaves an optional input out.
const PARAM_DOCS: Record<string, Doc> = {
  first_name: { description: "Physician's first name.", example: 'Maya' },
  middle_name: { description: 'Middle name or initial.', example: 'R' },
  last_name: { description: "Physician's last name.", example: 'Patel' },
  license_type: { description: 'MD or DO.', example: 'MD', options: LICENSE_TYPES },
  state: {
    description: "One of the 50 states or 'Washington, DC'.",
    example: 'Washington',
    options: STATE_NAMES,
  },
  state_name: {
    description: "One of the 50 states or 'Washington, DC'.",
    example: 'Washington',
    options: STATE_NAMES,
  },
  license_number: { description: 'License number as the board issued it.', example: 'MD60412345' },
  name: { description: "Physician's full name, first name first.", example: 'Maya R Patel' },
  npi: {
    description: 'Optional NPI (10 digits): an exclusion listed under the same NPI is confirmed, not only possible.',
    example: '1234567893',
  },
};

// The key has its own field (sent as the Bearer header) and the CSV switch is mentioned in a note;
// neither is a search input.
const NOT_SEARCH_INPUTS = new Set(['credential_key', 'format']);

/** The contract's example request of an endpoint (its body, or a GET's query). */
export function exampleRequestOf(endpoint: Endpoint): Record<string, unknown> {
  return SEARCH_API_EXAMPLES.get(endpoint)?.request ?? {};
}

/** A schema's search inputs, in the schema's order, each with its documentation and an example. */
export function paramsOf(schema: ZodObject, exampleRequest: Record<string, unknown>): ApiParam[] {
  return Object.entries(schema.shape)
    .filter(([name]) => !NOT_SEARCH_INPUTS.has(name))
    .map(([name, field]) => {
      const doc = PARAM_DOCS[name.toLowerCase()];
      if (!doc) throw new Error(`no documentation for the search API input ${name}`);
      const example = exampleRequest[name];
      return {
        name,
        type: 'string',
        required: !field.isOptional(),
        ...doc,
        example: typeof example === 'string' ? example : doc.example,
      };
    });
}

type ContractPost = Endpoint & { summary: string; body: ZodObject };

function fromContract(id: string, title: string, endpoint: ContractPost): TryItEndpoint {
  return {
    id,
    title,
    method: endpoint.method,
    path: endpoint.path,
    encoding: endpoint.bodyEncoding ?? 'json',
    description: `${endpoint.summary}.`,
    params: paramsOf(endpoint.body, exampleRequestOf(endpoint)),
  };
}

const { searchLicense, searchLicenseByState, searchLicenseByNumber, betaSearchLicenseByState } = SEARCH_API_ENDPOINTS;

/** The four POST endpoints of the console, in the order of its list. */
export const TRY_IT_ENDPOINTS: TryItEndpoint[] = [
  fromContract('search-license', 'Search License by Name', searchLicense),
  fromContract('search-license-by-state', 'Search License by State', searchLicenseByState),
  fromContract('search-license-by-number', 'Search License by Number', searchLicenseByNumber),
  fromContract('search-license-by-state-beta', 'Search License by State (Beta)', betaSearchLicenseByState),
];
