import type { OrganisationSummary } from '@licensewatch/shared/organisations';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { organisation, organisationMember, session } from '../../platform/db/schema.ts';
import { startFreePlan } from '../plans/start-free-plan.ts';

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
    const [created] = await tx.insert(organisation).values({ name }).returning({ id: organisation.id });
    if (!created) throw new Error('organisation not stored');
    await tx.insert(organisationMember).values({ organisationId: created.id, userId, role: 'owner' });
    await startFreePlan(tx, created.id);
    await tx.update(session).set({ activeOrganisationId: created.id }).where(eq(session.token, sessionToken));
    return { id: created.id, name, role: 'owner', member_count: 1 };
  });
}
