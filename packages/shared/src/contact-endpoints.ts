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
  captchaConfig: { ...CONTACT_ROUTES.captchaConfig, response: captchaConfigResponseSchema },
  /** A bare ALTCHA challenge, as the widget fetches it itself (captchaConfig names this path). */
  captchaChallenge: { method: 'GET', path: '/api/v2/notifications/captcha-challenge' },
  office: { ...CONTACT_ROUTES.office, response: contactOfficeResponseSchema },
  sendMessage: {
    ...CONTACT_ROUTES.sendMessage,
    body: contactMessageRequestSchema,
    response: contactMessageResponseSchema,
  },
  /** Development only: the stored messages and their delivery state (`?email=` narrows them). */
  devMessages: { method: 'GET', path: '/api/dev/contact-messages' },
});
