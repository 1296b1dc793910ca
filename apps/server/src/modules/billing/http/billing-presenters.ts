import type { CurrentPlan as CurrentPlanAnswer, PlanPrices } from '@licensewatch/shared/billing';
import { isInTrial, PAID_PLAN_NAMES, PLAN_TYPE_OF } from '@licensewatch/shared/plans';
import type { CurrentPlan } from '../../plans/get-current-plan.ts';
import type { Billing } from '../create-billing.ts';

export function presentCurrentPlan(plan: CurrentPlan, now = new Date()): CurrentPlanAnswer {
  return {
    plan_type: PLAN_TYPE_OF[plan.planName],
    plan_name: plan.planName,
    is_trial: isInTrial(plan, now),
    trial_ends_at: plan.trialEndsAt?.toISOString() ?? null,
    end_date: plan.endDate?.toISOString() ?? null,
    cancel_at_period_end: plan.cancelAtPeriodEnd,
    has_billing_account: plan.hasBillingAccount,
  };
}

export function presentPlanPrices(billing: Billing): PlanPrices {
  return {
    prices: PAID_PLAN_NAMES.flatMap((plan_name) => {
      const price_id = billing.prices[plan_name];
      return price_id ? [{ plan_name, price_id }] : [];
    }),
    test_mode: billing.mode === 'test',
  };
}
