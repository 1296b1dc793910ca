import { MESSAGES } from '@licensewatch/shared/messages';
import { isPlanExpired } from '@licensewatch/shared/plans';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { ensureUserPlan, type UserPlan } from './ensure-user-plan.ts';

/** The user's plan, or 403 PLAN_EXPIRED when it has expired (docs/product-rules.md, Plan expiry). */
export async function requireActivePlan(db: Db, workspaceId: string): Promise<UserPlan> {
  const plan = await ensureUserPlan(db, workspaceId);
  if (isPlanExpired(plan)) throw new AppError('PLAN_EXPIRED', MESSAGES.reports.planExpired, 403);
  return plan;
}
