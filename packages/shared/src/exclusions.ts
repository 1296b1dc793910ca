import { z } from 'zod';
import { isValidNpi } from './npi.ts';

/**
 * The HHS-OIG exclusion authorities as the LEIE's EXCLTYPE column writes them (Social Security Act
 * §1128, §1128A, §1156, and the breach codes), each with its section and statutory meaning. An
 * ingest meeting a code not listed here fails: a type we cannot name is not shown to a user.
 */
export const EXCLUSION_TYPES = {
  '1128a1': { section: '1128(a)(1)', meaning: 'Conviction of program-related crimes' },
  '1128a2': { section: '1128(a)(2)', meaning: 'Conviction relating to patient abuse or neglect' },
  '1128a3': { section: '1128(a)(3)', meaning: 'Felony conviction relating to health care fraud' },
  '1128a4': { section: '1128(a)(4)', meaning: 'Felony conviction relating to controlled substances' },
  '1128b1': { section: '1128(b)(1)', meaning: 'Misdemeanor conviction relating to health care fraud' },
  '1128b2': { section: '1128(b)(2)', meaning: 'Conviction relating to obstruction of an investigation or audit' },
  '1128b3': { section: '1128(b)(3)', meaning: 'Misdemeanor conviction relating to controlled substances' },
  '1128b4': { section: '1128(b)(4)', meaning: 'License revocation, suspension or surrender' },
  '1128b5': { section: '1128(b)(5)', meaning: 'Exclusion or suspension under a federal or state health care program' },
  '1128b6': {
    section: '1128(b)(6)',
    meaning: 'Excessive claims or unnecessary services, or services below professional standards',
  },
  '1128b7': { section: '1128(b)(7)', meaning: 'Fraud, kickbacks and other prohibited activities' },
  '1128b8': { section: '1128(b)(8)', meaning: 'Entity controlled by a sanctioned individual' },
  '1128b8a': {
    section: '1128(b)(8)(A)',
    meaning: 'Entity controlled by a family or household member of an excluded individual',
  },
  '1128b9': { section: '1128(b)(9)', meaning: 'Failure to disclose required information' },
  '1128b10': { section: '1128(b)(10)', meaning: 'Failure to supply information on subcontractors and suppliers' },
  '1128b11': { section: '1128(b)(11)', meaning: 'Failure to supply payment information' },
  '1128b12': { section: '1128(b)(12)', meaning: 'Failure to grant immediate access' },
  '1128b13': { section: '1128(b)(13)', meaning: 'Failure to take corrective action' },
  '1128b14': { section: '1128(b)(14)', meaning: 'Default on health education loan or scholarship obligations' },
  '1128b15': { section: '1128(b)(15)', meaning: 'Individual controlling a sanctioned entity' },
  '1128b16': { section: '1128(b)(16)', meaning: 'False statement or misrepresentation of material fact' },
  '1128c3gi': { section: '1128(c)(3)(G)(i)', meaning: 'Conviction on two occasions of mandatory exclusion offenses' },
  '1128c3gii': {
    section: '1128(c)(3)(G)(ii)',
    meaning: 'Conviction on three or more occasions of mandatory exclusion offenses',
  },
  '1128aa': { section: '1128A', meaning: 'Civil monetary penalty' },
  '1156': { section: '1156', meaning: 'Failure to meet statutory obligations (quality improvement organization)' },
  'brch cia': { section: 'Breach of CIA', meaning: 'Breach of a Corporate Integrity Agreement' },
  'brch sa': { section: 'Breach of SA', meaning: 'Breach of a Settlement Agreement' },
} as const satisfies Record<string, { section: string; meaning: string }>;
export type ExclusionTypeCode = keyof typeof EXCLUSION_TYPES;

/** The table's key for an EXCLTYPE as printed ('1128a1', '1128Aa', 'BRCH SA'), or null when unknown. */
export function exclusionTypeCode(printed: string): ExclusionTypeCode | null {
  const key = printed.trim().toLowerCase().replace(/\s+/g, ' ');
  return Object.hasOwn(EXCLUSION_TYPES, key) ? (key as ExclusionTypeCode) : null;
}

