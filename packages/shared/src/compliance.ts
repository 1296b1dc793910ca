import { z } from 'zod';
import { type Verification, verificationSchema } from './reports.ts';

/**
 * The monthly compliance record (docs/product-rules.md, Monthly compliance record): for every report
 * of a workspace, whether each tracked license and each exclusion list was checked within a month,
 * read from the compliance ledger (ADR 040), and the gaps with why.
 */

/** Why a line was not checked in the month, the most telling reason first. */
export const COMPLIANCE_GAP_REASONS = [
  'board_unavailable',
  'manual_overdue',
  'sam_not_configured',
  'not_checked',
] as const;
export type ComplianceGapReason = (typeof COMPLIANCE_GAP_REASONS)[number];

/** Each gap reason in words, as the page, the CSV and the PDF print it. */
export const COMPLIANCE_GAP_WORDS = {
  board_unavailable: 'Board unavailable',
  manual_overdue: 'Verification by hand overdue',
  sam_not_configured: 'SAM.gov not configured',
  not_checked: 'Not checked this month',
} as const satisfies Record<ComplianceGapReason, string>;

/** The exclusion lists every report is screened against, named as the ledger names them. */
export const COMPLIANCE_LISTS = ['OIG LEIE', 'SAM.gov'] as const;

export const COMPLIANCE_METHODS = ['bulk', 'lookup', 'manual', 'list'] as const;

/** Every user-visible string of the monthly record. */
export const COMPLIANCE_MESSAGES = {
  monthFormat: 'month: Give the month as YYYY-MM, for example 2026-03',
  monthInFuture: 'month: That month has not begun yet',
  loadFailed: 'Could not load the compliance record. Please try again.',
  gapsOnly: 'Only reports with a gap',
  noGapsTitle: 'No gaps this month',
  noGaps: 'Every license and exclusion list of every report was checked in this month.',
  showing: (from: number, to: number, total: number) =>
    `Reports ${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
} as const;

/** YYYY-MM of `date` in UTC: the ledger's months are UTC months. */
export const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** A month, YYYY-MM, not after the current one (UTC). */
export const complianceMonthParamsSchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, COMPLIANCE_MESSAGES.monthFormat)
    .refine((month) => month <= monthOf(new Date()), COMPLIANCE_MESSAGES.monthInFuture),
});

/** The last check of a line in the month, from the ledger. */
export const complianceCheckSchema = z.object({
  checked_at: z.string(),
  /** The board's or the list's name as checked. */
  source: z.string(),
  method: z.enum(COMPLIANCE_METHODS),
  /** What it found, in words ("active", "not found", "no match", "2 matches"). */
  result: z.string(),
});
export type ComplianceCheck = z.infer<typeof complianceCheckSchema>;

/** A tracked license or an exclusion list of one report, and whether it was checked in the month. */
export const complianceLineSchema = z.object({
  /** The state's name for a license; null for a list. */
  state: z.string().nullable(),
  license_number: z.string().nullable(),
  /** The board's name for a license, the list's for a list. */
  source: z.string(),
  last_check: complianceCheckSchema.nullable(),
  /** Null when checked in the month. */
  gap: z.enum(COMPLIANCE_GAP_REASONS).nullable(),
});
export type ComplianceLine = z.infer<typeof complianceLineSchema>;

export const complianceReportSchema = z.object({
  report_id: z.string(),
  physician: z.string(),
  external_id: z.string().nullable(),
  licenses: z.array(complianceLineSchema),
  lists: z.array(complianceLineSchema),
});
export type ComplianceReport = z.infer<typeof complianceReportSchema>;

export const complianceSummarySchema = z.object({
  reports: z.number().int(),
  licenses_checked: z.number().int(),
  licenses_total: z.number().int(),
  lists_checked: z.number().int(),
  lists_total: z.number().int(),
  gaps: z.object({
    board_unavailable: z.number().int(),
    manual_overdue: z.number().int(),
    sam_not_configured: z.number().int(),
    not_checked: z.number().int(),
  }),
});
export type ComplianceSummary = z.infer<typeof complianceSummarySchema>;

/** Reports per page of the month's record (the page and the API; the CSV and the PDF hold them all). */
export const COMPLIANCE_PAGE_DEFAULT = 50;
export const COMPLIANCE_PAGE_MAX = 200;

/** `?page=&per_page=&gaps_only=`: reports by last name, one page of them; the summary covers all. */
export const complianceMonthQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page: Give a page number from 1' })
    .int()
    .min(1, 'page: Give a page number from 1')
    .default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1, `per_page: Choose between 1 and ${COMPLIANCE_PAGE_MAX}`)
    .max(COMPLIANCE_PAGE_MAX, `per_page: Choose between 1 and ${COMPLIANCE_PAGE_MAX}`)
    .default(COMPLIANCE_PAGE_DEFAULT),
  /** Only the reports with at least one gap. */
  gaps_only: z
    .enum(['true', 'false'], { error: 'gaps_only: Use true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type ComplianceMonthQuery = z.infer<typeof complianceMonthQuerySchema>;

export const complianceMonthSchema = z.object({
  month: z.string(),
  /**
   * The ledger's head at the month's end: the last entry checked before it (its seq and hash), which
   * anchors the chain (ADR 040, 043). Null when the workspace had no entry by then.
   */
  head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  summary: complianceSummarySchema,
  reports: z.array(complianceReportSchema),
});
export type ComplianceMonth = z.infer<typeof complianceMonthSchema>;

/** One page of a month's record: the whole month's summary and head, the page's reports. */
export const complianceMonthPageSchema = complianceMonthSchema.extend({
  page: z.object({
    number: z.number().int(),
    per_page: z.number().int(),
    /** Reports that match (all, or those with a gap), over every page. */
    reports: z.number().int(),
    pages: z.number().int(),
  }),
});
export type ComplianceMonthPage = z.infer<typeof complianceMonthPageSchema>;

/**
 * A signed monthly statement (ADR 043): the month as issued, stored with its SHA-256 like a report's
 * verification document and confirmed on the same /verify page; `kind` tells the two apart.
 */
export const complianceStatementSchema = complianceMonthSchema.extend({
  kind: z.literal('compliance_month'),
  id: z.string(),
  issued_at: z.string(),
  /** The workspace's name: the organisation's, or the user's for a personal workspace. */
  workspace: z.string(),
  simulated: z.boolean(),
  sha256: z.string(),
});
export type ComplianceStatement = z.infer<typeof complianceStatementSchema>;

/** What `GET /api/v2/verifications/:id` answers: a report's verification or a monthly statement. */
export const verificationLookupSchema = z.union([complianceStatementSchema, verificationSchema]);
export type VerificationLookup = ComplianceStatement | Verification;

export const isComplianceStatement = (v: VerificationLookup): v is ComplianceStatement =>
  'kind' in v && v.kind === 'compliance_month';
