import { ORGANISATION_MESSAGES, type OrganisationSummary } from '@licensewatch/shared/organisations';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { setSessionWorkspace } from '../../accounts/set-session-workspace.ts';
import { organisationInvitation, organisationMember } from '../tables.ts';
import { findInvitation, invitationStatus } from './find-invitation.ts';
import type { InvitationSecrets } from './invitation-link.ts';

/**
 * Accepts an invitation for the signed-in user, whose email must be the invited address (403
 * otherwise: a forwarded link does not let someone else in). Used (409), revoked (409) and expired
 * (410) links are refused; the invitation row is locked, so a link clicked twice at once joins once.
 * Someone already a member keeps their role. The session then works in the organisation.
 */
export async function acceptInvitation(
  db: Db,
  secrets: InvitationSecrets,
  {
    user,
    sessionToken,
    invitationId,
    token,
  }: { user: { id: string; email: string }; sessionToken: string; invitationId: string; token: string },
): Promise<OrganisationSummary> {
  return db.transaction(async (tx) => {
    const found = await findInvitation(tx, secrets, { invitationId, token, forUpdate: true });
    const status = invitationStatus(found);
    if (status === 'accepted') throw new AppError('INVITATION_USED', ORGANISATION_MESSAGES.invitationUsed, 409);
    if (status === 'revoked') throw new AppError('INVITATION_USED', ORGANISATION_MESSAGES.invitationRevokedLink, 409);
    if (status === 'expired') throw new AppError('INVITATION_EXPIRED', ORGANISATION_MESSAGES.invitationExpired, 410);
    if (user.email.toLowerCase() !== found.email) {
      throw new AppError('INVITATION_WRONG_EMAIL', ORGANISATION_MESSAGES.invitationWrongEmail(found.email), 403);
    }
    await tx
      .insert(organisationMember)
      .values({ organisationId: found.organisationId, userId: user.id, role: found.role })
      .onConflictDoNothing();
    await tx
      .update(organisationInvitation)
      .set({ acceptedAt: new Date() })
      .where(eq(organisationInvitation.id, found.id));
    await setSessionWorkspace(tx, sessionToken, found.organisationId);
    const [me] = await tx
      .select({ role: organisationMember.role })
      .from(organisationMember)
      .where(and(eq(organisationMember.organisationId, found.organisationId), eq(organisationMember.userId, user.id)));
    const [members] = await tx
      .select({ n: count() })
      .from(organisationMember)
      .where(eq(organisationMember.organisationId, found.organisationId));
    return {
      id: found.organisationId,
      name: found.organisationName,
      role: me?.role ?? found.role,
      member_count: members?.n ?? 0,
    };
  });
}