/** "1128(b)(4) License revocation, suspension or surrender"; an unknown code (a SAM type) as given. */
export function exclusionTypeLabel(printed: string): string {
  const code = exclusionTypeCode(printed);
  if (!code) return printed;
  const { section, meaning } = EXCLUSION_TYPES[code];
  return `${section} ${meaning}`;
}

/** Where an exclusion comes from: the OIG's LEIE file, or the SAM.gov exclusions API. */
export const EXCLUSION_SOURCES = ['leie', 'sam'] as const;
export type ExclusionSource = (typeof EXCLUSION_SOURCES)[number];
export const EXCLUSION_SOURCE_NAMES = { leie: 'LEIE', sam: 'SAM' } as const satisfies Record<ExclusionSource, string>;

/** How a match was found: the NPIs are equal (confirmed at once), or name and state only (reviewed by a person). */
export const EXCLUSION_MATCH_BASES = ['npi', 'name'] as const;
export type ExclusionMatchBasis = (typeof EXCLUSION_MATCH_BASES)[number];
export const EXCLUSION_MATCH_STATUSES = ['confirmed', 'possible', 'dismissed'] as const;
export type ExclusionMatchStatus = (typeof EXCLUSION_MATCH_STATUSES)[number];

/** A physician's standing on the exclusion lists; `not_checked` until a list has been read (never "clear"). */
export const EXCLUSION_STATUSES = ['not_excluded', 'possible_match', 'excluded', 'not_checked'] as const;
export type ExclusionStatus = (typeof EXCLUSION_STATUSES)[number];

/** A source's check for one physician: current, failing since its last success, switched off, or never done. */
export const EXCLUSION_CHECK_STATES = ['checked', 'stale', 'not_configured', 'never'] as const;
export type ExclusionCheckState = (typeof EXCLUSION_CHECK_STATES)[number];

const isoDate = z.string();

export const exclusionSourceCheckSchema = z.object({
  name: z.enum(['LEIE', 'SAM']),
  state: z.enum(EXCLUSION_CHECK_STATES),
  /** The last successful check (ISO timestamp); null when never. */
  checked_at: z.string().nullable(),
});
export type ExclusionSourceCheck = z.infer<typeof exclusionSourceCheckSchema>;

/** One list entry matched to the physician, with the evidence a reviewer compares. */
export const exclusionMatchSchema = z.object({
  id: z.string(),
  source: z.enum(['LEIE', 'SAM']),
  basis: z.enum(EXCLUSION_MATCH_BASES),
  status: z.enum(EXCLUSION_MATCH_STATUSES),
  name: z.string(),
  npi: z.string().nullable(),
  specialty: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  excluded_on: isoDate.nullable(),
  reinstated_on: isoDate.nullable(),
  /** The code as the list prints it ('1128b4') and its statutory meaning. */
  type: z.string(),
  type_label: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type ExclusionMatch = z.infer<typeof exclusionMatchSchema>;

export const reportExclusionsSchema = z.object({
  status: z.enum(EXCLUSION_STATUSES),
  sources: z.array(exclusionSourceCheckSchema),
  matches: z.array(exclusionMatchSchema),
});
export type ReportExclusions = z.infer<typeof reportExclusionsSchema>;

export const decideExclusionMatchResponseSchema = z.object({
  id: z.string(),
  status: z.enum(['confirmed', 'dismissed']),
});

/** The report's NPI: ten digits with a correct check digit, or null to remove it. */
export const setReportNpiSchema = z.object({
  npi: z
    .string({ error: 'NPI must be text' })
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine(isValidNpi, 'Enter a valid 10-digit NPI.')
    .nullable(),
});
export const setReportNpiResponseSchema = z.object({ id: z.string(), npi: z.string().nullable() });

/** An NPI NPPES lists for the report's physician (same name and license type), to pick from. */
export const npiSuggestionsSchema = z.array(
  z.object({
    npi: z.string(),
    first_name: z.string(),
    middle_name: z.string().nullable(),
    last_name: z.string(),
    license_type: z.enum(['MD', 'DO']),
    /** State codes NPPES lists for them (self-reported). */
    states: z.array(z.string()),
    /** How many of those are among the report's states. */
    states_in_report: z.number().int(),
  }),
);
export type NpiSuggestion = z.infer<typeof npiSuggestionsSchema>[number];
