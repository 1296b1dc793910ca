import { type InvitedRole, ORGANISATION_MESSAGES } from '@licensewatch/shared/organisations';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { organisationMember } from '../tables.ts';
import { findManagerMembership, findMembership } from './find-membership.ts';

/**
 * Makes a member an admin or a viewer (owner or admin only). The owner's role is not changed here
 * (409: ownership moves by transfer). An admin may change their own role, and so step down.
 */
export async function changeMemberRole(
  db: Db,
  {
    userId,
    organisationId,
    memberId,
    role,
  }: { userId: string; organisationId: string; memberId: string; role: InvitedRole },
): Promise<void> {
  await db.transaction(async (tx) => {
    await findManagerMembership(tx, organisationId, userId, { forUpdate: true });
    const target = await findMembership(tx, organisationId, memberId, { forUpdate: true }).catch(() => {
      throw AppError.notFound(ORGANISATION_MESSAGES.memberNotFound);
    });
    if (target.role === 'owner') throw new AppError('OWNER_ROLE_FIXED', ORGANISATION_MESSAGES.ownerRoleFixed, 409);
    await tx
      .update(organisationMember)
      .set({ role })
      .where(and(eq(organisationMember.organisationId, organisationId), eq(organisationMember.userId, memberId)));
  });
}
