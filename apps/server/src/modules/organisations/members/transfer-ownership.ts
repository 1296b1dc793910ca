import { ORGANISATION_MESSAGES } from '@licensewatch/shared/organisations';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { organisationMember } from '../tables.ts';
import { findMembership } from './find-membership.ts';

/**
 * Makes another member the owner (owner only); the former owner stays as an admin. One transaction,
 * the old owner's row first, so the one-owner index holds at every step.
 */
export async function transferOwnership(
  db: Db,
  { userId, organisationId, newOwnerId }: { userId: string; organisationId: string; newOwnerId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const me = await findMembership(tx, organisationId, userId, { forUpdate: true });
    if (me.role !== 'owner') {
      throw new AppError('ORGANISATION_OWNER_REQUIRED', ORGANISATION_MESSAGES.ownerOnly, 403);
    }
    if (newOwnerId === userId) return;
    await findMembership(tx, organisationId, newOwnerId, { forUpdate: true }).catch(() => {
      throw new AppError('BAD_REQUEST', ORGANISATION_MESSAGES.transferToMember, 400);
    });
    const member = (id: string) =>
      and(eq(organisationMember.organisationId, organisationId), eq(organisationMember.userId, id));
    await tx.update(organisationMember).set({ role: 'admin' }).where(member(userId));
    await tx.update(organisationMember).set({ role: 'owner' }).where(member(newOwnerId));
  });
}
