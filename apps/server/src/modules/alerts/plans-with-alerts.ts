import { ENTITLEMENTS, PLAN_NAMES } from '@licensewatch/shared/plans';

/** The plans whose users get email and SMS alerts (DESIGN §6: Premium and the business plans). */
export const PLANS_WITH_ALERTS: string[] = PLAN_NAMES.filter((plan) => ENTITLEMENTS[plan].alerts);
