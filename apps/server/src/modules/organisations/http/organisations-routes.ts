import { ORGANISATIONS_ENDPOINTS as E } from '@licensewatch/shared/organisations-endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import type { ApiKeySecrets } from '../../accounts/api-key-crypto.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signedInUser, signInRequired } from '../../accounts/http/signed-in-user.ts';
import { createOrganisation } from '../create-organisation.ts';
import { acceptInvitation } from '../invitations/accept-invitation.ts';
import type { InvitationSecrets } from '../invitations/invitation-link.ts';
import { inviteMember } from '../invitations/invite-member.ts';
import { readInvitation } from '../invitations/read-invitation.ts';
import { revokeInvitation } from '../invitations/revoke-invitation.ts';
import { listOrganisations } from '../list-organisations.ts';
import { changeMemberRole } from '../members/change-member-role.ts';
import { listMembers } from '../members/list-members.ts';
import { removeMember } from '../members/remove-member.ts';
import { resetMemberApiKey } from '../members/reset-member-api-key.ts';
import { transferOwnership } from '../members/transfer-ownership.ts';
import { renameOrganisation } from '../rename-organisation.ts';
import { switchWorkspace } from '../switch-workspace.ts';

type Ctx = Pick<Platform, 'db' | 'baseURL' | 'mailer' | 'jobs'> & {
  readSession: SessionReader;
  invitationSecrets: InvitationSecrets;
  apiKeySecrets: ApiKeySecrets;
};

const OK = { ok: true } as const;

/** Organisations, members and invitations (ADR 019). Every answer is about people: never cached. */
export function registerOrganisationsRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;

  // The invitation page: the link's token is the key, the invitee may not have an account yet.
  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.get(E.invitation.path, { schema: endpointSchema(E.invitation) }, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readInvitation(db, ctx.invitationSecrets, {
        invitationId: request.params.invitationId,
        token: request.query.token,
      });
    });
  });

  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.addHook('onRequest', signInRequired(ctx.readSession));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    const me = (request: FastifyRequest) => signedInUser(request);
    const list = (request: FastifyRequest, activeOrganisationId: string | null) =>
      listOrganisations(db, { userId: me(request).id, activeOrganisationId });

    app.get(E.list.path, { schema: endpointSchema(E.list) }, async (request) =>
      list(request, me(request).organisation?.id ?? null),
    );

    app.post(E.create.path, { schema: endpointSchema(E.create) }, async (request, reply) => {
      const user = me(request);
      const created = await createOrganisation(db, {
        userId: user.id,
        sessionToken: user.sessionToken,
        name: request.body.name,
      });
      return reply.status(E.create.status).send(created);
    });

    app.put(E.switchWorkspace.path, { schema: endpointSchema(E.switchWorkspace) }, async (request) => {
      const user = me(request);
      const organisationId = request.body.organisation_id;
      await switchWorkspace(db, { userId: user.id, sessionToken: user.sessionToken, organisationId });
      return list(request, organisationId);
    });

    app.patch(E.rename.path, { schema: endpointSchema(E.rename) }, async (request) =>
      renameOrganisation(db, { userId: me(request).id, organisationId: request.params.id, name: request.body.name }),
    );

    app.get(E.members.path, { schema: endpointSchema(E.members) }, async (request) =>
      listMembers(db, { userId: me(request).id, organisationId: request.params.id }),
    );

    app.post(E.invite.path, { schema: endpointSchema(E.invite) }, async (request, reply) => {
      const invitation = await inviteMember(ctx, {
        userId: me(request).id,
        organisationId: request.params.id,
        input: request.body,
      });
      return reply.status(E.invite.status).send(invitation);
    });

    app.delete(E.revokeInvitation.path, { schema: endpointSchema(E.revokeInvitation) }, async (request) => {
      await revokeInvitation(db, {
        userId: me(request).id,
        organisationId: request.params.id,
        invitationId: request.params.invitationId,
      });
      return OK;
    });

    app.patch(E.changeRole.path, { schema: endpointSchema(E.changeRole) }, async (request) => {
      await changeMemberRole(db, {
        userId: me(request).id,
        organisationId: request.params.id,
        memberId: request.params.userId,
        role: request.body.role,
      });
      return OK;
    });

    app.delete(E.removeMember.path, { schema: endpointSchema(E.removeMember) }, async (request) => {
      await removeMember(db, {
        userId: me(request).id,
        organisationId: request.params.id,
        memberId: request.params.userId,
      });
      return OK;
    });

    app.post(E.resetMemberApiKey.path, { schema: endpointSchema(E.resetMemberApiKey) }, async (request) => {
      await resetMemberApiKey(ctx, {
        userId: me(request).id,
        organisationId: request.params.id,
        memberId: request.params.userId,
      });
      return OK;
    });

    app.post(E.transferOwnership.path, { schema: endpointSchema(E.transferOwnership) }, async (request) => {
      await transferOwnership(db, {
        userId: me(request).id,
        organisationId: request.params.id,
        newOwnerId: request.body.user_id,
      });
      return OK;
    });

    app.post(E.acceptInvitation.path, { schema: endpointSchema(E.acceptInvitation) }, async (request) => {
      const user = me(request);
      return acceptInvitation(db, ctx.invitationSecrets, {
        user,
        sessionToken: user.sessionToken,
        invitationId: request.params.invitationId,
        token: request.body.token,
      });
    });
  });
}
