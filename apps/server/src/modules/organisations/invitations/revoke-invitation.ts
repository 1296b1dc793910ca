import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { findManagerMembership } from '../members/find-membership.ts';
import { organisationInvitation } from '../tables.ts';

/** Revokes a pending invitation of the organisation (owner or admin); its link stops working at once. */
export async function revokeInvitation(
  db: Db,
  { userId, organisationId, invitationId }: { userId: string; organisationId: string; invitationId: string },
): Promise<void> {
  await findManagerMembership(db, organisationId, userId);
  const revoked = await db
    .update(organisationInvitation)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(organisationInvitation.id, invitationId),
        eq(organisationInvitation.organisationId, organisationId),
        isNull(organisationInvitation.acceptedAt),
        isNull(organisationInvitation.revokedAt),
      ),
    )
    .returning({ id: organisationInvitation.id });
  if (revoked.length === 0) throw AppError.notFound('No such pending invitation.');
}
