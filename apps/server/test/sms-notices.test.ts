import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/modules/accounts/tables.ts';
import { queueSmsNotices } from '../src/modules/alerts/sms/queue-sms-notices.ts';
import { deliverMessageJob } from '../src/platform/outbox/deliver-message-job.ts';
import { outboundMessage } from '../src/platform/outbox/tables.ts';
import { fitsOneSegment } from '../src/platform/sms/send-sms.ts';
import { waitFor } from './support/accounts.ts';
import { alertUser, dayIn, trackLicense, uniquePhone } from './support/alerts.ts';
import { HttpClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { signedInboundSms, startTwilioStandIn, type TwilioStandIn } from './support/twilio-stand-in.ts';

let twilio: TwilioStandIn;
let server: TestServer;
beforeAll(async () => {
  twilio = await startTwilioStandIn();
  server = await startTestServer(twilio.env);
});
afterAll(async () => {
  await server?.close();
  await twilio?.close();
});

const textsTo = (phone: string | null) => twilio.messages.filter((m) => m.to === phone);

async function rowsTo(phone: string) {
  return server.ctx.db
    .select()
    .from(outboundMessage)
    .where(and(eq(outboundMessage.to, phone), eq(outboundMessage.channel, 'sms')));
}

function inbound(from: string, body: string) {
  const url = `${server.url}/api/v2/sms/inbound`;
  const signed = signedInboundSms(url, { from, body });
  return fetch(url, { method: 'POST', headers: signed.headers, body: signed.body });
}

/** Lets delivery jobs already queued finish, so "nothing more was sent" is a real observation. */
const settle = () => new Promise((r) => setTimeout(r, 1_500));

describe('SMS renewal notices', () => {
  it('texts once at 90, 60, 30, 14, 7 and 3 days before expiry and on the day, and not at 59 days', async () => {
    const { userId, phone } = await alertUser(server);
    for (const days of [90, 60, 30, 14, 7, 3, 0, 89, 59, 61, 1])
      await trackLicense(server, userId, { expiryDate: dayIn(days) });

    expect(await queueSmsNotices(server.ctx)).toBeGreaterThanOrEqual(7);
    await waitFor('seven notices', async () => textsTo(phone).length >= 7);
    await settle();
    const bodies = textsTo(phone).map((m) => m.body);
    expect(bodies).toHaveLength(7);
    for (const phrase of [
      'in 90 days',
      'in 60 days',
      'in 30 days',
      'in 14 days',
      'in 7 days',
      'in 3 days',
      'expires today',
    ]) {
      expect(
        bodies.filter((b) => b.includes(phrase)),
        phrase,
      ).toHaveLength(1);
    }
    for (const body of bodies) {
      expect(fitsOneSegment(body), body).toBe(true);
      expect(body).toMatch(
        /^LicenseWatch: Dr\. Jane Doe's WA MD license MD\d+ expires (in \d+ days|today) \(\w{3} \d{1,2}\)\./,
      );
      expect(body).toMatch(/\nRenew: http:\/\/127\.0\.0\.1:\d+\/dashboard\nReply STOP to opt out\.$/);
    }
    const rows = await rowsTo(phone as string);
    expect(rows.every((r) => r.kind === 'alert' && r.userId === userId && r.status === 'sent')).toBe(true);

    // A retry or a second run the same day sends nothing more.
    await queueSmsNotices(server.ctx);
    await settle();
    expect(textsTo(phone)).toHaveLength(7);
    expect(await rowsTo(phone as string)).toHaveLength(7);
  });

  it("counts days in the default zone when PostgreSQL does not know the user's, instead of failing everyone's notices", async () => {
    const unknownZone = await alertUser(server);
    // Stored as Node's Intl accepted it; a PostgreSQL with an older tz database may not know it.
    await server.ctx.db.update(user).set({ timeZone: 'Mars/Olympus_Mons' }).where(eq(user.id, unknownZone.userId));
    await trackLicense(server, unknownZone.userId, { expiryDate: dayIn(30) });

    await queueSmsNotices(server.ctx);
    const text = await twilio.waitFor((m) => m.to === unknownZone.phone);
    expect(text.body).toContain('in 30 days');
  });

  it('texts only users with a verified phone, the toggle on and a plan with alerts that has not expired', async () => {
    const eligible = await alertUser(server);
    const others = [
      await alertUser(server, { phoneVerified: false }),
      await alertUser(server, { sms: false }),
      await alertUser(server, { planName: 'basic' }),
      await alertUser(server, { planName: 'free' }),
      await alertUser(server, { days: -1 }),
    ];
    for (const u of [eligible, ...others]) await trackLicense(server, u.userId, { expiryDate: dayIn(30) });
    const deactivated = await alertUser(server);
    await trackLicense(server, deactivated.userId, { expiryDate: dayIn(30) });
    await server.ctx.db.update(user).set({ isActive: false }).where(eq(user.id, deactivated.userId));

    await queueSmsNotices(server.ctx);
    await waitFor('the eligible notice', async () => textsTo(eligible.phone).length === 1);
    await settle();
    for (const u of [...others, deactivated]) expect(textsTo(u.phone), JSON.stringify(u)).toHaveLength(0);
  });

  it('catches up a notice whose day was missed, for a license tracked then, with the real days left', async () => {
    const { userId, phone } = await alertUser(server);
    await trackLicense(server, userId, { expiryDate: dayIn(28), trackedAt: new Date(Date.now() - 5 * 86_400_000) });
    // Tracked only today: its 30-day mark passed before, nothing to catch up.
    await trackLicense(server, userId, { expiryDate: dayIn(29) });
    await queueSmsNotices(server.ctx);
    const text = await twilio.waitFor((m) => m.to === phone);
    expect(text.body).toContain('expires in 28 days');
    await settle();
    expect(textsTo(phone)).toHaveLength(1);
  });

  it('keeps every notice to one segment, even for a very long name outside GSM-7', async () => {
    const { userId, phone } = await alertUser(server);
    await trackLicense(server, userId, {
      expiryDate: dayIn(7),
      firstName: 'Maximiliana-Esperanza Łucja Ōtsuka’s',
      lastName: 'Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh',
      licenseNumber: 'MD-2026-00000000012345',
    });
    await queueSmsNotices(server.ctx);
    const text = await twilio.waitFor((m) => m.to === phone);
    expect(fitsOneSegment(text.body)).toBe(true);
    expect([...text.body].length).toBeLessThanOrEqual(160);
    expect(text.body).toMatch(/^LicenseWatch: Dr\. Maximiliana-Esperanza Lucja Otsuka's [\w-]+\.'s WA/);
    expect(text.body).toContain("'s WA MD license MD-2026-00000000012345 expires in 7 days");
    expect(text.body).toMatch(/Reply STOP to opt out\.$/);
  });

  it('keeps a notice while Twilio is down and delivers it once when Twilio is back', async () => {
    const { userId, phone } = await alertUser(server);
    await trackLicense(server, userId, { expiryDate: dayIn(14) });
    twilio.failWith(503);
    try {
      await queueSmsNotices(server.ctx);
      const pending = await waitFor('a failed attempt', async () => {
        const [row] = await rowsTo(phone as string);
        return row && row.attempts >= 1 && row.status === 'pending' ? row : null;
      });
      expect(pending.lastError).toMatch(/Twilio 503/);
      twilio.failWith(null);
      // pg-boss's retry waits 30 s or more; run its body now, as the retry would, and then a duplicate.
      await deliverMessageJob(server.ctx, { messageId: pending.id });
      await deliverMessageJob(server.ctx, { messageId: pending.id });
      await settle();
      expect(textsTo(phone)).toHaveLength(1);
      expect((await rowsTo(phone as string))[0]).toMatchObject({ status: 'sent', lastError: null });
    } finally {
      twilio.failWith(null);
    }
  });
});

/** `npm run cli -- <args>` against this file's database, as an operator runs it. */
function runCli(args: string[]): Promise<{ code: number | null; text: string }> {
  const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
  return new Promise((resolve) => {
    let text = '';
    const proc = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      cwd: fileURLToPath(new URL('../../../', import.meta.url)),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: server.databaseUrl,
        AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
        DATA_DIR: '/nonexistent',
        APP_URL: server.url,
        ...twilio.env,
      },
    });
    proc.stdout.on('data', (d) => {
      text += d;
    });
    proc.stderr.on('data', (d) => {
      text += d;
    });
    proc.on('exit', (code) => resolve({ code, text }));
  });
}

