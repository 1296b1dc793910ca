import type { PlanName } from '@licensewatch/shared/plans';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { user, userPlan } from '../../platform/db/schema.ts';
import { startFreePlan } from './start-free-plan.ts';

export type UserPlan = {
  planName: PlanName;
  isTrial: boolean;
  trialEndsAt: Date | null;
  endDate: Date | null;
};

const columns = {
  planName: userPlan.planName,
  isTrial: userPlan.isTrial,
  trialEndsAt: userPlan.trialEndsAt,
  endDate: userPlan.endDate,
};

/**
 * The user's plan. Accounts created before plans existed get Free here, on first use, with the
 * trial counted from when the account was created (as it would have been at sign-up).
 */
export async function ensureUserPlan(db: Db | Tx, userId: string): Promise<UserPlan> {
  const [plan] = await db.select(columns).from(userPlan).where(eq(userPlan.userId, userId));
  if (plan) return plan;
  const [account] = await db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, userId));
  if (!account) throw new Error(`No user ${userId}`);
  await startFreePlan(db, userId, { trialStartedAt: account.createdAt });
  const [created] = await db.select(columns).from(userPlan).where(eq(userPlan.userId, userId));
  if (!created) throw new Error(`No plan for user ${userId}`);
  return created;
}
