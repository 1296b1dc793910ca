import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import {
  invitationInputSchema,
  invitationPreviewSchema,
  invitationTokenSchema,
  memberRoleSchema,
  organisationInvitationSchema,
  organisationListSchema,
  organisationMembersSchema,
  organisationNameSchema,
  organisationSummarySchema,
  switchWorkspaceSchema,
  transferOwnershipSchema,
} from './organisations.ts';

const id = z.string().min(1).max(100);
const organisationParams = z.object({ id });
const memberParams = z.object({ id, userId: id });
const invitationParams = z.object({ id, invitationId: id });
const okSchema = z.object({ ok: z.literal(true) });

/**
 * Organisations and their members (ADR 019). A path's organisation must be one the caller is a
 * member of (404 otherwise, the same answer as one that does not exist); managing members needs
 * the owner or an admin, transferring ownership the owner.
 */
export const ORGANISATIONS_ENDPOINTS = defineEndpoints({
  list: {
    method: 'GET',
    path: '/api/v2/organisations/',
    signedIn: true,
    summary: 'The organisations you belong to, and the one this session works in (null: your own workspace)',
    response: organisationListSchema,
  },
  create: {
    method: 'POST',
    path: '/api/v2/organisations/',
    status: 201,
    signedIn: true,
    summary: 'Create an organisation you own; this session switches to it',
    body: organisationNameSchema,
    response: organisationSummarySchema,
  },
  switchWorkspace: {
    method: 'PUT',
    path: '/api/v2/organisations/active',
    signedIn: true,
    summary: 'Work in an organisation you belong to, or (null) in your own workspace',
    body: switchWorkspaceSchema,
    response: organisationListSchema,
  },
  rename: {
    method: 'PATCH',
    path: '/api/v2/organisations/:id',
    signedIn: true,
    summary: 'Rename the organisation (owner or admin)',
    params: organisationParams,
    body: organisationNameSchema,
    response: organisationSummarySchema,
    errors: [403],
  },
  members: {
    method: 'GET',
    path: '/api/v2/organisations/:id/members',
    signedIn: true,
    summary: 'Members and pending invitations (invitations only for the owner and admins)',
    params: organisationParams,
    response: organisationMembersSchema,
  },
  invite: {
    method: 'POST',
    path: '/api/v2/organisations/:id/invitations',
    status: 201,
    signedIn: true,
    summary: 'Invite someone by email as admin or viewer; the link works for 7 days, once',
    params: organisationParams,
    body: invitationInputSchema,
    response: organisationInvitationSchema,
    errors: [403, 409],
  },
  revokeInvitation: {
    method: 'DELETE',
    path: '/api/v2/organisations/:id/invitations/:invitationId',
    signedIn: true,
    summary: 'Revoke a pending invitation (owner or admin)',
    params: invitationParams,
    response: okSchema,
    errors: [403],
  },
  changeRole: {
    method: 'PATCH',
    path: '/api/v2/organisations/:id/members/:userId',
    signedIn: true,
    summary: "Change a member's role between admin and viewer (owner or admin)",
    params: memberParams,
    body: memberRoleSchema,
    response: okSchema,
    errors: [403, 409],
  },
  removeMember: {
    method: 'DELETE',
    path: '/api/v2/organisations/:id/members/:userId',
    signedIn: true,
    summary: 'Remove a member (owner or admin), or leave (yourself); the owner cannot leave',
    params: memberParams,
    response: okSchema,
    errors: [403, 409],
  },
  resetMemberApiKey: {
    method: 'POST',
    path: '/api/v2/organisations/:id/members/:userId/api-key',
    signedIn: true,
    summary: "Replace a member's API key for the organization: the old one stops working (owner or admin)",
    params: memberParams,
    response: okSchema,
    errors: [403],
  },
  transferOwnership: {
    method: 'POST',
    path: '/api/v2/organisations/:id/transfer',
    signedIn: true,
    summary: 'Make another member the owner; you become an admin (owner only)',
    params: organisationParams,
    body: transferOwnershipSchema,
    response: okSchema,
    errors: [403, 409],
  },
  invitation: {
    method: 'GET',
    path: '/api/v2/invitations/:invitationId',
    summary: 'What an invitation link offers (the token of the link is the only key to it)',
    params: z.object({ invitationId: id }),
    query: invitationTokenSchema,
    response: invitationPreviewSchema,
  },
  acceptInvitation: {
    method: 'POST',
    path: '/api/v2/invitations/:invitationId/accept',
    signedIn: true,
    summary: 'Accept an invitation sent to your email address; this session switches to the organisation',
    params: z.object({ invitationId: id }),
    body: invitationTokenSchema,
    response: organisationSummarySchema,
    errors: [403, 409, 410],
  },
});
