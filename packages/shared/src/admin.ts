import { z } from 'zod';
import { ROLES } from './accounts.ts';
import { PLAN_NAMES } from './plans.ts';

/**
 * The admin area's vocabulary (docs/product-rules.md, Admin area): what the
 * server answers and the screens show. Paginated lists and the audit log are ours (docs/decisions/018).
 */

/** Spec §8, word for word. */
/** The shortest reason the confirmation takes for a change to someone's account. */
export const ADMIN_REASON_MIN = 3;

export const ADMIN_MESSAGES = {
  settingsLoadError: 'Error loading settings. Please try again later.',
  settingUpdated: 'Setting updated successfully',
  settingUpdateFailed: 'Failed to update setting',
  usersLoadError: 'Error loading users. Please try again later.',
  organisationsLoadError: 'Error loading organizations. Please try again later.',
  addCreditsFailed: 'Failed to add temporary credits',
  reduceCreditsFailed: 'Failed to reduce temporary credits',
  notEnoughCredits: 'Not enough temporary credits',
  statusUpdated: 'User status updated successfully',
  statusUpdateFailed: 'Failed to update user status',
  userDeleted: 'User deleted successfully',
  userDeleteFailed: 'Failed to delete user',
  sheetNotAvailable: 'Google Sheet is not available for this report',
  sheetNotAvailableTitle: 'Google Sheet not available',
  invalidCreditAmount: 'Invalid credit amount',
  creditAmountHint: 'Please enter a number greater than 0',
  deleteTitle: 'Delete User',
  deleteQuestion: (email: string) => `Are you sure you want to delete user ${email}?`,
  deleteWarning: 'This action cannot be undone and will permanently remove the user and all their data.',
  // The confirmation before a change to someone's account (docs/product-rules.md, Users).
  reasonLabel: 'Reason (kept in the audit log)',
  reasonRequired: `Please give a reason (at least ${ADMIN_REASON_MIN} characters)`,
  statusTitle: (active: boolean) => (active ? 'Activate User' : 'Deactivate User'),
  statusQuestion: (email: string, active: boolean) =>
    active
      ? `Activate ${email}? They can sign in and use their API key again.`
      : `Deactivate ${email}? They are signed out everywhere at once and their API key stops working.`,
  creditsTitle: (add: boolean) => (add ? 'Add Credits' : 'Reduce Credits'),
  creditsQuestion: (email: string, credits: number, add: boolean) =>
    `${add ? 'Add' : 'Remove'} ${credits} temporary ${credits === 1 ? 'credit' : 'credits'} ${add ? 'to' : 'from'} ${email}?`,
} as const;

/** Why an administrator changed an account: optional on the API (its contract predates it), asked for by the screen. */
export const adminReasonSchema = z
  .string()
  .trim()
  .min(ADMIN_REASON_MIN, ADMIN_MESSAGES.reasonRequired)
  .max(500, 'Please keep the reason under 500 characters');

/** 'Credits: previous → new' after a successful add or reduce. */
export const creditsChangeText = (previous: number, next: number) => `Credits: ${previous} → ${next}`;

/** The detail of a reduction below zero; the screen reads N and M back out of it. */
export const reductionRefusedDetail = (current: number, requested: number) =>
  `Cannot reduce temporary credits below zero. Current: ${current}, Requested reduction: ${requested}`;
const REDUCTION_PATTERN = /Current: (\d+), Requested reduction: (\d+)/;
export function parseReductionRefused(detail: string): { current: number; requested: number } | null {
  const match = REDUCTION_PATTERN.exec(detail);
  return match ? { current: Number(match[1]), requested: Number(match[2]) } : null;
}

// ---- Audit log

export const ADMIN_ACTIONS = [
  'setting.update',
  'user.activate',
  'user.deactivate',
  'user.delete',
  'credits.add',
  'credits.reduce',
  'board_list.load',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  'setting.update': 'Setting changed',
  'user.activate': 'User activated',
  'user.deactivate': 'User deactivated',
  'user.delete': 'User deleted',
  'credits.add': 'Temporary credits added',
  'credits.reduce': 'Temporary credits reduced',
  'board_list.load': "Board's list loaded",
};
export const ADMIN_TARGET_TYPES = ['user', 'setting', 'board'] as const;
export type AdminTargetType = (typeof ADMIN_TARGET_TYPES)[number];
/** What an anonymised audit row names instead of a deleted account's email. */
export const DELETED_USER_LABEL = 'Deleted user';

// ---- Pagination (lists an operator with 50,000 users must not load at once)

export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;
const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE),
};
const pageAnswer = { total: z.number().int(), page: z.number().int(), page_size: z.number().int() };

// ---- Users

export const ADMIN_USER_STATUSES = ['active', 'inactive'] as const;
export const adminUsersQuerySchema = z.object({
  /** Part of an email or full name, case-insensitive. */
  q: z.string().trim().max(200).optional(),
  status: z.enum(ADMIN_USER_STATUSES).optional(),
  plan: z.enum(PLAN_NAMES).optional(),
  ...pageQuery,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserListItemSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  is_active: z.boolean(),
  /** Ours, beside the documented fields: what the plan filter filters on. */
  plan_name: z.enum(PLAN_NAMES).nullable(),
});
export type AdminUserListItem = z.infer<typeof adminUserListItemSchema>;
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserListItemSchema), ...pageAnswer });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUserParamsSchema = z.object({ id: z.string().min(1).max(200) });

