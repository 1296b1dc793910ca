import { randomBytes } from 'node:crypto';
import {
  INVITATION_DAYS,
  type InvitationInput,
  ORGANISATION_MESSAGES,
  type OrganisationInvitation,
} from '@licensewatch/shared/organisations';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createElement } from 'react';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { sendEmail } from '../../../platform/mail/send-email.ts';
import { user } from '../../accounts/tables.ts';
import { InvitationEmail } from '../emails/invitation-email.tsx';
import { findManagerMembership } from '../members/find-membership.ts';
import { organisationInvitation, organisationMember } from '../tables.ts';
import { type InvitationSecrets, invitationToken, invitationUrl } from './invitation-link.ts';

/**
 * Invites an address as admin or viewer (owner or admin only) and emails it the link. An address
 * that is already a member, or already has a pending invitation, is refused (409), so nobody is
 * sent the same invitation twice; revoking first lets an admin send a fresh one. The invitation and
 * its email are stored in one transaction, so neither exists without the other.
 */
export async function inviteMember(
  ctx: Pick<Platform, 'db' | 'mailer' | 'jobs'> & { baseURL: string; invitationSecrets: InvitationSecrets },
  { userId, organisationId, input }: { userId: string; organisationId: string; input: InvitationInput },
): Promise<OrganisationInvitation> {
  const email = input.email.toLowerCase();
  return ctx.db.transaction(async (tx) => {
    const me = await findManagerMembership(tx, organisationId, userId);
    // Serialises invitations of one organisation, so two admins inviting one address at once send one.
    await tx.execute(sql`SELECT id FROM organisation WHERE id = ${organisationId} FOR UPDATE`);
    const [member] = await tx
      .select({ userId: organisationMember.userId })
      .from(organisationMember)
      .innerJoin(user, eq(user.id, organisationMember.userId))
      .where(and(eq(organisationMember.organisationId, organisationId), sql`lower(${user.email}) = ${email}`));
    if (member) throw new AppError('ALREADY_MEMBER', ORGANISATION_MESSAGES.alreadyMember(email), 409);
    const [pending] = await tx
      .select({ id: organisationInvitation.id })
      .from(organisationInvitation)
      .where(
        and(
          eq(organisationInvitation.organisationId, organisationId),
          eq(organisationInvitation.email, email),
          isNull(organisationInvitation.acceptedAt),
          isNull(organisationInvitation.revokedAt),
          gt(organisationInvitation.expiresAt, sql`now()`),
        ),
      );
    if (pending) throw new AppError('ALREADY_INVITED', ORGANISATION_MESSAGES.alreadyInvited(email), 409);

    const id = randomBytes(16).toString('base64url');
    // Whole milliseconds: the token signs the ISO text of the expiry, which must read back the same.
    const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + INVITATION_DAYS * 86_400_000);
    const [inviter] = await tx.select({ name: user.name }).from(user).where(eq(user.id, userId));
    const [stored] = await tx
      .insert(organisationInvitation)
      .values({ id, organisationId, email, role: input.role, invitedBy: userId, expiresAt })
      .returning({ createdAt: organisationInvitation.createdAt });
    const link = invitationUrl(ctx.baseURL, id, invitationToken(ctx.invitationSecrets, { id, email, expiresAt }));
    await sendEmail(
      { ...ctx, db: tx },
      {
        to: email,
        subject: `${inviter?.name || 'A colleague'} invited you to ${me.name}`,
        body: createElement(InvitationEmail, {
          organisationName: me.name,
          inviterName: inviter?.name ?? null,
          role: input.role,
          link,
          expiresAt,
        }),
        dedupeKey: `invitation:${id}`,
      },
    );
    return {
      id,
      email,
      role: input.role,
      invited_by: inviter?.name ?? null,
      expires_at: expiresAt.toISOString(),
      created_at: (stored?.createdAt ?? new Date()).toISOString(),
    };
  });
}
