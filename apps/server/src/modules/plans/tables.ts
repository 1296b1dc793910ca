import type { CreditKind, CreditReason } from '@licensewatch/shared/credentials';
import type { PlanName } from '@licensewatch/shared/plans';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, generatedId, timestamps } from '../../platform/db/columns.ts';
import { user, workspace } from '../accounts/tables.ts';

// ---- Plans and credits (docs/product-rules.md, Plans; ADR 007).

/**
 * The plan a user is on. `end_date` is the end of paid access or of the trial; Free never lapses,
 * so its end_date is NULL and only Free may have none. Trial dates are kept after the trial ends:
 * they say when individual plans could be switched without payment.
 */
export const userPlan = pgTable(
  'user_plan',
  {
    workspaceId: text('workspace_id')
      .primaryKey()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    planName: text('plan_name').$type<PlanName>().notNull(),
    isTrial: boolean('is_trial').default(false).notNull(),
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    // Billing (Stripe, or the built-in test mode): the customer and the subscription paying for a
    // paid plan, as last read from the provider. NULL on Free and trial plans.
    stripeCustomerId: text('stripe_customer_id').unique(),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    subscriptionStatus: text('subscription_status'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').default(false).notNull(),
    // When API credits were last granted for a business plan's month.
    apiCreditsGrantedAt: timestamp('api_credits_granted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [check('user_plan_end_date_check', sql`${t.planName} = 'free' OR ${t.endDate} IS NOT NULL`)],
);

/** Credit balances. report_credits NULL = unlimited (Enterprise); the other pools are always counted. */
export const userCredit = pgTable(
  'user_credit',
  {
    workspaceId: text('workspace_id')
      .primaryKey()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    reportCredits: integer('report_credits'),
    // Granted by administrators on top of the plan; spent before the plan's own credits.
    tempReportCredits: integer('temp_report_credits').default(0).notNull(),
    apiCredits: integer('api_credits').default(0).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('user_credit_report_credits_check', sql`${t.reportCredits} >= 0`),
    check('user_credit_temp_report_credits_check', sql`${t.tempReportCredits} >= 0`),
    check('user_credit_api_credits_check', sql`${t.apiCredits} >= 0`),
  ],
);

// The ledger's vocabulary is the API's (the credit history answers it as stored).
export type { CreditKind, CreditReason };

/** Every grant and spend, written in the same transaction as the balance change. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: generatedId(),
    // NULL once the workspace is deleted: the record of what was granted and spent stays, anonymised.
    workspaceId: text('workspace_id').references(() => workspace.id, { onDelete: 'set null' }),
    kind: text('kind').$type<CreditKind>().notNull(),
    delta: integer('delta').notNull(),
    // NULL when the pool is unlimited.
    balanceAfter: integer('balance_after'),
    reason: text('reason').$type<CreditReason>().notNull(),
    // The administrator who granted or reduced; NULL for the system and the user's own spending.
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    // No foreign key: deleting a report keeps the record of the credit it cost.
    reportId: text('report_id'),
    // The plan a plan row moved to (start, change, trial switch, billing period), so the credit
    // history can name it; NULL on spends and grants, and on plan rows written before it was kept.
    planName: text('plan_name').$type<PlanName>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_workspace_idx').on(t.workspaceId, t.createdAt),
    // The admin dashboard's credits used per day: spends only, with their amount, so the 30-day
    // window is read from the index alone (index-only scan once vacuumed).
    index('credit_ledger_spend_idx').on(t.createdAt, t.delta).where(sql`delta < 0`),
    // The admin billing page's latest temporary-credit grants and reductions.
    index('credit_ledger_reason_idx').on(t.reason, t.createdAt),
  ],
);

/**
 * One search API call by a known key, written with the credit it cost (status 200) or without one
 * (an error). `query` is what the caller asked, nothing else about them; `key_id` is the first 12
 * characters of the key's look-up HMAC (base64url), so calls made with a regenerated key are told apart
 * without keeping the key.
 */
export const apiUsage = pgTable(
  'api_usage',
  {
    id: generatedId(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // The workspace the call was billed to: the key's (ADR 022).
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    keyId: text('key_id').notNull(),
    endpoint: text('endpoint').notNull(),
    status: integer('status').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    resultCount: integer('result_count').notNull(),
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('api_usage_user_idx').on(t.userId, t.createdAt),
    index('api_usage_workspace_idx').on(t.workspaceId, t.createdAt),
    // The admin dashboard's 30-day chart across every user.
    index('api_usage_created_idx').on(t.createdAt),
  ],
);
