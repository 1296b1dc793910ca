import { ORGANISATION_MESSAGES } from '@licensewatch/shared/organisations';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { leaveOrganisation } from '../../accounts/leave-organisation.ts';
import { organisationMember } from '../tables.ts';
import { findManagerMembership, findMembership } from './find-membership.ts';

/**
 * Removes a member (owner or admin), or lets a member leave (removing themselves). The owner can do
 * neither (409): ownership must be transferred first, so an organisation always has an owner. The
 * removed member's sessions stop working in the organisation at once (the session read checks
 * membership), and are pointed back at their own workspace; their API key for the organisation is
 * deleted (ADR 022; the key check also requires membership, so it would fail anyway).
 */
export async function removeMember(
  db: Db,
  { userId, organisationId, memberId }: { userId: string; organisationId: string; memberId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (memberId === userId) await findMembership(tx, organisationId, userId, { forUpdate: true });
    else await findManagerMembership(tx, organisationId, userId, { forUpdate: true });
    const target = await findMembership(tx, organisationId, memberId, { forUpdate: true }).catch(() => {
      throw AppError.notFound(ORGANISATION_MESSAGES.memberNotFound);
    });
    if (target.role === 'owner') throw new AppError('OWNER_CANNOT_LEAVE', ORGANISATION_MESSAGES.ownerCannotLeave, 409);
    await tx
      .delete(organisationMember)
      .where(and(eq(organisationMember.organisationId, organisationId), eq(organisationMember.userId, memberId)));
    await leaveOrganisation(tx, memberId, organisationId);
  });
}
