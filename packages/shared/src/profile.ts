import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { expiryWindowsResponseSchema } from './expiry-windows.ts';
import { PLAN_NAMES } from './plans.ts';

/** A phone verification code: 6 digits, valid 10 minutes, 5 tries. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/** A link confirming a new email address stays valid this long. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** Numbers without a country code are read as US numbers: the product serves US physicians. */
export const DEFAULT_PHONE_COUNTRY = 'US';

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  invalidPhone: 'Please enter a valid phone number, e.g. (415) 555-0134 or +44 20 7946 0958.',
  invalidTimeZone: 'Please choose a time zone from the list.',
  emailTaken: 'Another account already uses this email address.',
  emailChangeSent: (email: string) => `We sent a confirmation link to ${email}. Your email changes when you open it.`,
  smsNeedsPhone: 'Add a phone number to receive SMS renewal notices.',
  smsNeedsVerification: 'Verify your phone number to turn on SMS renewal notices.',
  codeSent: (phone: string) => `We sent a 6-digit code to ${phone}. It expires in 10 minutes.`,
  codeWrong: 'That code is not right. Please check the SMS and try again.',
  codeExpired: 'That code has expired. Please ask for a new one.',
  codeTooManyAttempts: 'Too many wrong codes. Please ask for a new one.',
  phoneVerified: 'Phone number verified',
  emailChanged: 'Your email address is changed. Use it the next time you sign in.',
  emailLinkInvalid:
    'That confirmation link has expired or was already used. Save your new email again to get a new link.',
  alertsNotIncluded: 'Email and SMS alerts are included in Premium and business plans',
  activeFor: (organisations: string) => `Active for ${organisations}`,
  organisationAlerts: (organisations: string) =>
    `Through ${organisations} you get the weekly roster summary and an email when a board changes a license, an exclusion is found or a verification by hand is due for its reports.`,
  personalAlertsNotIncluded:
    'The Monday email about your own reports and SMS renewal notices come with your own plan: Premium and business plans include them',
  calendarRegenerated: 'Calendar link regenerated. The old link no longer works.',
  calendarCopied: 'Calendar link copied to clipboard',
} as const;

/**
 * A phone number as typed → E.164 (`+14155550134`), or null when it is not a valid number.
 * US numbers may be typed without +1.
 */
export function toE164(input: string): string | null {
  const text = input.trim();
  if (!isValidPhoneNumber(text, DEFAULT_PHONE_COUNTRY)) return null;
  return parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY)?.number ?? null;
}

/** E.164 → how people write it: national format for US numbers, international otherwise. */
export function formatPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === DEFAULT_PHONE_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Spec §3: each empty text field becomes null.
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * Body of PATCH /api/v1/auth/me (docs/product-rules.md, Profile: full_name, phone_number, email — each empty becomes
 * null — weekly_email_report and sms_renewal_notice, both on by default). Optional fields of
 * ours: the time zone the Monday email is sent in, whether to send it when nothing expires, and
 * whether to be told when a board changes a tracked license.
 */
export const updateProfilePayloadSchema = z.strictObject({
  full_name: z.preprocess(emptyToNull, z.string().trim().max(200, 'Full name is too long').nullable()).optional(),
  phone_number: z
    .preprocess(
      emptyToNull,
      z
        .string()
        .max(40, PROFILE_MESSAGES.invalidPhone)
        .nullable()
        .transform((value, ctx) => {
          if (value === null) return null;
          const e164 = toE164(value);
          if (!e164) {
            ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.invalidPhone });
            return z.NEVER;
          }
          return e164;
        }),
    )
    .optional(),
  email: z
    .preprocess(
      emptyToNull,
      z
        .string()
        .trim()
        .toLowerCase()
        .max(254, 'Email is too long')
        .pipe(z.email('Please enter a valid email address.'))
        .nullable(),
    )
    .optional(),
  weekly_email_report: z.boolean().default(true),
  sms_renewal_notice: z.boolean().default(true),
  weekly_all_clear: z.boolean().optional(),
  status_alert_email: z.boolean().optional(),
  time_zone: z
    .preprocess(
      emptyToNull,
      z
        .string()
        .max(64)
        .nullable()
        .refine((zone) => zone === null || isTimeZone(zone), PROFILE_MESSAGES.invalidTimeZone),
    )
    .optional(),
});
export type UpdateProfilePayload = z.input<typeof updateProfilePayloadSchema>;

/**
 * GET /api/v2/profile and the answer of PATCH /api/v1/auth/me: the profile with what the alerts
 * need to be truthful — whether the plan includes them, whether the phone is verified, an email
 * change waiting for confirmation, the calendar feed.
 */
export const profileResponseSchema = z.object({
  email: z.string(),
  full_name: z.string().nullable(),
  /** E.164, or null. */
  phone_number: z.string().nullable(),
  phone_verified: z.boolean(),
  /** The new address while its confirmation link has not been opened. */
  pending_email: z.string().nullable(),
  weekly_email_report: z.boolean(),
  sms_renewal_notice: z.boolean(),
  weekly_all_clear: z.boolean(),
  /** Email (and SMS when on) when a board changes a tracked license's status, discipline, expiry or listing. */
  status_alert_email: z.boolean(),
  /** IANA zone for the Monday email; null = the product's default zone. */
  time_zone: z.string().nullable(),
  default_time_zone: z.string(),
  /** Whether the current plan sends email and SMS alerts (Premium and business plans: docs/product-rules.md, Catalogue and entitlements). */
  alerts_included: z.boolean(),
  /**
   * The organisations the user is owner or admin of whose plan includes alerts and has not ended:
   * through each, the weekly roster summary and the status-change, exclusion and verification-due
   * emails for its reports reach them, whatever their own plan (docs/product-rules.md, Organisations).
   */
  organisation_alerts: z.array(z.object({ name: z.string(), plan: z.enum(PLAN_NAMES) })),
  /** The secret calendar (ICS) feed URL. */
  calendar_url: z.string(),
  /**
   * The user's own workspace's expiry windows (expiry-windows.ts): the Monday email, the SMS
   * notices and the calendar, which are about their own reports, follow them.
   */
  expiry_windows: expiryWindowsResponseSchema.pick({
    expiring_within_days: true,
    notice_days: true,
    expired_after_days: true,
  }),
});
export type Profile = z.infer<typeof profileResponseSchema>;

export const phoneCodeRequestSchema = z.strictObject({});
export const phoneCodeResponseSchema = z.object({ phone_number: z.string(), expires_at: z.iso.datetime() });
export const confirmPhoneCodeRequestSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS.'),
});

/** The one-click unsubscribe link's token (RFC 8058): signed, names the user and what to stop. */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(10).max(500) });
export const unsubscribeResponseSchema = z.object({ email: z.string(), unsubscribed: z.literal(true) });

export const confirmEmailQuerySchema = z.object({ token: z.string().min(10).max(200) });
