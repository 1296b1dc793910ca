import { isInTrial, PLAN_LABELS, PLAN_TYPE_OF, type PlanName, type PlanType } from '@licensewatch/shared/plans';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { assignPlan } from './assign-plan.ts';
import { ensureUserPlan } from './ensure-user-plan.ts';
import { matchesPlanType } from './matches-plan-type.ts';

export const TRIAL_ENDED = 'Plans can be switched without payment only during the free trial.';
export const BUSINESS_NOT_IN_TRIAL =
  'Business plans are not part of the free trial. Only Free, Basic and Premium can be switched without payment.';

/**
 * docs/product-rules.md, Trial: during the trial an individual plan is switched directly, without
 * payment; its credits become that plan's allowance less what was already spent in the trial,
 * so switching back and forth refills nothing. Anything else changes nothing.
 */
export async function switchTrialPlan(
  db: Db,
  userId: string,
  { planType, planName }: { planType: PlanType; planName: PlanName },
): Promise<void> {
  if (!matchesPlanType(planName, planType)) {
    throw AppError.validation(`plan_type "${planType}" does not match the ${PLAN_LABELS[planName]} plan.`);
  }
  if (PLAN_TYPE_OF[planName] === 'business') throw new AppError('NOT_A_TRIAL_PLAN', BUSINESS_NOT_IN_TRIAL, 403);
  const plan = await ensureUserPlan(db, userId);
  if (!isInTrial(plan)) throw new AppError('TRIAL_ENDED', TRIAL_ENDED, 403);
  if (plan.planName === planName) return;
  await assignPlan(db, { userId, planName, trial: true, reason: 'trial-switch', carryOverUsed: true });
}
