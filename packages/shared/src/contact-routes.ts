import type { Route } from './endpoint.ts';

/**
 * The contact endpoints that zod-free code calls: the contact page is public. Their schemas, and
 * the other contact endpoints: contact-endpoints.ts. `/notifications/` is the wire name API clients know.
 */
export const CONTACT_ROUTES = {
  /** Which captcha the form shows. */
  captchaConfig: { method: 'GET', path: '/api/v2/notifications/captcha-config' },
  office: { method: 'GET', path: '/api/v2/notifications/contact-office' },
  /** The contact form: stored, then delivered to the team's channel by a job. */
  sendMessage: { method: 'POST', path: '/api/v2/notifications/slack-notification', status: 202 },
} as const satisfies Record<string, Route>;
