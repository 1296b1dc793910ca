import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_MESSAGES } from './contact-messages';

// Thousands separators without Intl: building a number formatter while the page starts costs a
// phone ~40 ms (locale data), for one comma.
const withCommas = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${withCommas(max)} characters`);

export const contactFormSchema = z.object({
  full_name: required('Full name', CONTACT_LIMITS.fullName),
  email: required('Email', CONTACT_LIMITS.email).pipe(z.email('Please enter a valid email address')),
  subject: required('Subject', CONTACT_LIMITS.subject),
  message: required('Message', CONTACT_LIMITS.message),
});
export type ContactForm = z.infer<typeof contactFormSchema>;

/**
 * Body of POST /api/v2/notifications/slack-notification. `recaptcha_token` carries
 * whichever captcha the server asked for: the ALTCHA payload or the reCAPTCHA response.
 */
export const contactMessageRequestSchema = contactFormSchema.extend({
  // Bounded so a junk token costs nothing; an ALTCHA payload is about 1 KB.
  recaptcha_token: z
    .string({ error: CONTACT_MESSAGES.captchaRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.captchaRequired)
    .max(8000, CONTACT_MESSAGES.captchaInvalid),
});
export type ContactMessageRequest = z.infer<typeof contactMessageRequestSchema>;

export const contactMessageResponseSchema = z.object({ status: z.literal('received') });

/**
 * GET /api/v2/notifications/captcha-config: which widget the form shows. ALTCHA fetches its
 * challenges from GET /api/v2/notifications/captcha-challenge itself (a new one on every reset).
 */
export const captchaConfigResponseSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('altcha'), challenge_url: z.string() }),
  z.object({ provider: z.literal('recaptcha'), site_key: z.string() }),
]);
export type CaptchaConfig = z.infer<typeof captchaConfigResponseSchema>;

/** The office on /contact, from the server's configuration; null until the operator sets one. */
export const contactOfficeResponseSchema = z.object({
  office: z
    .object({
      lines: z.array(z.string()).min(1),
      /** For the map; an office without them shows its address only. */
      coordinates: z.object({ lat: z.number(), lon: z.number() }).nullable(),
    })
    .nullable(),
});
export type ContactOffice = NonNullable<z.infer<typeof contactOfficeResponseSchema>['office']>;
