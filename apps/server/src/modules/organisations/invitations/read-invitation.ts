import type { InvitationPreview } from '@licensewatch/shared/organisations';
import type { Db } from '../../../platform/db/client.ts';
import { findInvitation, invitationStatus } from './find-invitation.ts';
import type { InvitationSecrets } from './invitation-link.ts';

/** What the invitation page shows: whose invitation, to whom, as what, and whether it still works. */
export async function readInvitation(
  db: Db,
  secrets: InvitationSecrets,
  { invitationId, token }: { invitationId: string; token: string },
): Promise<InvitationPreview> {
  const found = await findInvitation(db, secrets, { invitationId, token });
  return {
    organisation_name: found.organisationName,
    email: found.email,
    role: found.role,
    invited_by: found.invitedBy,
    expires_at: found.expiresAt.toISOString(),
    status: invitationStatus(found),
  };
}
