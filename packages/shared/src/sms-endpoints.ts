import { defineEndpoints } from './endpoint.ts';

/**
 * SMS: Twilio's inbound webhook, through which a texted STOP, START or HELP reaches us
 * (docs/product-rules.md, Alerts). Twilio signs it; no session.
 */
export const SMS_ENDPOINTS = defineEndpoints({
  twilioInbound: {
    method: 'POST',
    path: '/api/v2/sms/inbound',
    summary: "Twilio's inbound SMS webhook (X-Twilio-Signature): STOP, START and HELP",
    responseType: 'text/xml',
    // INVALID_SIGNATURE (403); SMS not configured (503).
    errors: [403, 503],
  },
});
