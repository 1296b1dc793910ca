// The contact page's wording and field limits, apart from the schemas in contact.ts: the
// prerendered /contact shows them before zod has loaded (zod loads with the first check).

/** docs/product-rules.md, Contact form. */
export const CONTACT_MESSAGES = {
  sent: 'Message sent. We will reply within one business day.',
  failed: 'Failed to send message. Please try again.',
  captchaToast: 'Please complete the reCAPTCHA',
  captchaRequired: 'Please verify that you are not a robot',
  captchaInvalid: 'The captcha could not be verified. Please complete it again.',
  captchaUsed: 'This captcha has already been used. Please complete it again.',
  tooMany: 'Too many messages from your address. Please wait a few minutes and try again.',
} as const;

export const CONTACT_HOURS = 'Monday-Friday 9:00 AM-6:00 PM PST';

export const CONTACT_LIMITS = { fullName: 200, email: 254, subject: 300, message: 5000 } as const;
