import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { user } from '../../accounts/tables.ts';
import type { AdminActor } from '../record-admin-action.ts';

export type UserTarget = { id: string; email: string; role: string };

export const USER_NOT_FOUND = 'No such user.';
export const SELF_TARGET_REFUSED = 'You cannot change or delete your own account from the users screen.';
export const ADMIN_TARGET_REFUSED = 'Administrator accounts cannot be changed or deleted from the users screen.';

/**
 * Refuses what the users screen must not touch (docs/product-rules.md, Admin area): the acting
 * administrator's own account and any other administrator's. Throws 403 ADMIN_TARGET_REFUSED, so
 * inside a transaction the change rolls back with it.
 */
export function refuseAdminTarget(actor: AdminActor, target: { id: string; role: string }): void {
  if (target.id === actor.id) throw new AppError('ADMIN_TARGET_REFUSED', SELF_TARGET_REFUSED, 403);
  if (target.role === 'admin') throw new AppError('ADMIN_TARGET_REFUSED', ADMIN_TARGET_REFUSED, 403);
}

/** The account an admin change is about: 404 when there is none, 403 when the screen may not change it. */
export async function findUserTarget(db: Db | Tx, actor: AdminActor, userId: string): Promise<UserTarget> {
  const [target] = await db
    .select({ id: user.id, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.id, userId));
  if (!target) throw AppError.notFound(USER_NOT_FOUND);
  refuseAdminTarget(actor, target);
  return target;
}
