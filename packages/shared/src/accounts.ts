import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { parseCount } from './numbers.ts';

export const USER_TYPES = ['individual_physician', 'clinic_or_practice', 'enterprise_admin', 'developer'] as const;
export const userTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userTypeSchema>;

export const USER_TYPE_LABELS: Record<UserType, string> = {
  individual_physician: 'Individual physician',
  clinic_or_practice: 'Clinic or practice',
  enterprise_admin: 'Enterprise administrator',
  developer: 'Developer',
};

export const DATA_FORMATS = ['json', 'csv'] as const;
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/**
 * The roles `default_user_role` may give a new sign-up. Not admin: anyone may sign up, so it would
 * hand the admin area to anyone (docs/security.md, Admin area).
 */
export const SIGN_UP_ROLES = ['user'] as const satisfies readonly Role[];

export const PASSWORD_MIN = 6;
// ASVS allows long passphrases; 128 keeps hashing cost bounded.
export const PASSWORD_MAX = 128;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email(MESSAGES.login.invalidEmail));

const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, MESSAGES.reset.tooShort)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long.`);

export const apiUsageInfoSchema = z.object({
  purpose_of_use: z.string().trim().min(1, 'Purpose of use is required').max(500),
  estimated_monthly_calls: z
    .number({ error: 'Estimated monthly calls must be a number' })
    .int('Estimated monthly calls must be a whole number')
    .min(0, 'Estimated monthly calls cannot be negative')
    .max(100_000_000),
  preferred_data_format: z.enum(DATA_FORMATS, { error: 'Preferred data format is required' }),
});
export type ApiUsageInfo = z.infer<typeof apiUsageInfoSchema>;

/** Body of POST /api/auth/sign-up/email as the server accepts it. */
export const signUpPayloadSchema = z.object({
  email,
  password,
  name: z.string().trim().min(1, 'Full name is required').max(200),
  organization: z.string().trim().max(200).nullable(),
  userType: userTypeSchema,
  apiUsageInfo: apiUsageInfoSchema.nullable(),
  callbackURL: z.string().optional(),
});
export type SignUpPayload = z.infer<typeof signUpPayloadSchema>;

/** The sign-up form as the browser holds it; converts to SignUpPayload. */
export const signUpFormSchema = z
  .object({
    email,
    fullName: z.string().trim().min(1, 'Full name is required').max(200),
    organization: z.string().trim().max(200),
    userType: userTypeSchema.or(z.literal('')).refine((v) => v !== '', 'User type is required'),
    password,
    confirmPassword: z.string(),
    agreement: z.boolean().refine((v) => v, MESSAGES.signup.agreementRequired),
    apiInterest: z.boolean(),
    purposeOfUse: z.string().trim().max(500),
    estimatedMonthlyCalls: z.string().trim(),
    preferredDataFormat: z.enum(DATA_FORMATS).or(z.literal('')),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.signup.passwordMismatch });
    }
    if (!v.apiInterest) return;
    if (!v.purposeOfUse)
      ctx.addIssue({ code: 'custom', path: ['purposeOfUse'], message: 'Purpose of use is required' });
    if (parseCount(v.estimatedMonthlyCalls) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['estimatedMonthlyCalls'],
        message: 'Estimated monthly calls must be a number',
      });
    }
    if (!v.preferredDataFormat) {
      ctx.addIssue({ code: 'custom', path: ['preferredDataFormat'], message: 'Preferred data format is required' });
    }
  });
export type SignUpForm = z.input<typeof signUpFormSchema>;

export function toSignUpPayload(form: z.output<typeof signUpFormSchema>): Omit<SignUpPayload, 'callbackURL'> {
  return {
    email: form.email,
    password: form.password,
    name: form.fullName,
    organization: form.organization || null,
    userType: form.userType as UserType,
    apiUsageInfo: form.apiInterest
      ? {
          purpose_of_use: form.purposeOfUse,
          estimated_monthly_calls: parseCount(form.estimatedMonthlyCalls) ?? Number.NaN,
          preferred_data_format: form.preferredDataFormat as 'json' | 'csv',
        }
      : null,
  };
}

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type SignIn = z.infer<typeof signInSchema>;

/** Where better-auth sends the browser afterwards: a path of ours (better-auth checks it against its trusted origins). */
const callbackPath = z.string().max(2_000).optional();

/** Body of POST /api/auth/sign-in/email as the server accepts it. */
export const signInPayloadSchema = signInSchema.extend({
  callbackURL: callbackPath,
  rememberMe: z.boolean().optional(),
});

export const checkUserRequestSchema = signInSchema;
export const checkUserResponseSchema = z.object({
  exists: z.boolean(),
  valid_credentials: z.boolean(),
  message: z.string(),
});
export type CheckUserResponse = z.infer<typeof checkUserResponseSchema>;

export const forgotPasswordSchema = z.object({ email });

/** Body of POST /api/auth/request-password-reset as the server accepts it. */
export const requestPasswordResetPayloadSchema = z.object({ email, redirectTo: z.string().optional() });

export const resetPasswordFormSchema = z
  .object({ password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.reset.mismatch,
  });

/** The profile's change-password form: the current password, the new one twice, and whether to sign the others out. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
    newPassword: password,
    confirmPassword: z.string(),
    revokeOtherSessions: z.boolean(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: MESSAGES.reset.mismatch });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** Body of POST /api/auth/reset-password: the code from the email link is better-auth's token. */
export const resetPasswordPayloadSchema = z.object({ newPassword: password, token: z.string().min(1) });

export const verifyResetCodeRequestSchema = z.object({ email, code: z.string().min(1).max(200) });
export const verifyResetCodeResponseSchema = z.object({
  valid: z.boolean(),
  reason: z.enum(['ok', 'expired', 'invalid', 'email_not_found']),
});
export type VerifyResetCodeResponse = z.infer<typeof verifyResetCodeResponseSchema>;

export const meResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  user_metadata: z.object({
    role: z.enum(ROLES),
    full_name: z.string().nullable(),
    phone_number: z.string().nullable(),
  }),
  // Whether a TOTP app confirms this account's sign-ins (administrators need it for the admin area).
  two_factor_enabled: z.boolean(),
  // Whether this session passed the second factor (a code at sign-in); the admin area needs both.
  second_factor: z.boolean(),
});
export type Me = z.infer<typeof meResponseSchema>;

/** The session as the app shell asks for it: the same user as /me, or null when signed out. */
export const sessionResponseSchema = z.object({ user: meResponseSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** The operator's settings every visitor's pages need (GET /api/v2/app-settings, public). */
export const appSettingsResponseSchema = z.object({
  application_name: z.string(),
  user_registration_enabled: z.boolean(),
  /**
   * The report exports this server is set up for (its Google and Airtable accounts): a report
   * offers Sheet and Table view only where they can work (docs/product-rules.md, Exports).
   */
  report_exports: z.object({ google_sheets: z.boolean(), airtable: z.boolean() }),
});
export type AppSettings = z.infer<typeof appSettingsResponseSchema>;

export const authProvidersResponseSchema = z.object({ google: z.boolean() });

/** better-auth's answer to POST /api/auth/sign-in/social: where to send the browser (Google). */
export const socialSignInResponseSchema = z.object({ url: z.string().min(1) });

// The bodies below are strict: role, plan, activity and the sign-up answers are the server's to
// set, and a field better-auth would take that we never send is one more way in.

/** Body of POST /api/auth/sign-in/social: Google only. */
export const socialSignInPayloadSchema = z.strictObject({
  provider: z.literal('google'),
  callbackURL: callbackPath,
  errorCallbackURL: callbackPath,
  newUserCallbackURL: callbackPath,
  disableRedirect: z.boolean().optional(),
});

/** Body of POST /api/auth/sign-out: nothing. */
export const signOutPayloadSchema = z.strictObject({});

/** Body of POST /api/auth/update-user: the name and picture only. */
export const updateUserPayloadSchema = z.strictObject({
  name: z.string().trim().min(1, 'Full name is required').max(200).optional(),
  image: z.url().max(2_000).nullable().optional(),
});

/** Body of POST /api/auth/change-password. */
export const changePasswordPayloadSchema = z.strictObject({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
  newPassword: password,
  revokeOtherSessions: z.boolean().optional(),
});

/** Digits of a TOTP code (better-auth's default, what every authenticator app shows). */
export const TOTP_DIGITS = 6;

/**
 * Body of POST /api/auth/two-factor/enable and /disable: the account's password. The issuer an
 * authenticator app shows is the server's to set (the application name), not the caller's.
 */
export const twoFactorPasswordPayloadSchema = z.strictObject({
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type TwoFactorPasswordPayload = z.infer<typeof twoFactorPasswordPayloadSchema>;

/** better-auth's answer to enable: the otpauth:// URI to scan and the one-time backup codes. */
export const enableTwoFactorResponseSchema = z.object({
  totpURI: z.string().startsWith('otpauth://totp/'),
  backupCodes: z.array(z.string()),
});
export type EnableTwoFactorResponse = z.infer<typeof enableTwoFactorResponseSchema>;

/** Body of POST /api/auth/two-factor/verify-totp: the 6-digit code (confirms an enrolment or a sign-in). */
export const verifyTotpPayloadSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), `Enter the ${TOTP_DIGITS}-digit code from your authenticator app`),
});
export type VerifyTotpPayload = z.infer<typeof verifyTotpPayloadSchema>;

/** Body of POST /api/auth/two-factor/verify-backup-code: one of the codes shown at enrolment (xxxxx-xxxxx). */
export const verifyBackupCodePayloadSchema = z.strictObject({
  code: z.string().trim().min(1, 'Enter a backup code').max(32, 'Enter a backup code'),
});
export type VerifyBackupCodePayload = z.infer<typeof verifyBackupCodePayloadSchema>;

/**
 * better-auth's answer to a password sign-in, as far as the web reads it: `twoFactorRedirect` when
 * the account has two-factor on and the code is the next step (no session yet).
 */
export const signInResponseSchema = z.object({ twoFactorRedirect: z.boolean().optional() });

/**
 * One signed-in session of the user (GET /api/v2/auth/sessions): where and when, never its token.
 * `current` is the session that asks.
 */
export const accountSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  /** When the session was last renewed by a request (better-auth refreshes it about daily). */
  last_active_at: z.string(),
  expires_at: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export const accountSessionParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const revokeAccountSessionResponseSchema = z.object({ id: z.string(), revoked: z.literal(true) });

export const apiErrorSchema = z.object({ detail: z.string(), code: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;
