import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { setUserActive } from '../../accounts/set-user-active.ts';
import { type AdminActor, recordAdminAction } from '../record-admin-action.ts';
import { refuseAdminTarget, USER_NOT_FOUND } from './find-user-target.ts';

/**
 * Activates or deactivates an account from the users screen: the CLI's mechanism (flag and session
 * deletion in one transaction; the API-key look-up checks the flag), with the refusal of
 * administrators and the audit row in that same transaction.
 */
export async function setAdminUserActive(
  db: Db,
  actor: AdminActor,
  userId: string,
  active: boolean,
  reason?: string,
): Promise<{ id: string; is_active: boolean }> {
  const done = await setUserActive(db, { id: userId }, active, {
    inTransaction: async (tx, before) => {
      refuseAdminTarget(actor, before);
      await recordAdminAction(tx, actor, {
        action: active ? 'user.activate' : 'user.deactivate',
        targetType: 'user',
        targetId: before.id,
        targetLabel: before.email,
        before: { is_active: before.isActive },
        after: { is_active: active },
        reason,
      });
    },
  });
  if (!done) throw AppError.notFound(USER_NOT_FOUND);
  return { id: done.userId, is_active: active };
}
