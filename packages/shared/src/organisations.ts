import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** Who owns reports, plan and credits (ADR 019): a user's own workspace, or an organisation's. */
export type WorkspaceKind = 'user' | 'organisation';

export const ORGANISATION_ROLES = ['owner', 'admin', 'viewer'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];
/** An invitation never makes an owner: ownership moves only by transfer. */
export const INVITED_ROLES = ['admin', 'viewer'] as const;
export type InvitedRole = (typeof INVITED_ROLES)[number];

export const ORGANISATION_ROLE_LABELS: Record<OrganisationRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  viewer: 'Viewer',
};

export const ORGANISATION_ROLE_DESCRIPTIONS: Record<OrganisationRole, string> = {
  owner: 'Everything an admin can do, plus billing and transferring ownership.',
  admin: 'Manages the roster (reports) and the members.',
  viewer: 'Sees every report and license; changes nothing.',
};

/** Roles that may change the roster and the members. */
export function canManage(role: OrganisationRole | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
export const ORGANISATION_NAME_MAX = 100;

export const ORGANISATION_MESSAGES = {
  personalWorkspace: 'Personal',
  created: 'Organization created',
  renamed: 'Organization renamed',
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  invitationRevoked: 'Invitation revoked',
  invitationAccepted: (name: string) => `You joined ${name}`,
  roleChanged: 'Role updated',
  memberRemoved: 'Member removed',
  memberApiKeyReset:
    'API key replaced. The old key stopped working; they will find the new one on their Overview page.',
  leftOrganisation: (name: string) => `You left ${name}`,
  ownershipTransferred: (name: string) => `${name} is now the owner`,
  switched: (name: string) => `Now working in ${name}`,
  // The dashboard's offer to create the organisation a clinic or enterprise sign-up named.
  suggestionTitle: (name: string) => `Set up ${name} as your organization`,
  suggestionText:
    'An organization lets you invite colleagues, import a roster and follow every physician’s licenses in one place. You can rename it later.',
  // The title names it: a long name would not fit a phone's button.
  suggestionCreate: 'Create organization',
  suggestionCreated: (name: string) => `${name} created. Invite your colleagues next.`,
  createFailed: 'Could not create the organization. Please try again.',
  nameRequired: 'Organization name is required',
  nameTooLong: `Organization name must be at most ${ORGANISATION_NAME_MAX} characters`,
  notMember: 'You are not a member of this organization.',
  viewerReadOnly: 'Viewers can see the roster but not change it. Ask an admin of your organization.',
  adminOnly: 'Only the organization’s owner and admins can do this.',
  ownerOnly: 'Only the organization’s owner can do this.',
  alreadyMember: (email: string) => `${email} is already a member of this organization.`,
  alreadyInvited: (email: string) => `${email} already has a pending invitation.`,
  ownerCannotLeave: 'The owner cannot leave the organization. Transfer ownership to another member first.',
  ownerRoleFixed: 'The owner’s role changes only by transferring ownership.',
  transferToMember: 'Ownership can only be transferred to a member of the organization.',
  invitationInvalid: 'This invitation link is not valid. Ask for a new invitation.',
  invitationExpired: 'This invitation has expired. Ask for a new invitation.',
  invitationUsed: 'This invitation has already been used.',
  invitationRevokedLink: 'This invitation was revoked.',
  invitationWrongEmail: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  memberNotFound: 'No such member in this organization.',
} as const;

const name = z
  .string({ error: ORGANISATION_MESSAGES.nameRequired })
  .trim()
  .min(1, ORGANISATION_MESSAGES.nameRequired)
  .max(ORGANISATION_NAME_MAX, ORGANISATION_MESSAGES.nameTooLong);

export const organisationNameSchema = z.object({ name });

export const invitationInputSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(z.email(MESSAGES.login.invalidEmail)),
  role: z.enum(INVITED_ROLES, { error: 'Choose Admin or Viewer' }),
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;

export const organisationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ORGANISATION_ROLES),
  member_count: z.number().int(),
});
export type OrganisationSummary = z.infer<typeof organisationSummarySchema>;

export const organisationListSchema = z.object({
  organisations: z.array(organisationSummarySchema),
  active_organisation_id: z.string().nullable(),
  /**
   * While the user belongs to no organisation: the one they named at sign-up as a clinic or an
   * enterprise, which the dashboard offers to create; null otherwise.
   */
  suggested_name: z.string().nullable(),
});
export type OrganisationList = z.infer<typeof organisationListSchema>;

export const organisationMemberSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ORGANISATION_ROLES),
  joined_at: z.string(),
});
export type OrganisationMember = z.infer<typeof organisationMemberSchema>;

export const organisationInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITED_ROLES),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type OrganisationInvitation = z.infer<typeof organisationInvitationSchema>;

export const organisationMembersSchema = z.object({
  organisation: organisationSummarySchema,
  members: z.array(organisationMemberSchema),
  // Pending ones only; empty for a viewer, who does not manage members.
  invitations: z.array(organisationInvitationSchema),
});
export type OrganisationMembers = z.infer<typeof organisationMembersSchema>;

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** What the invitation page shows before the invitee accepts (the link is the only key to it). */
export const invitationPreviewSchema = z.object({
  organisation_name: z.string(),
  email: z.string(),
  role: z.enum(INVITED_ROLES),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
  status: z.enum(INVITATION_STATUSES),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const invitationTokenSchema = z.object({ token: z.string().min(1).max(200) });
export const switchWorkspaceSchema = z.object({ organisation_id: z.string().min(1).max(100).nullable() });
export const memberRoleSchema = z.object({ role: z.enum(INVITED_ROLES, { error: 'Choose Admin or Viewer' }) });
export const transferOwnershipSchema = z.object({ user_id: z.string().min(1).max(100) });
