import type { EnrolmentEstimate, EnrolPhysiciansInput } from '@licensewatch/shared/mcp-tools';
import { countOf } from '@licensewatch/shared/numbers';
import { ENTITLEMENTS, PLAN_LABELS } from '@licensewatch/shared/plans';
import type { BulkCreateReportsResponse } from '@licensewatch/shared/report-monitoring';
import { and, eq, inArray } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import { countReportCredits } from '../plans/count-report-credits.ts';
import { requireActivePlan } from '../plans/require-active-plan.ts';
import { createReportsInBulk } from '../reports/create-reports-in-bulk.ts';
import { presentBulkCreate } from '../reports/present-report.ts';
import { report } from '../reports/tables.ts';

/**
 * The enrol tool (docs/product-rules.md, MCP server). An agent acts on a person's behalf and a
 * report credit spent is not given back, so without `confirm: true` nothing is created: the answer
 * says what the call would spend, for the agent to put to the person first. Confirmed, the rows go
 * through the bulk create (POST /api/v2/reports/bulk) unchanged, so its credits, limits, idempotent
 * externalIds and per-row answers are the API's.
 */
export async function enrolPhysicians(
  ctx: Pick<Platform, 'db' | 'jobs' | 'log'>,
  workspaceId: string,
  input: EnrolPhysiciansInput,
): Promise<EnrolmentEstimate | (BulkCreateReportsResponse & { confirmed: true })> {
  if (input.confirm !== true) return estimateEnrolment(ctx, workspaceId, input);
  return { confirmed: true, ...presentBulkCreate(await createReportsInBulk(ctx, workspaceId, input.physicians)) };
}

/** What a confirmed call would spend: one report credit a physician not enrolled yet (by externalId). */
async function estimateEnrolment(
  { db }: Pick<Platform, 'db'>,
  workspaceId: string,
  input: EnrolPhysiciansInput,
): Promise<EnrolmentEstimate> {
  // An expired plan refuses the confirmed call whole: say so now rather than after the person agreed.
  const plan = await requireActivePlan(db, workspaceId);
  const asked = input.physicians.flatMap((p) => (p.externalId ? [p.externalId] : []));
  const enrolled = new Set<string>();
  if (asked.length > 0) {
    const found = await db
      .select({ externalId: report.externalId })
      .from(report)
      .where(and(eq(report.workspaceId, workspaceId), inArray(report.externalId, asked)));
    for (const r of found) if (r.externalId) enrolled.add(r.externalId);
  }
  // A second row naming an externalId the first creates is that same report (the bulk create's rule).
  let wouldCreate = 0;
  for (const p of input.physicians) {
    if (p.externalId && enrolled.has(p.externalId)) continue;
    if (p.externalId) enrolled.add(p.externalId);
    wouldCreate += 1;
  }
  const alreadyEnrolled = input.physicians.length - wouldCreate;
  const now = await countReportCredits(db, workspaceId);
  const after = now === null ? null : now - wouldCreate;
  const entitlements = ENTITLEMENTS[plan.planName];
  const label = PLAN_LABELS[plan.planName];
  const spend = `Enrolling would create ${countOf(wouldCreate, 'report', 'reports')} and spend ${countOf(wouldCreate, 'report credit', 'report credits')}`;
  const credits =
    now === null
      ? `your ${label} plan's report credits are unlimited`
      : `${countOf(now, 'credit', 'credits')} left now, ${Math.max(after ?? 0, 0).toLocaleString('en-US')} after`;
  const short =
    after !== null && after < 0
      ? ` Only ${countOf(now ?? 0, 'report', 'reports')} can be created: the rest would fail with NO_REPORT_CREDITS.`
      : '';
  return {
    confirmed: false,
    would_create: wouldCreate,
    already_enrolled: alreadyEnrolled,
    report_credits_now: now,
    report_credits_after: after,
    plan: {
      name: plan.planName,
      states_per_report: entitlements.statesPerReport,
      tracked_licenses: entitlements.trackedLicenses,
    },
    message: `${spend} (${credits}).${short} Nothing was created: call again with confirm: true to enrol.`,
  };
}
