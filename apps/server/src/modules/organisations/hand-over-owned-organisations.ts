import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { deleteOrganisationWorkspaces } from '../accounts/delete-organisation-workspaces.ts';
import { organisationMember } from './tables.ts';

/**
 * Before a user is deleted, inside that transaction: each organisation they own passes to its
 * longest-standing admin (else its longest-standing viewer), so it never lacks an owner; one with no
 * other member is deleted with its workspace (its reports, plan and credits), as their own is.
 */
export async function handOverOwnedOrganisations(tx: Tx, userId: string): Promise<void> {
  const { rows: heirs } = await tx.execute<{ organisation_id: string; user_id: string }>(sql`
    SELECT DISTINCT ON (m.organisation_id) m.organisation_id, m.user_id
    FROM organisation_member m
    JOIN organisation_member o ON o.organisation_id = m.organisation_id AND o.user_id = ${userId} AND o.role = 'owner'
    WHERE m.user_id <> ${userId}
    ORDER BY m.organisation_id, (m.role = 'admin') DESC, m.created_at, m.user_id`);
  for (const heir of heirs) {
    // The old owner's seat goes first: one owner per organisation at every step (a unique index).
    await tx
      .delete(organisationMember)
      .where(and(eq(organisationMember.organisationId, heir.organisation_id), eq(organisationMember.userId, userId)));
    await tx
      .update(organisationMember)
      .set({ role: 'owner' })
      .where(
        and(eq(organisationMember.organisationId, heir.organisation_id), eq(organisationMember.userId, heir.user_id)),
      );
  }
  const alone = tx
    .select({ id: organisationMember.organisationId })
    .from(organisationMember)
    .where(and(eq(organisationMember.userId, userId), eq(organisationMember.role, 'owner')));
  await deleteOrganisationWorkspaces(tx, alone);
}
