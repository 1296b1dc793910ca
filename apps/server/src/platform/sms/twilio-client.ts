import { createHmac, timingSafeEqual } from 'node:crypto';

export type TwilioConfig = { accountSid: string; authToken: string; from: string; apiUrl: string };

/** Twilio's error answer (https://www.twilio.com/docs/usage/twilios-response), kept for the outbox. */
export class TwilioError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(`Twilio ${status}${code ? ` (${code})` : ''}: ${message}`);
  }
}

/**
 * Sends one SMS with Twilio's REST API (POST /2010-04-01/Accounts/{sid}/Messages.json, form body
 * To, From or MessagingServiceSid, Body; basic auth) and answers the message SID. fetch rather than
 * the twilio package: one call, and the base URL must point at a local stand-in in tests (ADR 017).
 */
export async function sendTwilioMessage(config: TwilioConfig, { to, body }: { to: string; body: string }) {
  const form = new URLSearchParams({ To: to, Body: body });
  form.set(config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', config.from);
  const url = `${config.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: form,
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await response.json().catch(() => null)) as { sid?: string; code?: number; message?: string } | null;
  if (!response.ok || !answer?.sid) {
    throw new TwilioError(response.status, answer?.code ?? null, answer?.message ?? response.statusText);
  }
  return answer.sid;
}

/**
 * Twilio's request signature (https://www.twilio.com/docs/usage/security#validating-requests):
 * base64 HMAC-SHA1, keyed with the auth token, of the full URL Twilio called followed by each
 * POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function verifyTwilioSignature(
  authToken: string,
  { url, params, signature }: { url: string; params: Record<string, string>; signature: string | undefined },
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
