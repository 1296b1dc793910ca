import {
  captchaConfigResponseSchema,
  contactMessageRequestSchema,
  contactMessageResponseSchema,
  contactOfficeResponseSchema,
} from './contact.ts';
import { CONTACT_ROUTES } from './contact-routes.ts';
import { defineEndpoints } from './endpoint.ts';

/**
 * The contact endpoints: the contact form, its captcha and the office on /contact; in development,
 * the stored messages.
 */
export const CONTACT_ENDPOINTS = defineEndpoints({
  captchaConfig: {
    ...CONTACT_ROUTES.captchaConfig,
    summary: 'Which captcha the contact form shows (ALTCHA or reCAPTCHA) and its settings',
    response: captchaConfigResponseSchema,
  },
  /** A bare ALTCHA challenge, as the widget fetches it itself (captchaConfig names this path). */
  captchaChallenge: {
    method: 'GET',
    path: '/api/v2/notifications/captcha-challenge',
    summary: 'A fresh ALTCHA proof-of-work challenge for the contact form',
    errors: [429],
  },
  office: {
    ...CONTACT_ROUTES.office,
    summary: 'The office shown on the contact page, when one is configured',
    response: contactOfficeResponseSchema,
  },
  sendMessage: {
    ...CONTACT_ROUTES.sendMessage,
    summary: 'Send a contact message (stored, then delivered to the team by a job)',
    body: contactMessageRequestSchema,
    response: contactMessageResponseSchema,
    // The captcha check itself unavailable (CAPTCHA_UNAVAILABLE).
    errors: [429, 503],
  },
  /** Development only: the stored messages and their delivery state (`?email=` narrows them). */
  devMessages: {
    method: 'GET',
    path: '/api/dev/contact-messages',
    summary: 'Development only: stored contact messages and their delivery state (?email= narrows them)',
  },
});
