import { DELETED_USER_LABEL } from '@licensewatch/shared/admin';
import { and, count, eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { deleteMessagesOf } from '../../../platform/outbox/delete-messages-of.ts';
import { deleteUser } from '../../accounts/delete-user.ts';
import { user } from '../../accounts/tables.ts';
import { cancelSubscriptionAtPeriodEnd } from '../../billing/cancel-subscription-at-period-end.ts';
import type { Billing } from '../../billing/create-billing.ts';
import { handOverOwnedOrganisations } from '../../organisations/hand-over-owned-organisations.ts';
import { userPlan } from '../../plans/tables.ts';
import { report } from '../../reports/tables.ts';
import { type AdminActor, recordAdminAction } from '../record-admin-action.ts';
import { adminAudit } from '../tables.ts';
import { findUserTarget, refuseAdminTarget, USER_NOT_FOUND } from './find-user-target.ts';

export const USER_DELETED = 'User deleted successfully';
export const SUBSCRIPTION_NOT_CANCELLED =
  "The payment provider could not cancel this user's subscription, so nothing was deleted. Please try again.";

/**
 * Deletes an account and everything of theirs (docs/product-rules.md, Admin area).
 * First a live subscription is set to cancel at its period end, so a deleted account is never
 * charged again; if the provider fails, nothing is deleted (502). Then one transaction: the rows
 * without a foreign key to the user (their messages, reset codes), the anonymising of the audit
 * rows about them, the user row (every other table of theirs cascades; the credit ledger keeps its
 * rows with user_id NULL), and the audit row of the deletion — which names no email.
 */
export async function deleteAdminUser(
  ctx: Pick<Platform, 'db' | 'log'> & { billing: Billing },
  actor: AdminActor,
  userId: string,
): Promise<{ message: string }> {
  const { db } = ctx;
  await findUserTarget(db, actor, userId);
  try {
    await cancelSubscriptionAtPeriodEnd(ctx, userId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'PAYMENT_PROVIDER_ERROR') {
      throw new AppError('PAYMENT_PROVIDER_ERROR', SUBSCRIPTION_NOT_CANCELLED, 502);
    }
    throw err;
  }
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, email: user.email, role: user.role, phone: user.phoneNumber })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!target) throw AppError.notFound(USER_NOT_FOUND);
    refuseAdminTarget(actor, target);
    const [[plan], [reports]] = await Promise.all([
      tx.select({ planName: userPlan.planName }).from(userPlan).where(eq(userPlan.workspaceId, userId)),
      tx.select({ n: count() }).from(report).where(eq(report.workspaceId, userId)),
    ]);

    await deleteMessagesOf(tx, { userId, email: target.email, phone: target.phone });
    await tx
      .update(adminAudit)
      .set({ targetLabel: DELETED_USER_LABEL })
      .where(and(eq(adminAudit.targetType, 'user'), eq(adminAudit.targetId, userId)));
    await handOverOwnedOrganisations(tx, userId);
    await deleteUser(tx, { userId, email: target.email });
    await recordAdminAction(tx, actor, {
      action: 'user.delete',
      targetType: 'user',
      targetId: userId,
      targetLabel: DELETED_USER_LABEL,
      before: { plan_name: plan?.planName ?? null, report_count: reports?.n ?? 0 },
    });
  });
  return { message: USER_DELETED };
}
