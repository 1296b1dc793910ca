import { eq, sql } from 'drizzle-orm';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExistsEmail } from '../src/modules/accounts/emails/account-exists-email.tsx';
import { sendEmail } from '../src/platform/mail/send-email.ts';
import { deliverMessageJob } from '../src/platform/outbox/deliver-message-job.ts';
import { resumeOutboundMessages } from '../src/platform/outbox/resume-outbound-messages.ts';
import { outboundMessage } from '../src/platform/outbox/tables.ts';
import { appSetting } from '../src/platform/settings/tables.ts';
import { sendSms } from '../src/platform/sms/send-sms.ts';
import { uniqueEmail } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { startTwilioStandIn, type TwilioStandIn } from './support/twilio-stand-in.ts';

let smtp: SmtpReceiver;
let twilio: TwilioStandIn;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  twilio = await startTwilioStandIn();
  server = await startTestServer({ SMTP_URL: smtp.url, ...twilio.env });
});
afterAll(async () => {
  await server?.close();
  await twilio?.close();
  await smtp?.stop();
});

let phones = 0;
/** A US number of the 555-01xx range kept for fiction, different for each test. */
const uniquePhone = () => `+1415555${String(100 + (phones++ % 100)).padStart(4, '0')}`;

async function row(id: string) {
  const [m] = await server.ctx.db.select().from(outboundMessage).where(eq(outboundMessage.id, id));
  if (!m) throw new Error(`no outbound_message ${id}`);
  return m;
}

async function waitForStatus(id: string, status: string) {
  for (let i = 0; i < 200; i++) {
    const m = await row(id);
    if (m.status === status) return m;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`message ${id} never reached ${status}: ${JSON.stringify(await row(id))}`);
}

// Any of our templates will do: these tests are about storing and delivering, not content.
const body = (text: string) => createElement(AccountExistsEmail, { name: text, loginUrl: 'https://lw.example/login' });

async function setAlertEmails(on: boolean) {
  await server.ctx.db
    .update(appSetting)
    .set({ value: String(on) })
    .where(eq(appSetting.key, 'email_notifications_enabled'));
}

describe('SMS through Twilio', () => {
  it('texts a stored SMS through the Twilio API and marks it sent', async () => {
    const to = uniquePhone();
    const id = await sendSms(server.ctx, { to, body: 'LicenseWatch code: 123456', subject: 'Phone code' });
    if (!id) throw new Error('not stored');
    const sms = await twilio.waitFor((m) => m.to === to);
    expect(sms).toMatchObject({ body: 'LicenseWatch code: 123456', from: '+15005550006' });
    expect(await waitForStatus(id, 'sent')).toMatchObject({ channel: 'sms', transport: 'twilio', attempts: 1 });
  });

  it('keeps an SMS pending with the error while Twilio is down, and sends it once when it is back', async () => {
    const to = uniquePhone();
    twilio.failWith(503);
    try {
      const id = await sendSms(server.ctx, { to, body: 'Outage test', subject: 'Outage' });
      if (!id) throw new Error('not stored');
      for (let i = 0; i < 200 && (await row(id)).attempts === 0; i++) await new Promise((r) => setTimeout(r, 50));
      const pending = await row(id);
      expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
      expect(pending.lastError).toMatch(/Twilio 503/);
    } finally {
      twilio.failWith(null);
    }
    const [pending] = await server.ctx.db.select().from(outboundMessage).where(eq(outboundMessage.to, to));
    if (!pending) throw new Error('lost');
    // The job's own retry waits 30 s or more; run its body now, twice at once as a retry racing a sweep would.
    await Promise.all([
      deliverMessageJob(server.ctx, { messageId: pending.id }),
      deliverMessageJob(server.ctx, { messageId: pending.id }),
    ]);
    expect(twilio.messages.filter((m) => m.to === to)).toHaveLength(1);
    expect(await row(pending.id)).toMatchObject({ status: 'sent', lastError: null });
  });

  it('refuses a text longer than one segment before storing anything', async () => {
    const to = uniquePhone();
    await expect(sendSms(server.ctx, { to, body: 'x'.repeat(161), subject: 'Too long' })).rejects.toThrow(
      /one segment/,
    );
    expect(await server.ctx.db.select().from(outboundMessage).where(eq(outboundMessage.to, to))).toEqual([]);
  });
});

