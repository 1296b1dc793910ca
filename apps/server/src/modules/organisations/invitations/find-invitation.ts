import { ORGANISATION_MESSAGES } from '@licensewatch/shared/organisations';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { organisation, user } from '../../accounts/tables.ts';
import { organisationInvitation } from '../tables.ts';
import { type InvitationSecrets, invitationTokenHolds } from './invitation-link.ts';

/**
 * The invitation a link names, when its token holds; otherwise 404 INVITATION_INVALID, the same for
 * an id that does not exist and a token that does not match, so the link cannot be guessed at.
 */
export async function findInvitation(
  db: Db | Tx,
  secrets: InvitationSecrets,
  { invitationId, token, forUpdate = false }: { invitationId: string; token: string; forUpdate?: boolean },
) {
  const query = db
    .select({
      id: organisationInvitation.id,
      organisationId: organisationInvitation.organisationId,
      organisationName: organisation.name,
      email: organisationInvitation.email,
      role: organisationInvitation.role,
      invitedBy: user.name,
      expiresAt: organisationInvitation.expiresAt,
      acceptedAt: organisationInvitation.acceptedAt,
      revokedAt: organisationInvitation.revokedAt,
    })
    .from(organisationInvitation)
    .innerJoin(organisation, eq(organisation.id, organisationInvitation.organisationId))
    .leftJoin(user, eq(user.id, organisationInvitation.invitedBy))
    .where(eq(organisationInvitation.id, invitationId));
  const [found] = forUpdate ? await query.for('update', { of: organisationInvitation }) : await query;
  if (!found || !invitationTokenHolds(secrets, found, token)) {
    throw new AppError('INVITATION_INVALID', ORGANISATION_MESSAGES.invitationInvalid, 404);
  }
  return found;
}

export type FoundInvitation = Awaited<ReturnType<typeof findInvitation>>;

export function invitationStatus(found: FoundInvitation): 'pending' | 'accepted' | 'expired' | 'revoked' {
  if (found.acceptedAt) return 'accepted';
  if (found.revokedAt) return 'revoked';
  if (found.expiresAt.getTime() <= Date.now()) return 'expired';
  return 'pending';
}