describe('npm run cli -- jobs:run sms-notices', () => {
  it('queues the notices due now, which the running worker delivers', { timeout: 90_000 }, async () => {
    const { userId, phone } = await alertUser(server);
    await trackLicense(server, userId, { expiryDate: dayIn(14) });
    const run = await runCli(['jobs:run', 'sms-notices']);
    expect(run.code, run.text).toBe(0);
    expect(run.text).toMatch(/^Queued [1-9]\d* SMS renewal notices?\.$/m);
    const text = await twilio.waitFor((m) => m.to === phone, 20_000);
    expect(text.body).toContain('expires in 14 days');

    const unknown = await runCli(['jobs:run', 'sms-notice']);
    expect(unknown.code).toBe(1);
    expect(unknown.text).toContain(
      'Unknown job "sms-notice". Jobs: source-health, daily-refresh, weekly-reminders, sms-notices, roster-summaries, refresh-exclusions, verification-due.',
    );
  });
});

describe("Twilio's inbound webhook", () => {
  it('STOP turns SMS notices off at once and a queued notice is not sent; START turns them back on', async () => {
    const { userId, phone } = await alertUser(server);
    await trackLicense(server, userId, { expiryDate: dayIn(60) });
    twilio.failWith(503);
    let pendingId: string;
    try {
      await queueSmsNotices(server.ctx);
      const pending = await waitFor('a failed attempt', async () => {
        const [row] = await rowsTo(phone as string);
        return row && row.attempts >= 1 && row.status === 'pending' ? row : null;
      });
      pendingId = pending.id;

      const stop = await inbound(phone as string, ' stop ');
      expect(stop.status).toBe(200);
      expect(stop.headers.get('content-type')).toMatch(/^text\/xml/);
      expect(await stop.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
      const [after] = await server.ctx.db.select().from(user).where(eq(user.id, userId));
      expect(after?.smsRenewalNotice).toBe(false);
    } finally {
      twilio.failWith(null);
    }
    // Twilio is back, and the retry comes: the user said STOP, so nothing is sent.
    await deliverMessageJob(server.ctx, { messageId: pendingId });
    await settle();
    expect(textsTo(phone)).toHaveLength(0);
    expect((await rowsTo(phone as string))[0]).toMatchObject({ status: 'cancelled' });
    // And the next daily run sends nothing new.
    await trackLicense(server, userId, { expiryDate: dayIn(30) });
    await queueSmsNotices(server.ctx);
    expect(await rowsTo(phone as string)).toHaveLength(1);

    const start = await inbound(phone as string, 'START');
    expect(start.status).toBe(200);
    expect(await start.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const [on] = await server.ctx.db.select().from(user).where(eq(user.id, userId));
    expect(on?.smsRenewalNotice).toBe(true);
    await queueSmsNotices(server.ctx);
    const text = await twilio.waitFor((m) => m.to === phone);
    expect(text.body).toContain('expires in 30 days');
  });

  it("honours Twilio's synonyms of STOP, for every account that verified the number", async () => {
    for (const word of ['STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit']) {
      const phone = uniquePhone();
      const a = await alertUser(server, { phone });
      const b = await alertUser(server, { phone });
      expect((await inbound(phone, word)).status).toBe(200);
      const rows = await server.ctx.db
        .select({ on: user.smsRenewalNotice })
        .from(user)
        .where(eq(user.phoneNumber, phone));
      expect(rows, word).toEqual([{ on: false }, { on: false }]);
      expect([a.userId, b.userId]).toHaveLength(2);
    }
  });

  it('answers HELP with who we are and how to stop, and anything else or an unknown number with nothing', async () => {
    const { phone } = await alertUser(server);
    const help = await inbound(phone as string, 'HELP');
    expect(help.status).toBe(200);
    expect(await help.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>LicenseWatch renewal alerts. Reply STOP to opt out. Help: support@licensewatch.example</Message></Response>',
    );
    expect(await (await inbound(phone as string, 'info')).text()).toContain('<Message>LicenseWatch renewal alerts.');
    const chat = await inbound(phone as string, 'Thanks, renewed it yesterday');
    expect(await chat.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const unknown = await inbound('+12065559999', 'STOP');
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });

  it('refuses a request whose signature does not match (403) and changes nothing', async () => {
    const { userId, phone } = await alertUser(server);
    const url = `${server.url}/api/v2/sms/inbound`;
    const signed = signedInboundSms(url, { from: phone as string, body: 'HELP' });
    // The same signature over another body: a forged STOP.
    const forged = signed.body.replace('Body=HELP', 'Body=STOP');
    const res = await new HttpClient(server.url).request('POST', '/api/v2/sms/inbound', forged, signed.headers);
    expect(res).toMatchObject({ status: 403, body: { code: 'INVALID_SIGNATURE' } });
    const unsigned = await new HttpClient(server.url).request('POST', '/api/v2/sms/inbound', signed.body, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(unsigned).toMatchObject({ status: 403, body: { code: 'INVALID_SIGNATURE' } });
    const [after] = await server.ctx.db.select().from(user).where(eq(user.id, userId));
    expect(after?.smsRenewalNotice).toBe(true);
  });
});

describe('without Twilio', () => {
  // A second server starts inside: ~5 s alone, several times that beside other test files on 2 cores.
  it('answers the webhook 503 and keeps notices in the dev outbox', { timeout: 90_000 }, async () => {
    const plain = await startTestServer();
    try {
      const signed = signedInboundSms(`${plain.url}/api/v2/sms/inbound`, { from: '+12065550100', body: 'STOP' });
      const res = await new HttpClient(plain.url).request('POST', '/api/v2/sms/inbound', signed.body, signed.headers);
      expect(res).toMatchObject({ status: 503, body: { code: 'SMS_NOT_CONFIGURED' } });

      const { userId, phone } = await alertUser(plain);
      await trackLicense(plain, userId, { expiryDate: dayIn(7) });
      expect(await queueSmsNotices(plain.ctx)).toBe(1);
      const outbox = await new HttpClient(plain.url).get(`/api/dev/outbox?to=${encodeURIComponent(phone as string)}`);
      expect(outbox.body).toHaveLength(1);
      expect(outbox.body[0]).toMatchObject({ channel: 'sms' });
      expect(outbox.body[0].text).toContain('expires in 7 days');
    } finally {
      await plain.close();
    }
  });
});
