import { ENTITLEMENTS, isPlanExpired } from '@licensewatch/shared/plans';
import type { Db } from '../../../platform/db/client.ts';
import { ensureUserPlan } from '../../plans/ensure-user-plan.ts';

/**
 * Whether the user's plan sends email and SMS alerts now: Premium and the business plans
 * (docs/product-rules.md, Catalogue and entitlements), and not once the plan has expired (docs/product-rules.md, Plan expiry).
 */
export async function alertsIncluded(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const plan = await ensureUserPlan(db, userId);
  return ENTITLEMENTS[plan.planName].alerts && !isPlanExpired(plan, now);
}
