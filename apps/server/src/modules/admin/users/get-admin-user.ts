import type { AdminUserDetail } from '@licensewatch/shared/admin';
import { ENTITLEMENTS, isInTrial, isPlanExpired } from '@licensewatch/shared/plans';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { user } from '../../accounts/tables.ts';
import { billedCallSql } from '../../plans/bill-api-call.ts';
import { ensureUserPlan } from '../../plans/ensure-user-plan.ts';
import { apiUsage, creditLedger, userCredit, userPlan } from '../../plans/tables.ts';
import { listReports } from '../../reports/list-reports.ts';
import { USER_NOT_FOUND } from './find-user-target.ts';

/** How many of the account's reports the detail panel lists, newest first. */
export const ADMIN_RECENT_REPORTS = 10;

/**
 * One account's subscription, credits, usage and recent reports (docs/product-rules.md, Users: Detail).
 * Administrators are not on the users screen, so their id is as unknown as a missing one (404).
 */
export async function getAdminUser(db: Db, userId: string): Promise<AdminUserDetail> {
  const [account] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  if (!account || account.role === 'admin') throw AppError.notFound(USER_NOT_FOUND);
  await ensureUserPlan(db, userId);

  const [[plan], [credits], [created], [calls], reports] = await Promise.all([
    db.select().from(userPlan).where(eq(userPlan.workspaceId, userId)),
    db.select().from(userCredit).where(eq(userCredit.workspaceId, userId)),
    // Reports ever created, deleted ones included: each cost a credit (the ledger keeps them).
    db
      .select({ n: count() })
      .from(creditLedger)
      .where(and(eq(creditLedger.workspaceId, userId), eq(creditLedger.reason, 'report-created'))),
    // Billed API calls (searches answered 200), the ones that cost an API credit.
    db
      .select({ n: count() })
      .from(apiUsage)
      .where(and(eq(apiUsage.userId, userId), billedCallSql(apiUsage))),
    listReports(db, userId),
  ]);
  if (!plan) throw new Error(`No plan for user ${userId}`);
  const entitlements = ENTITLEMENTS[plan.planName];

  return {
    subscription: {
      plan_name: plan.planName,
      status: subscriptionStatus(plan),
      // A paid subscription's period; a trial's or an assigned plan's end otherwise (Free: none).
      current_period_end: (plan.currentPeriodEnd ?? plan.endDate)?.toISOString() ?? null,
      plans: { report_credit: entitlements.reportCredits, api_credit: entitlements.apiCreditsPerMonth },
    },
    usage_limits: {
      report_count: created?.n ?? 0,
      report_credit: credits ? credits.reportCredits : 0,
      temp_report_credit: credits?.tempReportCredits ?? 0,
      api_count: calls?.n ?? 0,
      api_credit: credits?.apiCredits ?? 0,
      end_date: plan.endDate?.toISOString() ?? null,
    },
    report_stats: { current_count: reports.length },
    reports: reports.slice(0, ADMIN_RECENT_REPORTS).map((r) => ({
      id: r.id,
      name: r.name,
      license_type: r.licenseType,
      license_count: r.counts.total,
      created_at: r.createdAt.toISOString(),
      last_update: r.updateExecutedAt?.toISOString() ?? null,
      google_sheet_url: r.googleSheetUrl,
    })),
  };
}

type PlanRow = typeof userPlan.$inferSelect;

/**
 * The provider's status when a subscription pays for the plan; otherwise what the plan is: an
 * individual plan tried without payment ('trial'), lapsed ('expired'), or running ('active').
 * Free's trial flag only says that individual plans could be switched without payment, so Free is
 * 'active'.
 */
function subscriptionStatus(plan: PlanRow): string {
  if (plan.stripeSubscriptionId && plan.subscriptionStatus) return plan.subscriptionStatus;
  if (isPlanExpired(plan)) return 'expired';
  if (plan.planName !== 'free' && isInTrial(plan)) return 'trial';
  return 'active';
}
