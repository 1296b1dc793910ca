import { MESSAGES } from '@licensewatch/shared/messages';
import { ENTITLEMENTS, PLAN_LABELS, withinLimit } from '@licensewatch/shared/plans';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { userPlan } from '../plans/tables.ts';
import { countTrackedLicenses } from './count-tracked-licenses.ts';

/**
 * Refuses (403 PLAN_LIMIT, `refusal` names the plan and its limit) when the user's plan has no
 * place left for one more tracked license. Locks the user's plan row as the report update does
 * before attaching, so the two cannot together overrun the limit: call it inside the transaction
 * that then tracks the license.
 */
export async function ensureRoomToTrack(
  tx: Tx,
  workspaceId: string,
  refusal: keyof Pick<typeof MESSAGES.reports, 'restoreOverLimit' | 'confirmOverLimit' | 'recordOverLimit'>,
): Promise<void> {
  const [plan] = await tx
    .select({ planName: userPlan.planName })
    .from(userPlan)
    .where(eq(userPlan.workspaceId, workspaceId))
    .for('update');
  if (!plan) return;
  const limit = ENTITLEMENTS[plan.planName].trackedLicenses;
  if (!withinLimit(await countTrackedLicenses(tx, workspaceId), limit)) {
    throw new AppError('PLAN_LIMIT', MESSAGES.reports[refusal](PLAN_LABELS[plan.planName], limit ?? 0), 403);
  }
}
