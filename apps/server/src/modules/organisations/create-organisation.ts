import type { OrganisationSummary } from '@licensewatch/shared/organisations';
import type { Db } from '../../platform/db/client.ts';
import { createOrganisationWorkspace } from '../accounts/create-organisation-workspace.ts';
import { setSessionWorkspace } from '../accounts/set-session-workspace.ts';
import { startFreePlan } from '../plans/start-free-plan.ts';
import { organisationMember } from './tables.ts';

/**
 * A new organisation owned by its creator, who works in it from this session on. It starts on Free
 * like a new account (its workspace is written by the organisation trigger, ADR 019); a business
 * plan is bought for it from the pricing page while working in it.
 */
export async function createOrganisation(
  db: Db,
  { userId, sessionToken, name }: { userId: string; sessionToken: string; name: string },
): Promise<OrganisationSummary> {
  return db.transaction(async (tx) => {
    const created = await createOrganisationWorkspace(tx, name);
    await tx.insert(organisationMember).values({ organisationId: created.id, userId, role: 'owner' });
    await startFreePlan(tx, created.id);
    await setSessionWorkspace(tx, sessionToken, created.id);
    return { id: created.id, name, role: 'owner', member_count: 1 };
  });
}
