import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from '../../src/platform/sms/twilio-client.ts';

export const TWILIO_TEST = { accountSid: 'AC00000000000000000000000000000000', authToken: 'test-twilio-auth-token' };

export type TwilioMessage = { to: string; from: string; body: string; sid: string };

export type TwilioStandIn = {
  /** TWILIO_API_URL, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM for the server under test. */
  env: Record<string, string>;
  /** Messages accepted (201), in order. */
  messages: TwilioMessage[];
  /** Resolves with the first accepted message (already or later) for which `match` holds. */
  waitFor: (match: (m: TwilioMessage) => boolean, timeoutMs?: number) => Promise<TwilioMessage>;
  /** Answer every send with this status (503: an outage) until called with null. */
  failWith: (status: number | null) => void;
  close: () => Promise<void>;
};

/**
 * A local stand-in for Twilio's Messages API: like Twilio it takes POST
 * /2010-04-01/Accounts/{sid}/Messages.json, form-encoded To, From (or MessagingServiceSid) and
 * Body with basic auth (account SID : auth token), answers 201 with the message's `sid`, 401
 * (code 20003) for bad credentials and 400 (code 21602) for a missing body.
 */
export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const messages: TwilioMessage[] = [];
  const waiters: { match: (m: TwilioMessage) => boolean; resolve: (m: TwilioMessage) => void }[] = [];
  let failStatus: number | null = null;
  const from = '+15005550006';
  const expectedAuth = `Basic ${Buffer.from(`${TWILIO_TEST.accountSid}:${TWILIO_TEST.authToken}`).toString('base64')}`;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: object) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${TWILIO_TEST.accountSid}/Messages.json`) {
        return answer(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      }
      if (req.headers.authorization !== expectedAuth) {
        return answer(401, { code: 20003, message: 'Authentication Error - invalid username', status: 401 });
      }
      if (failStatus !== null)
        return answer(failStatus, { code: 20500, message: 'Internal Server Error', status: failStatus });
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const body = form.get('Body');
      const to = form.get('To');
      if (!body || !to) return answer(400, { code: 21602, message: 'Message body is required.', status: 400 });
      const message = {
        to,
        from: form.get('From') ?? form.get('MessagingServiceSid') ?? '',
        body,
        sid: `SM${messages.length.toString(16).padStart(32, '0')}`,
      };
      messages.push(message);
      for (const w of [...waiters]) {
        if (w.match(message)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(message);
        }
      }
      answer(201, { sid: message.sid, status: 'queued', to, from: message.from, body });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      TWILIO_API_URL: `http://127.0.0.1:${port}`,
      TWILIO_ACCOUNT_SID: TWILIO_TEST.accountSid,
      TWILIO_AUTH_TOKEN: TWILIO_TEST.authToken,
      TWILIO_FROM: from,
    },
    messages,
    waitFor: (match, timeoutMs = 10_000) => {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`No SMS matched within ${timeoutMs} ms; received: ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    failWith: (status) => {
      failStatus = status;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** An inbound SMS as Twilio posts it to our webhook, signed with X-Twilio-Signature. */
export function signedInboundSms(webhookUrl: string, { from, body }: { from: string; body: string }) {
  const params = {
    AccountSid: TWILIO_TEST.accountSid,
    MessageSid: `SM${Date.now().toString(16).padStart(32, '0')}`,
    From: from,
    To: '+15005550006',
    Body: body,
    NumMedia: '0',
  };
  return {
    body: new URLSearchParams(params).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(TWILIO_TEST.authToken, webhookUrl, params),
    },
  };
}
