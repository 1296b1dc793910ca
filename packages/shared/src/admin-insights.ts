import { z } from 'zod';
import { ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX } from './admin.ts';
import { PROBE_OUTCOMES, SOURCE_METHODS } from './license-sources.ts';
import { PLAN_NAMES } from './plans.ts';

/**
 * The admin dashboard and billing overview (issue #20, docs/decisions/018): what the server
 * answers and the screens show. Kept apart from admin.ts so the users and settings screens' schemas
 * stay where they are.
 */

/** Days of the dashboard's usage chart and of its alert and activity figures. */
export const DASHBOARD_WINDOW_DAYS = 30;
/** "New this week": accounts created in the last 7 days. */
export const DASHBOARD_NEW_USER_DAYS = 7;
/** Trials shown as ending soon: those whose trial ends within this many days. */
export const DASHBOARD_TRIAL_ENDING_DAYS = 14;

/** What the dashboard says each figure means, so an operator reads the same definition the server computes. */
export const ADMIN_INSIGHTS_TEXT = {
  usersScope: 'Accounts without the administrator role.',
  activeDefinition: 'Active: signed in, or used a session (renewed once a day while in use), in the last 30 days.',
  mrrDefinition:
    "MRR: monthly catalogue price of each paid plan with a live subscription (active or trialing at the payment provider), trials not counted. Plans are people's and organizations' alike.",
  plansScope: "People's own plans and organizations' plans.",
  alertsDefinition:
    'Alert emails and texts created in the last 30 days. Failed: delivery attempted and still failing (retried for about a day, then every 6 hours).',
  boardsDefinition:
    'A state shows Site Not Available when a board a machine reads was last found unreachable or failed its last probe (npm run cli -- sources:probe), as on the public states page; a board never checked counts as Confirmed, and one verified by hand is neither.',
  loadError: 'Error loading the dashboard. Please try again later.',
  billingLoadError: 'Error loading billing. Please try again later.',
} as const;

const count = z.number().int();

