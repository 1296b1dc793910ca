import { z } from 'zod';
import { CHECK_INTERVAL_MESSAGES, CHECK_INTERVALS } from './check-intervals.ts';
import { EXCLUSION_STATUSES, exclusionMatchSchema, exclusionSourceCheckSchema } from './exclusions.ts';
import { LICENSE_READ_METHODS, SOURCE_METHODS } from './license-sources.ts';
import { LICENSE_STATUSES, LICENSE_TYPES, licenseStatusLabel } from './licenses.ts';
import { isValidNpi } from './npi.ts';
import { countOf } from './numbers.ts';
import { STATE_NAMES, type StateCode, toStateCode } from './states.ts';

export const REPORT_NAME_MAX = 200;
export const PERSON_NAME_MAX = 100;
/** The customer's own id for a physician (a roster's Internal ID, an API caller's external_id). */
export const EXTERNAL_ID_MAX = 200;

const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(PERSON_NAME_MAX, `${label} must be at most ${PERSON_NAME_MAX} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish();

/** A report's check interval (check-intervals.ts), in a request. */
export const checkIntervalSchema = z.enum(CHECK_INTERVALS, { error: CHECK_INTERVAL_MESSAGES.invalid });

/** The create-report payload, POST /api/v2/reports/. States are the UI's names ('Washington, DC'). */
export const createReportRequestSchema = z.object({
  name: optionalText('Report name', REPORT_NAME_MAX),
  firstName: personName('First name'),
  middleName: optionalText('Middle name', PERSON_NAME_MAX),
  lastName: personName('Last name'),
  licenseType: z.enum(LICENSE_TYPES, { error: 'License type must be MD or DO' }),
  /** Optional: screening by NPI confirms an exclusion that a name alone only suggests (docs/exclusions.md). */
  npi: z
    .string({ error: 'NPI must be text' })
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v === '' || isValidNpi(v), 'Enter a valid 10-digit NPI.')
    .transform((v) => v || null)
    .nullish(),
  states: z
    .array(z.string({ error: 'Each state must be a state name' }), { error: 'Select at least one state' })
    .min(1, 'Select at least one state')
    .superRefine((states, ctx) => {
      const seen = new Set<StateCode>();
      for (const state of states) {
        const code = toStateCode(state);
        if (!code) {
          ctx.addIssue({ code: 'custom', message: `Unknown state '${state.slice(0, 60)}'` });
        } else if (seen.has(code)) {
          ctx.addIssue({ code: 'custom', message: `'${state}' is selected more than once` });
        }
        if (code) seen.add(code);
      }
    }),
  /**
   * The caller's own id for the physician (docs/product-rules.md, Reports by API key): at most one
   * report of the workspace has it, so a create that names one already there creates nothing.
   */
  externalId: z
    .string({ error: 'External ID must be text' })
    .trim()
    .min(1, 'External ID must not be empty')
    .max(EXTERNAL_ID_MAX, `External ID must be at most ${EXTERNAL_ID_MAX} characters`)
    .nullish(),
  /** How often the daily refresh checks the report again (docs/product-rules.md, Check interval); daily when left out. */
  checkInterval: checkIntervalSchema.optional(),
});
export type CreateReportRequest = z.infer<typeof createReportRequestSchema>;

const isoTimestamp = z.string();
/** YYYY-MM-DD, or null when the board publishes none. */
const isoDate = z.string().nullable();

/** What waits about one physician, by kind (docs/product-rules.md, Needs attention): the report's and each roster row's. */
export const reportAttentionSchema = z.object({
  excluded: z.boolean(),
  exclusion_reviews: z.number().int(),
  licenses: z.number().int(),
  matches: z.number().int(),
  verifications_due: z.number().int(),
});
export type ReportAttention = z.infer<typeof reportAttentionSchema>;

/**
 * A report with its counts (docs/product-rules.md, What is counted). `update_excuted_date` keeps
 * the API's misspelling.
 */
export const reportSchema = z.object({
  id: z.string(),
  name: z.string(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  license_type: z.enum(LICENSE_TYPES),
  created_at: isoTimestamp,
  total_license: z.number().int(),
  active_license: z.number().int(),
  expiring_license: z.number().int(),
  expired_license: z.number().int(),
  /** Added: the workspace's expiry window (expiry-windows.ts): `expiring_license` counts within this many days. */
  expiring_within_days: z.number().int(),
  /** Added: licenses whose board status is neither active nor expired (suspended, revoked, probation…). */
  needs_attention_license: z.number().int(),
  /**
   * Added: everything about the physician that waits for someone to act (docs/product-rules.md,
   * Needs attention) — excluded (one, however many lists say so), possible exclusion matches to
   * review, the licenses above, possible license matches to review and verifications by hand due
   * again — and their sum, the report's "Needs attention".
   */
  attention: reportAttentionSchema,
  needs_attention: z.number().int(),
  update_excuted_date: isoTimestamp.nullable(),
  google_sheet_url: z.string().nullable(),
  airtable_base_url: z.string().nullable(),
  /** Added: the states the report covers, as the UI names them. */
  states: z.array(z.enum(STATE_NAMES)),
  /** Added: confident matches not tracked because the plan's tracked-license limit was reached. */
  untracked_over_limit: z.number().int(),
  /** Added: the physician's NPI, when known (docs/exclusions.md). */
  npi: z.string().nullable(),
  /** Added: the customer's own id for the physician (a roster import's Internal ID, an API caller's external_id). */
  external_id: z.string().nullable(),
  /**
   * Added: how often the daily refresh checks the report again (docs/product-rules.md, Check
   * interval), when it was last checked in full (the oldest of its states' checks; null until every
   * state has been) and the daily refresh that will check it next (null when none will: an expired
   * plan or a deactivated account).
   */
  check_interval: z.enum(CHECK_INTERVALS),
  last_checked_at: isoTimestamp.nullable(),
  next_check_at: isoTimestamp.nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListResponseSchema = z.array(reportSchema);

/**
 * What a report's "Needs attention" is made of, in the order to act on it (docs/product-rules.md,
 * Needs attention): exclusions first. Empty when nothing waits.
 */
export function attentionReasons(attention: ReportAttention): string[] {
  const reasons: string[] = [];
  if (attention.excluded) reasons.push('Excluded');
  if (attention.exclusion_reviews > 0)
    reasons.push(countOf(attention.exclusion_reviews, 'possible exclusion to review', 'possible exclusions to review'));
  if (attention.licenses > 0)
    reasons.push(countOf(attention.licenses, 'license status to review', 'license statuses to review'));
  if (attention.matches > 0) reasons.push(countOf(attention.matches, 'match to review', 'matches to review'));
  if (attention.verifications_due > 0)
    reasons.push(countOf(attention.verifications_due, 'verification due', 'verifications due'));
  return reasons;
}

/**
 * What the Status column says: Active or Expired by date when the board says active, Expired when
 * it says expired, otherwise the board's own status ('Suspended', 'Revoked'…), never Active
 * (docs/product-rules.md, License status). Built from LICENSE_STATUSES, so a status added there
 * is shown without a change here.
 */
export const REPORT_LICENSE_STATUSES = [
  ...new Set(['Active', 'Expired', ...LICENSE_STATUSES.filter((s) => s !== 'active').map(licenseStatusLabel)]),
] as [string, ...string[]];

/** The license's standing (licenseStanding): which counter it is in. */
export const LICENSE_STANDINGS = ['active', 'expiring', 'expired', 'attention'] as const;

/**
 * The board a license came from: its official name and site, how the license was read (docs/sources.md:
 * from the board's bulk list, by its look-up, or verified by hand), and the board's public look-up,
 * where anyone can check the license.
 */
export const licenseSourceSchema = z.object({
  board_id: z.string(),
  name: z.string(),
  website: z.string().nullable(),
  method: z.enum(LICENSE_READ_METHODS),
  lookup_url: z.string().nullable(),
});

/** A report's license (id … updated_at), then what the report page shows besides. */
export const reportLicenseSchema = z.object({
  id: z.string(),
  license_number: z.string(),
  state: z.enum(STATE_NAMES),
  issued: isoDate,
  /** The expiry date. */
  expired: isoDate,
  updated_at: isoTimestamp,
  status: z.enum(REPORT_LICENSE_STATUSES),
  /** Added: which of the report's counters the license is in ('expiring' ones are also active). */
  standing: z.enum(LICENSE_STANDINGS),
  /** The board's own status, normalised (suspended, probation…). */
  board_status: z.enum(LICENSE_STATUSES),
  /** The board's status as published, e.g. 'CLEAR/ACTIVE'. */
  board_status_text: z.string().nullable(),
  license_type: z.enum(LICENSE_TYPES),
  /** The name as the board publishes it. */
  name_on_license: z.string(),
  discipline: z.string().nullable(),
  /** Whole days from today to the expiry date (negative once past); null without one. */
  days_to_expiry: z.number().int().nullable(),
  source: licenseSourceSchema,
  /** When the registry last read this license from its board: "verified on {date}". */
  verified_at: isoTimestamp,
  /**
   * Added: for a license verified by hand (source.method 'manual'), its newest verification — the day
   * it was checked, by whom, when it is due again and whether that day has come (docs/product-rules.md,
   * Verification by hand). A due verification does not change the license's standing. Null otherwise.
   */
  verified_by_hand: z
    .object({
      checked_on: z.string(),
      verified_by: z.string(),
      due_on: z.string(),
      due: z.boolean(),
    })
    .nullable(),
});
export type ReportLicense = z.infer<typeof reportLicenseSchema>;

export const reportLicensesResponseSchema = z.array(reportLicenseSchema);

export const hideLicenseResponseSchema = z.object({ id: z.string(), hidden: z.literal(true) });

export const restoreLicenseResponseSchema = z.object({ id: z.string(), hidden: z.literal(false) });

/** Why a possible match was not attached: it fits a namesake too, or the name only loosely. */
export const CANDIDATE_KINDS = ['namesake', 'near'] as const;

/**
 * A possible match (GET /api/v2/reports/{id}/candidates): a license the matcher found but could
 * not decide on, never tracked until the user confirms it (docs/product-rules.md, Possible matches).
 */
export const reportCandidateSchema = z.object({
  id: z.string(),
  state: z.enum(STATE_NAMES),
  license_number: z.string(),
  license_type: z.enum(LICENSE_TYPES),
  /** The name as the board publishes it: what the user compares with the physician's. */
  name_on_license: z.string(),
  board_status: z.enum(LICENSE_STATUSES),
  board_status_text: z.string().nullable(),
  issued: isoDate,
  expires: isoDate,
  kind: z.enum(CANDIDATE_KINDS),
  /** Why it is only possible, in words: e.g. 'Only the first initial matches'. */
  why: z.string(),
  /** 0–1, below what the report attaches on its own. */
  confidence: z.number(),
});
export type ReportCandidate = z.infer<typeof reportCandidateSchema>;
export const reportCandidatesResponseSchema = z.array(reportCandidateSchema);

export const decideCandidateResponseSchema = z.object({
  id: z.string(),
  /** `open`: a rejection undone (reopenCandidate). */
  status: z.enum(['confirmed', 'rejected', 'open']),
});

export const deleteReportResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });

/** Update status, GET /api/v2/states/update-status/{id} (docs/product-rules.md, Update progress). */
export const updateStatusResponseSchema = z.object({
  is_completed: z.boolean(),
  progress: z.number().int().min(0).max(100),
  /** Added: states whose board could not be searched; their licenses come from the registry and are searched again later. */
  unavailable_states: z.array(z.enum(STATE_NAMES)),
});
export type UpdateStatus = z.infer<typeof updateStatusResponseSchema>;

/**
 * What became of one state a report asked for (docs/product-rules.md, Every state accounted for).
 * `verify_by_hand`: no machine may read the state's board and no verification is recorded yet;
 * `verification_due`: the last verification by hand is older than it may be (docs/sources.md).
 */
export const REPORT_STATE_OUTCOMES = [
  'found',
  'to_review',
  'none_found',
  'unavailable',
  'searching',
  'verify_by_hand',
  'verification_due',
] as const;
export type ReportStateOutcome = (typeof REPORT_STATE_OUTCOMES)[number];

/** GET /api/v2/reports/{id}/states: every requested state, in the UI's order. */
export const reportStatesResponseSchema = z.object({
  states: z.array(
    z.object({
      state: z.enum(STATE_NAMES),
      outcome: z.enum(REPORT_STATE_OUTCOMES),
      /** The licenses the report's table shows in this state. */
      licenses: z.number().int().min(0),
      /** Licenses found here that the user hid: not shown or counted, but not "none found" either. */
      hidden: z.number().int().min(0),
      /** Possible matches in this state waiting for the user to confirm or reject them. */
      to_review: z.number().int().min(0),
      /** When the state's boards were last searched for this report; null while searching. */
      checked_at: isoTimestamp.nullable(),
      /** When an unavailable board is searched again; null when the daily refresh will. */
      retry_at: isoTimestamp.nullable(),
      /**
       * The board licensing the report's type here: how it is read (bulk, lookup, manual, off), why when
       * no machine reads it, and its public look-up, where a person verifies a license by hand.
       */
      board: z
        .object({
          board_id: z.string(),
          name: z.string(),
          method: z.enum(SOURCE_METHODS),
          detail: z.string().nullable(),
          lookup_url: z.string(),
        })
        .nullable(),
      /** For a state verified by hand, when its oldest verification is due again; null without one. */
      verification_due_on: isoDate,
    }),
  ),
});
export type ReportStates = z.infer<typeof reportStatesResponseSchema>;

export const reportIdParamsSchema = z.object({ id: z.string() });

export const reportLicenseParamsSchema = z.object({ id: z.string(), licenseId: z.string() });

/**
 * What a license event records (the registry's `license_event.kind`); `removed`: the board no
 * longer publishes the license (before 'listed', after null).
 */
export const LICENSE_EVENT_KINDS = ['status', 'expiry', 'discipline', 'removed'] as const;
/**
 * How the change was seen: a roster re-read, a live look-up, the daily refresh of a report, or a
 * person's verification by hand on a board no machine reads.
 */
export const LICENSE_EVENT_SOURCES = ['ingest', 'lookup', 'refresh', 'manual'] as const;

export const licenseEventSchema = z.object({
  kind: z.enum(LICENSE_EVENT_KINDS),
  /** The value before and after: a normalised status, a YYYY-MM-DD expiry, or the discipline text; null = none. */
  before: z.string().nullable(),
  after: z.string().nullable(),
  occurred_at: isoTimestamp,
  source: z.enum(LICENSE_EVENT_SOURCES),
});
export type LicenseEvent = z.infer<typeof licenseEventSchema>;

/**
 * A report license's history, GET /api/v2/reports/{id}/licenses/{licenseId}/history
 * (docs/product-rules.md, License history): its changes newest first, and when the registry first saw it.
 */
export const licenseHistorySchema = z.object({
  id: z.string(),
  license_number: z.string().nullable(),
  state: z.enum(STATE_NAMES),
  first_seen_at: isoTimestamp,
  events: z.array(licenseEventSchema),
});
export type LicenseHistory = z.infer<typeof licenseHistorySchema>;

/** One license as a verification document printed it (docs/product-rules.md, Verification). */
export const verifiedLicenseSchema = z.object({
  name_on_license: z.string(),
  license_type: z.enum(LICENSE_TYPES),
  state: z.enum(STATE_NAMES),
  license_number: z.string(),
  /** The board's status, normalised (active, suspended…). */
  status: z.enum(LICENSE_STATUSES),
  /** The board's own wording, e.g. 'CLEAR/ACTIVE'. */
  board_status_text: z.string().nullable(),
  issued: isoDate,
  expires: isoDate,
  discipline: z.string().nullable(),
  /** The board the record comes from; documents issued before sources said how they were read lack the last two. */
  source: licenseSourceSchema.partial({ method: true, lookup_url: true }),
  /** When the registry last read this record from the source (`license.last_seen_at`). */
  retrieved_at: isoTimestamp,
  /**
   * For a license verified by hand: the day a person checked the board's look-up and who they are —
   * printed "Verified by hand on {date} by {name}". Absent otherwise, and from documents issued before.
   */
  verified_by_hand: z.object({ checked_on: z.string(), verified_by: z.string() }).optional(),
});
export type VerifiedLicense = z.infer<typeof verifiedLicenseSchema>;

/**
 * What a verification document said, GET /api/v2/verifications/{id}: public, for whoever holds
 * the document. Holds no report name, account or e-mail: only what is printed.
 */
export const verificationSchema = z.object({
  id: z.string(),
  issued_at: isoTimestamp,
  /** A whole report's tracked licenses, or one license. */
  scope: z.enum(['report', 'license']),
  physician: z.object({ name: z.string(), license_type: z.enum(LICENSE_TYPES) }),
  licenses: z.array(verifiedLicenseSchema),
  /** True when the data came from the board simulator (development and tests), not the real boards. */
  simulated: z.boolean(),
  /**
   * The physician's exclusion check as of issue (docs/exclusions.md): its standing, each list's last
   * check, and the entries matched and not dismissed. Absent from documents issued before screening.
   */
  exclusions: z
    .object({
      status: z.enum(EXCLUSION_STATUSES),
      sources: z.array(exclusionSourceCheckSchema),
      matches: z.array(
        exclusionMatchSchema.pick({
          source: true,
          basis: true,
          status: true,
          name: true,
          npi: true,
          state: true,
          excluded_on: true,
          reinstated_on: true,
          type_label: true,
        }),
      ),
    })
    .optional(),
  /** SHA-256 (hex) of the snapshot as stored when the document was issued. */
  sha256: z.string(),
});
export type Verification = z.infer<typeof verificationSchema>;

export const verificationIdParamsSchema = z.object({ id: z.string().max(64) });

/** The public page that confirms a verification document (the web routes `/verify/:id`). */
export const VERIFY_PAGE_PATH = '/verify/:id';
export const verificationPageUrl = (baseUrl: string, id: string) =>
  `${baseUrl.replace(/\/$/, '')}${VERIFY_PAGE_PATH.replace(':id', encodeURIComponent(id))}`;