describe('the outbox', () => {
  it('stores a message once per dedupe key: a second send with the key stores and sends nothing', async () => {
    const to = uniqueEmail('dedupe');
    const dedupeKey = `test:${to}`;
    const first = await sendEmail(server.ctx, { to, subject: 'Once', body: body('Once'), dedupeKey });
    const second = await sendEmail(server.ctx, { to, subject: 'Once', body: body('Once'), dedupeKey });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    await smtp.waitFor((m) => m.to.includes(to));
    if (first) await waitForStatus(first, 'sent');
    expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('parks alert emails while email_notifications_enabled is off, still sends account emails, and sends the parked ones when it is on again', async () => {
    const alertTo = uniqueEmail('paused-alert');
    const accountTo = uniqueEmail('account-mail');
    await setAlertEmails(false);
    try {
      const alertId = await sendEmail(server.ctx, {
        to: alertTo,
        subject: 'An alert',
        body: body('An alert'),
        kind: 'alert',
        headers: {
          'List-Unsubscribe': '<https://lw.example/u>',
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      await sendEmail(server.ctx, { to: accountTo, subject: 'Account mail', body: body('Account mail') });
      await smtp.waitFor((m) => m.to.includes(accountTo));
      if (!alertId) throw new Error('not stored');
      expect(await waitForStatus(alertId, 'paused')).toMatchObject({ attempts: 0, sentAt: null });
      // Resuming while the setting is still off sends nothing.
      await resumeOutboundMessages(server.ctx);
      expect(await waitForStatus(alertId, 'paused')).toBeTruthy();

      await setAlertEmails(true);
      await resumeOutboundMessages(server.ctx);
      const mail = await smtp.waitFor((m) => m.to.includes(alertTo));
      expect(mail.raw).toMatch(/^List-Unsubscribe: <https:\/\/lw\.example\/u>/m);
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      await waitForStatus(alertId, 'sent');
      expect(smtp.messages.filter((m) => m.to.includes(alertTo))).toHaveLength(1);
    } finally {
      await setAlertEmails(true);
    }
  });

  it('queues again a message still pending six hours after its last attempt (its retries spent), and leaves a recent one to its job', async () => {
    const to = uniqueEmail('given-up');
    await smtp.stop();
    let id: string | null = null;
    try {
      id = await sendEmail(server.ctx, { to, subject: 'Given up', body: body('Given up') });
      if (!id) throw new Error('not stored');
      for (let i = 0; i < 200 && (await row(id)).attempts === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await resumeOutboundMessages(server.ctx)).toBe(0);
    } finally {
      await smtp.start();
    }
    await server.ctx.db
      .update(outboundMessage)
      .set({ lastAttemptAt: sql`now() - interval '7 hours'` })
      .where(eq(outboundMessage.id, id));
    expect(await resumeOutboundMessages(server.ctx)).toBe(1);
    await smtp.waitFor((m) => m.to.includes(to));
    await waitForStatus(id, 'sent');
  });
});

describe('without Twilio', () => {
  it('stores the SMS in the dev outbox and sends nothing', async () => {
    const local = await startTestServer();
    try {
      const to = uniquePhone();
      await sendSms(local.ctx, { to, body: 'Stored only', subject: 'Dev outbox SMS' });
      const outbox = await new HttpClient(local.url).get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      expect(outbox.status).toBe(200);
      expect(outbox.body).toEqual([
        expect.objectContaining({ channel: 'sms', to, subject: 'Dev outbox SMS', text: 'Stored only', html: null }),
      ]);
      expect(twilio.messages.some((m) => m.to === to)).toBe(false);
    } finally {
      await local.close();
    }
  });
});
