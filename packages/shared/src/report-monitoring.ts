import { z } from 'zod';
import { apiErrorSchema } from './accounts.ts';
import { reportExclusionsSchema } from './exclusions.ts';
import { isValidNpi } from './npi.ts';
import {
  checkIntervalSchema,
  EXTERNAL_ID_MAX,
  LICENSE_STANDINGS,
  reportCandidateSchema,
  reportLicenseSchema,
  reportSchema,
} from './reports.ts';
import { STATE_NAMES } from './states.ts';

// Reports for systems rather than people (docs/product-rules.md, Reports by API key): many at once,
// paged with filters, one whole, changed in place. A monitored physician is a report.

/** The most reports one bulk create takes. */
export const BULK_CREATE_MAX = 100;

/**
 * POST /api/v2/reports/bulk. Each row is what POST /api/v2/reports/ takes, checked on its own: a
 * bad row is answered in its place and the others go ahead.
 */
export const bulkCreateReportsRequestSchema = z.object({
  reports: z
    .array(z.record(z.string(), z.unknown()), { error: 'reports must be a list of reports' })
    .min(1, 'reports must hold at least one report')
    .max(BULK_CREATE_MAX, `At most ${BULK_CREATE_MAX} reports a call`),
});

/** What became of one row: made now, already there (its external_id), or refused with the reason. */
export const BULK_ROW_OUTCOMES = ['created', 'existing', 'failed'] as const;

export const bulkCreateReportsResponseSchema = z.object({
  results: z.array(
    z.object({
      /** The row's place in `reports`, from 0. */
      index: z.number().int(),
      outcome: z.enum(BULK_ROW_OUTCOMES),
      external_id: z.string().nullable(),
      report: reportSchema.nullable(),
      /** Why a failed row was refused, as the single create would say it, with the status it would answer. */
      error: apiErrorSchema.extend({ status: z.number().int() }).nullable(),
    }),
  ),
  created: z.number().int(),
  existing: z.number().int(),
  failed: z.number().int(),
});
export type BulkCreateReportsResponse = z.infer<typeof bulkCreateReportsResponseSchema>;

export const REPORT_PAGE_DEFAULT = 50;
export const REPORT_PAGE_MAX = 100;

const flag = z.enum(['true', 'false'], { error: 'Use true or false' }).transform((v) => v === 'true');

/** GET /api/v2/reports/: newest first, `cursor` the `next_cursor` of the page before. */
export const reportPageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(REPORT_PAGE_MAX).default(REPORT_PAGE_DEFAULT),
  /** Reports with at least one tracked license in this standing. */
  standing: z.enum(LICENSE_STANDINGS, { error: `standing must be one of ${LICENSE_STANDINGS.join(', ')}` }).optional(),
  /** Reports with a tracked license whose expiry date is within this many days (0 = today). */
  expiring_within_days: z.coerce.number().int().min(0).max(730).optional(),
  /** Reports with something that waits for someone to act (the report's needs_attention). */
  needs_attention: flag.optional(),
  /** Reports with a license verified by hand whose check is due again. */
  verification_due: flag.optional(),
  /** Reports created, or with a license attached or changed (status, expiry, discipline, removal), after this moment. */
  changed_since: z.iso.datetime({ offset: true, error: 'changed_since must be an ISO 8601 date and time' }).optional(),
  external_id: z.string().trim().min(1).max(EXTERNAL_ID_MAX).optional(),
});
export type ReportPageQuery = z.infer<typeof reportPageQuerySchema>;

export const reportPageResponseSchema = z.object({
  reports: z.array(reportSchema),
  /** Pass as `cursor` for the next page; null when this page is the last. */
  next_cursor: z.string().nullable(),
});

/** GET /api/v2/reports/:id: the report with everything a system needs to act on it, in one answer. */
export const reportDetailSchema = reportSchema.extend({
  /** Its tracked licenses: standing, board wording, discipline, the source and when it was read (verified_at). */
  licenses: z.array(reportLicenseSchema),
  /** Its exclusion screening: each list's last check and any matches. */
  exclusions: reportExclusionsSchema,
  /** Possible matches not decided on yet. */
  candidates: z.array(reportCandidateSchema),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

/**
 * PATCH /api/v2/reports/:id: what a system may change of a report. `states` may only add to the
 * report's states (each added one is searched, as at creation); null clears an NPI or external_id;
 * `check_interval` is how often the daily refresh checks it again (docs/product-rules.md, Check interval).
 */
export const updateReportRequestSchema = z
  .object({
    npi: z
      .string({ error: 'NPI must be text' })
      .trim()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine(isValidNpi, 'Enter a valid 10-digit NPI.')
      .nullable()
      .optional(),
    external_id: z.string().trim().min(1, 'external_id must not be empty').max(EXTERNAL_ID_MAX).nullable().optional(),
    states: z
      .array(z.enum(STATE_NAMES, { error: 'Each state must be a state name' }))
      .min(1)
      .optional(),
    check_interval: checkIntervalSchema.optional(),
  })
  .refine(
    (v) =>
      v.npi !== undefined || v.external_id !== undefined || v.states !== undefined || v.check_interval !== undefined,
    { message: 'Send at least one of npi, external_id, states, check_interval' },
  );
export type UpdateReportRequest = z.infer<typeof updateReportRequestSchema>;