export const adminDashboardSchema = z.object({
  generated_at: z.string(),
  users: z.object({ total: count, new_this_week: count, active_30_days: count }),
  plans: z.object({
    /**
     * Plans held, per plan: `users` counts every workspace on it — people's own and organisations'
     * (ADR 019) — and `organisations` how many of those are organisations; `paying` likewise.
     */
    per_plan: z.array(
      z.object({
        plan_name: z.enum(PLAN_NAMES),
        users: count,
        paying: count,
        organisations: count,
        paying_organisations: count,
      }),
    ),
    trials: count,
    trials_ending_14_days: count,
    paying: count,
    mrr_cents: count,
    /** The organisations' part of `paying` and of `mrr_cents`. */
    paying_organisations: count,
    organisations_mrr_cents: count,
  }),
  content: z.object({ reports: count, tracked_licenses: count }),
  usage: z.object({
    /** One entry per UTC day, oldest first, today last. */
    days: z.array(z.object({ date: z.string(), api_calls: count, credits_used: count })),
    api_calls: count,
    credits_used: count,
  }),
  alerts: z.object({
    email: z.object({ sent: count, failed: count }),
    sms: z.object({ sent: count, failed: count }),
  }),
  boards: z.object({
    /** Available and known to be: a board of the state was checked, probed or read. */
    states_confirmed: count,
    /** Available by the public rule, but no board of the state was ever checked, probed or read. */
    states_not_checked: count,
    states_unavailable: count,
    /** Configured boards by how they are read (bulk list, look-up, verified by hand, source off). */
    methods: z.object({ bulk: count, lookup: count, manual: count, off: count }),
    /**
     * Problems first: boards a machine should read but cannot now (last check or probe failed), then
     * those never ingested, then the longest without an ingest; boards no machine reads last.
     */
    list: z.array(
      z.object({
        board_id: z.string(),
        name: z.string(),
        jurisdiction: z.string(),
        method: z.enum(SOURCE_METHODS),
        /** Why a board is verified by hand or off; null for one a machine reads. */
        method_detail: z.string().nullable(),
        /** null: never checked (counts as Confirmed), or a board no machine reads. */
        available: z.boolean().nullable(),
        checked_at: z.string().nullable(),
        last_error: z.string().nullable(),
        /** The last `sources:probe`: null when never probed. `failures` null when it passed. */
        probe: z
          .object({
            outcome: z.enum(PROBE_OUTCOMES),
            probed_at: z.string(),
            failures: z.array(z.string()).nullable(),
            /** When a probe last passed. */
            verified_at: z.string().nullable(),
          })
          .nullable(),
        /** Users see "source unavailable" for this board now (the public rule). */
        source_unavailable: z.boolean(),
        last_successful_ingest_at: z.string().nullable(),
      }),
    ),
  }),
  /** The exclusion lists (docs/exclusions.md): each file's last read, and the matches waiting for review. */
  exclusions: z.object({
    files: z.array(
      z.object({
        /** The list: 'leie' or 'sam' (its exclusions extract). */
        source: z.string(),
        /** 'full', 'exclusions' or 'reinstatements' (the latest supplement read of each kind). */
        kind: z.string(),
        period: z.string().nullable(),
        status: z.string(),
        started_at: z.string(),
        rows_read: count,
        rows_rejected: count,
        error: z.string().nullable(),
        /** The first rejected rows, with their line and reason. */
        rejections: z.array(z.object({ row: z.number().int(), reason: z.string() })),
        last_success_at: z.string().nullable(),
      }),
    ),
    entries_listed: count,
    matches_confirmed: count,
    matches_to_review: count,
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

// ---- Billing overview: read from our own tables, kept by the payment webhook.

export const BILLING_EVENT_KINDS = ['checkout_completed', 'invoice_paid', 'payment_failed', 'refund'] as const;
export type BillingEventKind = (typeof BILLING_EVENT_KINDS)[number];

/** How many of each recent list the billing page shows. */
export const BILLING_RECENT_LIMIT = 20;

export const adminBillingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE),
});
export type AdminBillingQuery = z.infer<typeof adminBillingQuerySchema>;

const person = { user_id: z.string().nullable(), email: z.string().nullable() };

export const adminBillingEventSchema = z.object({
  id: z.string(),
  kind: z.enum(BILLING_EVENT_KINDS),
  occurred_at: z.string(),
  /** The person who pays, or for an organisation its owner; null once gone. */
  ...person,
  /** The organisation the event's workspace is; null for a person's own plan. */
  organisation: z.object({ id: z.string(), name: z.string() }).nullable(),
  customer_id: z.string().nullable(),
  customer_url: z.string().nullable(),
  subscription_id: z.string().nullable(),
  /** The checkout session, invoice or charge. */
  object_id: z.string().nullable(),
  plan_name: z.enum(PLAN_NAMES).nullable(),
  amount_cents: z.number().int().nullable(),
  currency: z.string().nullable(),
  attempt: z.number().int().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type AdminBillingEvent = z.infer<typeof adminBillingEventSchema>;

export const adminBillingSchema = z.object({
  /** 'test' when links go to Stripe's test dashboard (a test key or the built-in test provider). */
  stripe_mode: z.enum(['live', 'test', 'off']),
  subscriptions: z.object({
    items: z.array(
      z.object({
        /** The person paying, or for an organisation its owner (whom to contact); null if it has none. */
        ...person,
        /** The organisation the subscription pays for; null for a person's own plan. */
        organisation: z.object({ id: z.string(), name: z.string() }).nullable(),
        plan_name: z.enum(PLAN_NAMES),
        status: z.string().nullable(),
        current_period_end: z.string().nullable(),
        cancel_at_period_end: z.boolean(),
        customer_id: z.string().nullable(),
        subscription_id: z.string().nullable(),
        customer_url: z.string().nullable(),
        subscription_url: z.string().nullable(),
      }),
    ),
    total: count,
    page: count,
    page_size: count,
  }),
  failed_payments: z.array(adminBillingEventSchema),
  checkouts: z.array(adminBillingEventSchema),
  refunds: z.array(adminBillingEventSchema),
  credit_changes: z.array(
    z.object({
      id: z.string(),
      created_at: z.string(),
      ...person,
      reason: z.enum(['admin-grant', 'admin-reduce']),
      delta: z.number().int(),
      actor_email: z.string().nullable(),
    }),
  ),
});
export type AdminBilling = z.infer<typeof adminBillingSchema>;
