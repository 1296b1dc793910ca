import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMessageJob } from '../src/platform/outbox/deliver-message-job.ts';
import { outboundMessage } from '../src/platform/outbox/tables.ts';
import { signUpBody, uniqueEmail } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let smtp: SmtpReceiver;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

const VERIFY_LINK = /https?:\/\/\S+\/api\/auth\/verify-email\?token=[^\s"<>]+/;

async function rowsTo(email: string) {
  return server.ctx.db.select().from(outboundMessage).where(eq(outboundMessage.to, email));
}

/** Polls the outbound_message rows to `email` until `done` holds; sending runs in the background. */
async function waitForRow(email: string, done: (row: typeof outboundMessage.$inferSelect) => boolean) {
  for (let i = 0; i < 100; i++) {
    const [row] = await rowsTo(email);
    if (row && done(row)) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(
    `outbound_message to ${email} never reached the expected state: ${JSON.stringify(await rowsTo(email))}`,
  );
}

describe('email through SMTP', () => {
  it('delivers the sign-up confirmation through SMTP, with a working link, and keeps the dev outbox empty', async () => {
    const client = new HttpClient(server.url);
    const email = uniqueEmail('smtp');
    expect((await client.post('/api/auth/sign-up/email', signUpBody(email))).status).toBe(200);

    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('no-reply@licensewatch.example');
    expect(mail.subject).toContain('LicenseWatch');
    expect(mail.subject).toMatch(/Confirm/);
    const link = new URL(VERIFY_LINK.exec(mail.text)?.[0] ?? '');
    expect(link.origin).toBe(server.url);
    expect(mail.html).toContain(link.search.replaceAll('&', '&amp;'));

    const outbox = await client.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.status).toBe(200);
    expect(outbox.body).toEqual([]);
    const row = await waitForRow(email, (r) => r.status === 'sent');
    expect(row).toMatchObject({ transport: 'smtp', lastError: null });
    // The stored message's own id: a copy delivered again after a crash is the same message.
    expect(mail.raw).toMatch(new RegExp(`^Message-ID: <${row.id}@licensewatch\\.example>\r?$`, 'im'));

    // The emailed link is the real thing: it confirms the account and signs the user in.
    const verify = await client.get(link.pathname + link.search);
    expect(verify.status).toBe(302);
    expect((await client.get('/api/v2/auth/me')).body.email).toBe(email);
  });

  it('keeps the email pending while SMTP is down and delivers it once SMTP is back', async () => {
    await smtp.stop();
    const email = uniqueEmail('outage');
    let restarted = false;
    try {
      const client = new HttpClient(server.url);
      // The visitor is not told about our provider's outage.
      expect((await client.post('/api/auth/sign-up/email', signUpBody(email))).status).toBe(200);
      const pending = await waitForRow(email, (r) => r.attempts >= 1);
      expect(pending).toMatchObject({ status: 'pending', transport: 'smtp', sentAt: null });
      expect(pending.lastError).toMatch(/ECONNREFUSED/);

      await smtp.start();
      restarted = true;
      // The job's own retry waits 30 s or more (pg-boss backoff); run its body now, as the retry would.
      await deliverMessageJob(server.ctx, { messageId: pending.id });
      const mail = await smtp.waitFor((m) => m.to.includes(email));
      expect(mail.subject).toMatch(/Confirm your LicenseWatch account/);
      expect(mail.text).toMatch(VERIFY_LINK);
      const sent = await waitForRow(email, (r) => r.status === 'sent');
      expect(sent.sentAt).toBeInstanceOf(Date);
      expect(sent.attempts).toBeGreaterThanOrEqual(1);
    } finally {
      // Leave the receiver running for afterAll and any later test, even when an assertion failed.
      if (!restarted) await smtp.start();
    }
  });
});
