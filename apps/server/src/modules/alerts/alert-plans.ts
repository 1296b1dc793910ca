import { ENTITLEMENTS, PLAN_NAMES, type PlanName } from '@licensewatch/shared/plans';

/** The plans whose entitlements include alerts (docs/product-rules.md, Catalogue and entitlements), from the shared catalogue. */
export const ALERT_PLANS: readonly PlanName[] = PLAN_NAMES.filter((name) => ENTITLEMENTS[name].alerts);
// None of them is Free, the only plan without an end date (user_plan_end_date_check), so the
// queries check `end_date > now` alone for "not expired".
