// The license-search endpoints, as documentation data (the search API and its try-it console are
// planned: docs/product-rules.md, Planned).
export type EndpointParam = { name: string; type: string; required: boolean; description: string; example: string };

export type Endpoint = {
  id: string;
  title: string;
  method: 'POST';
  path: string;
  bodyType: 'form' | 'json';
  description: string;
  params: EndpointParam[];
};

const credentialKey: EndpointParam = {
  name: 'credential_key',
  type: 'string',
  required: true,
  description: 'Your API key, shown on the Overview page.',
  example: 'lw_live_…',
};

const nameParams: EndpointParam[] = [
  { name: 'First_Name', type: 'string', required: true, description: "Physician's first name.", example: 'Maya' },
  { name: 'Middle_Name', type: 'string', required: false, description: 'Middle name or initial.', example: 'R' },
  { name: 'Last_Name', type: 'string', required: true, description: "Physician's last name.", example: 'Patel' },
  { name: 'License_Type', type: 'string', required: true, description: 'MD or DO.', example: 'MD' },
];

export const ENDPOINTS: Endpoint[] = [
  {
    id: 'search-license',
    title: 'Search License by Name',
    method: 'POST',
    path: '/api/v1/medical/search-license/',
    bodyType: 'form',
    description: 'Find every license held by a physician across all states.',
    params: [...nameParams, credentialKey],
  },
  {
    id: 'search-license-by-state',
    title: 'Search License by State',
    method: 'POST',
    path: '/api/v1/medical/search-license-by-state/',
    bodyType: 'form',
    description: "Look up a physician's license in one state.",
    params: [
      ...nameParams,
      { name: 'State', type: 'string', required: true, description: 'State name.', example: 'California' },
      credentialKey,
    ],
  },
  {
    id: 'search-license-by-number',
    title: 'Search License by Number',
    method: 'POST',
    path: '/api/v1/medical/search-license-by-number/',
    bodyType: 'form',
    description: 'Verify a specific license number with its issuing state.',
    params: [
      { name: 'License_Number', type: 'string', required: true, description: 'License number.', example: 'A154872' },
      { name: 'State', type: 'string', required: true, description: 'State name.', example: 'California' },
      credentialKey,
    ],
  },
  {
    id: 'search-license-by-state-beta',
    title: 'Search License by State (Beta)',
    method: 'POST',
    path: '/api/v1/search-license-by-state',
    bodyType: 'json',
    description: 'The state search with a JSON body, on the beta endpoint.',
    params: [
      { name: 'state_name', type: 'string', required: true, description: 'State name.', example: 'Texas' },
      { name: 'first_name', type: 'string', required: true, description: "Physician's first name.", example: 'Maya' },
      { name: 'middle_name', type: 'string', required: false, description: 'Middle name or initial.', example: 'R' },
      { name: 'last_name', type: 'string', required: true, description: "Physician's last name.", example: 'Patel' },
      { name: 'license_type', type: 'string', required: true, description: 'MD or DO.', example: 'DO' },
      credentialKey,
    ],
  },
];
