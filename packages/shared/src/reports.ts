import { z } from 'zod';
import { LICENSE_STATUSES, LICENSE_TYPES, licenseStatusLabel } from './licenses.ts';
import { STATE_NAMES, type StateCode, toStateCode } from './states.ts';

export const REPORT_NAME_MAX = 200;
export const PERSON_NAME_MAX = 100;

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

/** The create-report payload, POST /api/v2/reports/. States are the UI's names ('Washington, DC'). */
export const createReportRequestSchema = z.object({
  name: optionalText('Report name', REPORT_NAME_MAX),
  firstName: personName('First name'),
  middleName: optionalText('Middle name', PERSON_NAME_MAX),
  lastName: personName('Last name'),
  licenseType: z.enum(LICENSE_TYPES, { error: 'License type must be MD or DO' }),
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
});
export type CreateReportRequest = z.infer<typeof createReportRequestSchema>;

const isoTimestamp = z.string();
/** YYYY-MM-DD, or null when the board publishes none. */
const isoDate = z.string().nullable();

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
  /** Added: licenses whose board status is neither active nor expired (suspended, revoked, probation…). */
  needs_attention_license: z.number().int(),
  update_excuted_date: isoTimestamp.nullable(),
  google_sheet_url: z.string().nullable(),
  airtable_base_url: z.string().nullable(),
  /** Added: the states the report covers, as the UI names them. */
  states: z.array(z.enum(STATE_NAMES)),
  /** Added: confident matches not tracked because the plan's tracked-license limit was reached. */
  untracked_over_limit: z.number().int(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListResponseSchema = z.array(reportSchema);

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
});
export type ReportLicense = z.infer<typeof reportLicenseSchema>;

export const reportLicensesResponseSchema = z.array(reportLicenseSchema);

export const hideLicenseResponseSchema = z.object({ id: z.string(), hidden: z.literal(true) });

export const deleteReportResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });

/** Update status, GET /api/v2/states/update-status/{id} (docs/product-rules.md, Update progress). */
export const updateStatusResponseSchema = z.object({
  is_completed: z.boolean(),
  progress: z.number().int().min(0).max(100),
  /** Added: states whose board could not be searched; their licenses come from the registry and are searched again later. */
  unavailable_states: z.array(z.enum(STATE_NAMES)),
});
export type UpdateStatus = z.infer<typeof updateStatusResponseSchema>;

export const reportIdParamsSchema = z.object({ id: z.string() });
