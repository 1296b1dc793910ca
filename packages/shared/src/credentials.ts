import { z } from 'zod';
import { API_KEY_SCOPES } from './api-keys.ts';
import { PLAN_NAMES } from './plans.ts';

/** GET /api/v1/credentials/ (docs/product-rules.md, API key and credentials). */
export const credentialsResponseSchema = z.object({
  reports_plan: z.object({
    /**
     * Set for every plan in force, so "missing or past = expired" holds as docs/product-rules.md (Plan expiry) writes it: Free's
     * trial end, then the first of next month (when Free renews itself); a lapsed plan's past end (ADR 026).
     */
    end_date: z.string().nullable(),
    remain_report_number: z.number().int().nullable(),
    /** Added to the original record: which plan the end date belongs to. */
    plan_name: z.enum(PLAN_NAMES),
  }),
  credential_key: z.string(),
  /** Added: what the key may do (api-keys.ts), in the order of API_KEY_SCOPES. */
  credential_scopes: z.array(z.enum(API_KEY_SCOPES)),
  amount: z.number().int(),
});
export type Credentials = z.infer<typeof credentialsResponseSchema>;

/** The pools a credit ledger row moves: plan report credits, temporary report credits, API credits. */
export const CREDIT_KINDS = ['report', 'temp_report', 'api'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** Why a ledger row was written (docs/product-rules.md, Report credits). */
export const CREDIT_REASONS = [
  'plan-start',
  'plan-change',
  'report-created',
  'admin-grant',
  'admin-reduce',
  'demo-plan',
  'api-call',
  'billing-period',
  'trial-switch',
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** Rows per page of the credit history unless asked otherwise, and the most one page holds. */
export const CREDIT_HISTORY_PAGE = 20;
export const CREDIT_HISTORY_MAX_PAGE = 50;

/** GET /api/v2/credentials/history: `cursor` is the `next_cursor` of the page before. */
export const creditHistoryQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(CREDIT_HISTORY_MAX_PAGE).default(CREDIT_HISTORY_PAGE),
});

/**
 * One row of the credit history: one ledger row, or one UTC day of API calls summed (`count`
 * calls, `delta` their total, `balance_after` the balance after the day's last call).
 */
export const creditHistoryEntrySchema = z.object({
  id: z.string(),
  /** When it happened; for a day of API calls, its last call. */
  date: z.string(),
  kind: z.enum(CREDIT_KINDS),
  reason: z.enum(CREDIT_REASONS),
  delta: z.number().int(),
  /** null: the pool is unlimited. */
  balance_after: z.number().int().nullable(),
  /** Ledger rows this row stands for: more than 1 only for a day of API calls. */
  count: z.number().int(),
  /** The report a report-created row paid for; null once that report is deleted. */
  report_name: z.string().nullable(),
  /** The plan a plan row moved to; null on other rows and on plan rows older than this field. */
  plan_name: z.enum(PLAN_NAMES).nullable(),
});
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;

export const creditHistoryResponseSchema = z.object({
  entries: z.array(creditHistoryEntrySchema),
  /** Pass as `cursor` for the next (older) page; null when this page is the last. */
  next_cursor: z.string().nullable(),
});
export type CreditHistory = z.infer<typeof creditHistoryResponseSchema>;

/** PUT /api/v2/credentials/scopes: the whole set, in any order; `search` may be left out. */
export const setApiKeyScopesRequestSchema = z.object({
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `Each scope must be one of ${API_KEY_SCOPES.join(', ')}` }), {
      error: 'scopes must be a list',
    })
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope may be named once'),
});
export type SetApiKeyScopesRequest = z.infer<typeof setApiKeyScopesRequestSchema>;
