import { z } from 'zod';
import { reportExclusionsSchema } from './exclusions.ts';
import { LICENSE_STATUSES, LICENSE_TYPES } from './licenses.ts';
import { isValidNpi } from './npi.ts';
import { licenseSourceSchema, PERSON_NAME_MAX } from './reports.ts';
import { STATE_NAMES, toStateCode } from './states.ts';

// The paid license-search API (docs/product-rules.md, Search API). Field names are the API's own
// (First_Name on the form endpoints, first_name on the beta JSON one): customers' code relies on them.

export const LICENSE_NUMBER_MAX = 40;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

const licenseType = (label: string) => z.enum(LICENSE_TYPES, { error: `${label} must be MD or DO` });

/** One of the 51 names ('Washington, DC'); the two-letter code is taken too. */
const stateField = (label: string) =>
  requiredText(label, 60).refine((value) => toStateCode(value) !== null, {
    error: `${label} must be one of the 50 states or 'Washington, DC'`,
  });

/** The key in the body; `Authorization: Bearer <key>` instead is what most clients send. */
const credentialKey = z.string({ error: 'credential_key must be text' }).trim().max(200).optional();

/** `format=csv` in the body or query answers text/csv, as `Accept: text/csv` does. */
const format = z.enum(['json', 'csv'], { error: "format must be 'json' or 'csv'" }).optional();

const namePart = {
  First_Name: requiredText('First_Name', PERSON_NAME_MAX),
  Middle_Name: optionalText('Middle_Name', PERSON_NAME_MAX),
  Last_Name: requiredText('Last_Name', PERSON_NAME_MAX),
  License_Type: licenseType('License_Type'),
  /** Optional: with it, an exclusion listed under the same NPI is confirmed rather than possible. */
  NPI: optionalText('NPI', 20).refine((v) => v === undefined || isValidNpi(v), {
    error: 'NPI must be a valid 10-digit NPI',
  }),
};

/** POST /api/v1/medical/search-license/ (form-encoded): every state. */
export const searchLicenseFormSchema = z.object({ ...namePart, credential_key: credentialKey, format });
/** POST /api/v1/medical/search-license-by-state/ (form-encoded). */
export const searchLicenseByStateFormSchema = z.object({
  ...namePart,
  State: stateField('State'),
  credential_key: credentialKey,
  format,
});
/** POST /api/v1/medical/search-license-by-number/ (form-encoded). */
export const searchLicenseByNumberFormSchema = z.object({
  License_Number: requiredText('License_Number', LICENSE_NUMBER_MAX),
  State: stateField('State'),
  credential_key: credentialKey,
  format,
});
/** POST /api/v1/search-license-by-state (beta, JSON). */
export const betaSearchByStateSchema = z.object({
  state_name: stateField('state_name'),
  first_name: requiredText('first_name', PERSON_NAME_MAX),
  middle_name: optionalText('middle_name', PERSON_NAME_MAX),
  last_name: requiredText('last_name', PERSON_NAME_MAX),
  license_type: licenseType('license_type'),
  credential_key: credentialKey,
  format,
});

/** GET /api/v1/search-license: a full name ('Maya R Patel'), optionally one state and one type. */
export const searchLicenseQuerySchema = z.object({
  name: requiredText('name', PERSON_NAME_MAX * 3),
  state: stateField('state').optional(),
  license_type: licenseType('license_type').optional(),
  format,
});
/** GET /api/v1/search-license-by-state: a full name in one state. */
export const searchLicenseByStateQuerySchema = z.object({
  state: stateField('state'),
  name: requiredText('name', PERSON_NAME_MAX * 3),
  license_type: licenseType('license_type').optional(),
  format,
});
/** GET /api/v1/search-license-by-number. */
export const searchLicenseByNumberQuerySchema = z.object({
  license_number: requiredText('license_number', LICENSE_NUMBER_MAX),
  state: stateField('state'),
  format,
});

/**
 * How a result's name differs from the one asked for: `exact`, or each difference the matcher
 * allowed (a nickname, a one-letter slip, a middle initial for a middle name…), so a customer can
 * decide what to trust. `license-number` for number searches.
 */
export const MATCH_KINDS = [
  'exact',
  'license-number',
  'license-number-format',
  'nickname',
  'first-initial',
  'first-name-typo',
  'goes-by-middle-name',
  'given-name-spacing',
  'middle-name-missing',
  'middle-initial',
  'extra-middle-name',
  'last-name-typo',
  'last-name-part',
  'last-name-particle',
  'last-name-spacing',
  'suffix-one-side',
] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** Why a possible match is not a result: it fits another physician too, or the name only loosely. */
export const REVIEW_KINDS = ['namesake', 'near'] as const;

