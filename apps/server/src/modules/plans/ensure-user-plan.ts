import type { PlanName } from '@licensewatch/shared/plans';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { user, workspace } from '../accounts/tables.ts';
import { startFreePlan } from './start-free-plan.ts';
import { userPlan } from './tables.ts';

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
 * The workspace's plan (a user's own or an organisation's, ADR 019). Accounts created before plans
 * existed, and organisations, get Free here on first use, with the trial counted from when the
 * workspace was created (as it would have been at sign-up).
 */
export async function ensureUserPlan(db: Db | Tx, workspaceId: string): Promise<UserPlan> {
  const [plan] = await db.select(columns).from(userPlan).where(eq(userPlan.workspaceId, workspaceId));
  if (plan) return plan;
  // A person's trial counts from their sign-up; an organisation's from its creation.
  const [found] = await db
    .select({ createdAt: sql<Date>`coalesce(${user.createdAt}, ${workspace.createdAt})`.mapWith(workspace.createdAt) })
    .from(workspace)
    .leftJoin(user, eq(user.id, workspace.id))
    .where(eq(workspace.id, workspaceId));
  if (!found) throw new Error(`No workspace ${workspaceId}`);
  await startFreePlan(db, workspaceId, { trialStartedAt: found.createdAt });
  const [created] = await db.select(columns).from(userPlan).where(eq(userPlan.workspaceId, workspaceId));
  if (!created) throw new Error(`No plan for workspace ${workspaceId}`);
  return created;
}
