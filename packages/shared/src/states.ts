// The 51 jurisdictions (50 states + DC), sorted by the label the UI shows.
// The UI labels DC 'Washington, DC' (docs/product-rules.md, Jurisdictions and license types).
export const JURISDICTIONS = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'DC', name: 'Washington, DC' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;

export type StateCode = (typeof JURISDICTIONS)[number]['code'];
export type StateName = (typeof JURISDICTIONS)[number]['name'];

export const STATE_CODES = JURISDICTIONS.map((j) => j.code) as StateCode[];
export const STATE_NAMES = JURISDICTIONS.map((j) => j.name) as StateName[];

const byCode = new Map<string, StateName>(JURISDICTIONS.map((j) => [j.code, j.name]));
const byName = new Map<string, StateCode>(JURISDICTIONS.map((j) => [j.name.toLowerCase(), j.code]));

export function stateName(code: StateCode): StateName {
  return byCode.get(code) as StateName;
}

/** Accepts a code ('dc'), the UI label ('Washington, DC') or 'District of Columbia'; null when unknown. */
export function toStateCode(input: string): StateCode | null {
  const value = input.trim();
  if (byCode.has(value.toUpperCase())) return value.toUpperCase() as StateCode;
  const lower = value.toLowerCase().replace(/\s+/g, ' ');
  if (lower === 'district of columbia' || lower === 'washington, d.c.' || lower === 'washington dc') return 'DC';
  return byName.get(lower) ?? null;
}