export const adminUserDetailSchema = z.object({
  subscription: z.object({
    plan_name: z.enum(PLAN_NAMES).nullable(),
    status: z.string().nullable(),
    current_period_end: z.string().nullable(),
    /** The plan's own credits: null report credits = unlimited. */
    plans: z.object({ report_credit: z.number().int().nullable(), api_credit: z.number().int() }),
  }),
  usage_limits: z.object({
    report_count: z.number().int(),
    report_credit: z.number().int().nullable(),
    temp_report_credit: z.number().int(),
    api_count: z.number().int(),
    api_credit: z.number().int(),
    end_date: z.string().nullable(),
  }),
  report_stats: z.object({ current_count: z.number().int() }),
  reports: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      license_type: z.string(),
      license_count: z.number().int(),
      created_at: z.string(),
      last_update: z.string().nullable(),
      google_sheet_url: z.string().nullable(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUserStatusBodySchema = z.object({ is_active: z.boolean(), reason: adminReasonSchema.optional() });
export const adminUserStatusResponseSchema = z.object({ id: z.string(), is_active: z.boolean() });
export const adminDeleteUserResponseSchema = z.object({ message: z.string() });

/** Spec §5: greater than 0 (the screen's input minimum is 1). */
export const tempCreditsBodySchema = z.object({
  credits: z
    .number({ error: 'Please enter a number greater than 0' })
    .int('Please enter a whole number')
    .min(1, 'Please enter a number greater than 0')
    .max(1_000_000, 'Please enter at most 1,000,000'),
  reason: adminReasonSchema.optional(),
});
export const tempCreditsResponseSchema = z.object({
  message: z.string(),
  previous_temp_credits: z.number().int(),
  new_temp_credits: z.number().int(),
});
export type TempCreditsResponse = z.infer<typeof tempCreditsResponseSchema>;

// ---- Organisations (ADR 019): read-only here; an operator acts on a member from the users screen.

export const adminOrganisationsQuerySchema = z.object({
  /** Part of the organisation's name or of its owner's email, case-insensitive. */
  q: z.string().trim().max(200).optional(),
  ...pageQuery,
});
export type AdminOrganisationsQuery = z.infer<typeof adminOrganisationsQuerySchema>;

/** What the plan is: 'trial' an individual plan tried without payment, 'expired' lapsed, else 'active'. */
export const ADMIN_PLAN_STATES = ['active', 'trial', 'expired'] as const;
export type AdminPlanState = (typeof ADMIN_PLAN_STATES)[number];

export const adminOrganisationListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Null only if the organisation has lost its owner (ownership moves by transfer, never away). */
  owner: z.object({ id: z.string(), full_name: z.string().nullable(), email: z.string() }).nullable(),
  plan_name: z.enum(PLAN_NAMES),
  plan_state: z.enum(ADMIN_PLAN_STATES),
  /** Seats taken: the owner, admins and viewers. */
  members: z.number().int(),
  /** Invitations neither accepted, revoked nor expired. */
  pending_invitations: z.number().int(),
  reports: z.number().int(),
  /** Licenses attached to its reports and not hidden: what plan limits count. */
  tracked_licenses: z.number().int(),
  /** Plan report credits left plus temporary ones; null = unlimited (Enterprise). */
  report_credits_left: z.number().int().nullable(),
  created_at: z.string(),
});
export type AdminOrganisationListItem = z.infer<typeof adminOrganisationListItemSchema>;
export const adminOrganisationsResponseSchema = z.object({
  organisations: z.array(adminOrganisationListItemSchema),
  ...pageAnswer,
});
export type AdminOrganisationsResponse = z.infer<typeof adminOrganisationsResponseSchema>;

// ---- Settings (a value is a boolean or text)

export const adminSettingValueSchema = z.union([z.boolean(), z.string().max(500)]);
export const adminSettingSchema = z.object({
  value: adminSettingValueSchema,
  description: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminSetting = z.infer<typeof adminSettingSchema>;
export const adminSettingsResponseSchema = z.record(z.string(), adminSettingSchema);
export const adminSettingParamsSchema = z.object({ key: z.string().min(1).max(100) });
/** A number is taken too, for integer settings (the screen sends text; an API client may send 30). */
export const adminSettingBodySchema = z.object({ value: z.union([adminSettingValueSchema, z.number()]) });
export const adminSettingResponseSchema = adminSettingSchema.extend({ key: z.string() });

// ---- Audit log

export const adminAuditQuerySchema = z.object({
  action: z.enum(ADMIN_ACTIONS).optional(),
  target_type: z.enum(ADMIN_TARGET_TYPES).optional(),
  /** Part of the actor's or the target's email (or a setting key), case-insensitive. */
  q: z.string().trim().max(200).optional(),
  ...pageQuery,
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  actor_email: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  target_type: z.enum(ADMIN_TARGET_TYPES),
  target_id: z.string(),
  target_label: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** What the administrator typed in the confirmation; null for changes made without one. */
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditResponseSchema = z.object({ entries: z.array(adminAuditEntrySchema), ...pageAnswer });
