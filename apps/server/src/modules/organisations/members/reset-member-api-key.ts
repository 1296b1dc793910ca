import { ORGANISATION_MESSAGES } from '@licensewatch/shared/organisations';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ApiKeySecrets } from '../../accounts/api-key-crypto.ts';
import { regenerateApiKey } from '../../accounts/regenerate-api-key.ts';
import { findManagerMembership, findMembership } from './find-membership.ts';

/**
 * An owner or admin replaces a member's API key for the organisation (ADR 022): the key that may
 * have leaked stops working at once, and the member finds the new one on their Overview page in
 * the organisation. The new key is never shown to the admin. To end a person's API access to the
 * organisation altogether, they are removed from it (remove-member deletes their key).
 */
export async function resetMemberApiKey(
  ctx: Pick<Platform, 'db'> & { apiKeySecrets: ApiKeySecrets },
  { userId, organisationId, memberId }: { userId: string; organisationId: string; memberId: string },
): Promise<void> {
  await findManagerMembership(ctx.db, organisationId, userId);
  await findMembership(ctx.db, organisationId, memberId).catch(() => {
    throw AppError.notFound(ORGANISATION_MESSAGES.memberNotFound);
  });
  await regenerateApiKey(ctx, { userId: memberId, workspaceId: organisationId });
}