const isoDate = z.string().nullable().meta({ description: 'YYYY-MM-DD, or null when the board publishes none' });

/** One license the search found. */
export const searchResultSchema = z.object({
  id: z.string(),
  /** The name as the board publishes it. */
  name: z.string(),
  license_number: z.string(),
  state: z.enum(STATE_NAMES),
  /** Normalised: active, expired, suspended, probation… */
  status: z.enum(LICENSE_STATUSES),
  /** The status exactly as the board wrote it. */
  board_status: z.string().nullable(),
  issued_date: isoDate,
  expiry_date: isoDate,
  /**
   * MD or DO. Null only when a board licenses MDs and DOs alike without saying which and the search
   * named no type (a search by number).
   */
  license_type: z.enum(LICENSE_TYPES).nullable(),
  /** Disciplinary actions, when the board publishes them. */
  discipline: z.string().nullable(),
  /** The board, how the license was read (`method`: bulk, lookup or manual) and its public look-up. */
  source: licenseSourceSchema,
  /** When the registry last read this license from its board. */
  verified_at: z.string(),
  match: z.array(z.enum(MATCH_KINDS)),
  /** 0–1; results are at least 0.8, possible matches below. */
  confidence: z.number(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const possibleMatchSchema = searchResultSchema.extend({
  review: z.enum(REVIEW_KINDS),
  /** Why it is only possible, in words. */
  why: z.string(),
});
export type PossibleMatch = z.infer<typeof possibleMatchSchema>;

/** Boards that could not be searched live: their state's answer comes from the registry alone. */
export const unavailableSourceSchema = z.object({
  state: z.enum(STATE_NAMES),
  board_id: z.string(),
  reason: z.string(),
});

export const searchResponseSchema = z.object({
  status: z.literal('success'),
  /**
   * The physician on the federal exclusion lists (docs/exclusions.md): an equal NPI confirms, a name in
   * the state asked about or licensed in is only a possible match; `not_checked` when neither is known.
   */
  exclusions: reportExclusionsSchema,
  /** Licenses that belong to the physician asked about, best first. */
  data: z.array(searchResultSchema),
  /** Licenses that may be theirs but that the matcher would not decide on: never mixed into data. */
  possible_matches: z.array(possibleMatchSchema),
  unavailable_sources: z.array(unavailableSourceSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
/** What a license search finds, before its exclusion check is added. */
export type LicenseSearchAnswer = Omit<SearchResponse, 'exclusions'>;

/** The columns of a text/csv answer, in order; possible matches come after the results. */
export const SEARCH_CSV_COLUMNS = [
  'id',
  'name',
  'license_number',
  'state',
  'status',
  'board_status',
  'issued_date',
  'expiry_date',
  'license_type',
  'discipline',
  'source',
  'verified_at',
  'match',
  'confidence',
  'review',
] as const;

/** One CSV row of a result (`review` empty) or a possible match, in SEARCH_CSV_COLUMNS' order. */
export function searchCsvCells(result: SearchResult, review: string): (string | number | null)[] {
  return [
    result.id,
    result.name,
    result.license_number,
    result.state,
    result.status,
    result.board_status,
    result.issued_date,
    result.expiry_date,
    result.license_type,
    result.discipline,
    result.source.name,
    result.verified_at,
    result.match.join(' '),
    result.confidence,
    review,
  ];
}

/** The CSV rows of an answer: its results, then its possible matches with their review kind. */
export function searchCsvRows(response: LicenseSearchAnswer): (string | number | null)[][] {
  return [
    ...response.data.map((r) => searchCsvCells(r, '')),
    ...response.possible_matches.map((r) => searchCsvCells(r, r.review)),
  ];
}

// ---- Usage, for the key's owner (GET /api/v2/api-usage).

export const apiUsageDaySchema = z.object({ date: z.string(), calls: z.number().int(), billed: z.number().int() });

export const apiUsageResponseSchema = z.object({
  /** Calls this calendar month (UTC), answered or not. */
  calls_this_month: z.number().int(),
  /** Calls this month that answered 200 and so cost a credit. */
  billed_this_month: z.number().int(),
  credits_remaining: z.number().int(),
  /** The last 30 days, oldest first, one entry a day (zeros included). */
  days: z.array(apiUsageDaySchema),
});
export type ApiUsage = z.infer<typeof apiUsageResponseSchema>;
