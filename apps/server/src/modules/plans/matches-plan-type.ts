import { PLAN_TYPE_OF, type PlanName, type PlanType } from '@licensewatch/shared/plans';

/**
 * Whether a client's plan_type names the plan's kind. Free is its own type but the pricing page
 * shows it among the individual cards (PLAN_CATALOGUE), so a client may send either for it.
 */
export function matchesPlanType(planName: PlanName, planType: PlanType): boolean {
  return PLAN_TYPE_OF[planName] === planType || (planName === 'free' && planType === 'individual');
}
