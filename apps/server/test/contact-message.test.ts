import { CONTACT_MESSAGES } from '@licensewatch/shared/contact-messages';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/modules/contact/rate-limits.ts';
import { contactMessage } from '../src/modules/contact/tables.ts';
import { HttpClient } from './support/http-client.ts';
import { type RecaptchaStandIn, startRecaptchaStandIn } from './support/recaptcha-stand-in.ts';
import { type SlackStandIn, startSlackStandIn } from './support/slack-stand-in.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const SEND = '/api/v2/notifications/slack-notification';
let seq = 0;
const fields = (extra: Record<string, string> = {}) => ({
  full_name: 'Dr. Ada Quill',
  email: `ada.quill+${++seq}@clinic.example`,
  subject: 'Question about my Vermont license',
  message: 'Hello,\nmy Vermont license shows as expired but I renewed it last week.',
  ...extra,
});

/** What the ALTCHA widget does in the browser: fetch a challenge, solve it, base64 the result. */
async function solvedAltcha(client: HttpClient): Promise<string> {
  const { status, body } = await client.get('/api/v2/notifications/captcha-challenge');
  expect(status).toBe(200);
  const challenge = body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, tries = 200): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const storedFor = (server: TestServer, email: string) =>
  server.ctx.db.select().from(contactMessage).where(eq(contactMessage.email, email));

describe('contact form with ALTCHA and Slack', () => {
  let slack: SlackStandIn;
  let server: TestServer;
  beforeAll(async () => {
    slack = await startSlackStandIn();
    server = await startTestServer({ SLACK_WEBHOOK_URL: slack.webhookUrl });
  });
  afterAll(async () => {
    await server?.close();
    await slack?.close();
  });

  it('tells the client to show ALTCHA and serves signed, expiring, uncached challenges', async () => {
    const client = new HttpClient(server.url);
    expect((await client.get('/api/v2/notifications/captcha-config')).body).toEqual({
      provider: 'altcha',
      challenge_url: '/api/v2/notifications/captcha-challenge',
    });
    // No office configured: the page shows none.
    expect((await client.get('/api/v2/notifications/contact-office')).body).toEqual({ office: null });
    const res = await client.get('/api/v2/notifications/captcha-challenge');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.parameters.expiresAt * 1000).toBeGreaterThan(Date.now());
  });

  it('stores a message with a solved captcha, then posts it to Slack with every field escaped', async () => {
    const client = new HttpClient(server.url);
    const body = fields({
      full_name: '<b>Mallory</b> & <!channel>',
      subject: '<https://evil.example|Click here> for <@U012AB3CD>',
      message: 'Hi <script>alert(1)</script>\n&lt; already-escaped &amp; *bold*',
    });
    const res = await client.post(SEND, { ...body, recaptcha_token: await solvedAltcha(client) });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'received' });

    const [stored] = await storedFor(server, body.email);
    // Stored exactly as typed: escaping is Slack's concern, not the record's.
    expect(stored).toMatchObject({ fullName: body.full_name, subject: body.subject, message: body.message });
    const delivered = await waitFor('delivery', async () => {
      const [row] = await storedFor(server, body.email);
      return row?.status === 'delivered' ? row : null;
    });
    expect(delivered).toMatchObject({ attempts: 1, lastError: null });
    expect(delivered.deliveredAt).toBeInstanceOf(Date);

    const post = slack.posts.find((p) => p.body.text?.includes(body.email));
    expect(post?.body.text).toBe(
      [
        '*New contact message*',
        `*From:* &lt;b&gt;Mallory&lt;/b&gt; &amp; &lt;!channel&gt; (${body.email})`,
        '*Subject:* &lt;https://evil.example|Click here&gt; for &lt;@U012AB3CD&gt;',
        '',
        'Hi &lt;script&gt;alert(1)&lt;/script&gt;\n&amp;lt; already-escaped &amp;amp; *bold*',
      ].join('\n'),
    );
    // No raw control character from a visitor reaches Slack.
    expect(post?.body.text?.replace(/&(amp|lt|gt);/g, '')).not.toMatch(/[<>&]/);
  });

  it('keeps the message pending while Slack is down and delivers it once when Slack is back', async () => {
    const client = new HttpClient(server.url);
    const body = fields({ subject: 'Sent during a Slack outage' });
    slack.failWith(500);
    try {
      const res = await client.post(SEND, { ...body, recaptcha_token: await solvedAltcha(client) });
      // The visitor is told it was received: it is stored, delivery is the job's business.
      expect(res.status).toBe(202);
      const failed = await waitFor('a failed attempt', async () => {
        const [row] = await storedFor(server, body.email);
        return row && row.attempts >= 1 ? row : null;
      });
      expect(failed.status).toBe('pending');
      expect(failed.lastError).toContain('Slack webhook answered 500');
    } finally {
      slack.failWith(null);
    }
    const [row] = await storedFor(server, body.email);
    if (!row) throw new Error('not stored');
    // The retry waits 30 s or more (backoff); bring its time forward instead of sleeping. The row
    // records the failure before the job ends with it, so pg-boss may not have scheduled the retry yet.
    const moved = await waitFor('the retry scheduled', async () => {
      const res = await server.ctx.pool.query(
        `UPDATE pgboss.job SET start_after = now() WHERE name = 'deliver-contact-message' AND singleton_key = $1 AND state = 'retry'`,
        [row.id],
      );
      return res.rowCount === 1 ? res : null;
    });
    expect(moved.rowCount).toBe(1);
    const delivered = await waitFor('delivery after the outage', async () => {
      const [r] = await storedFor(server, body.email);
      return r?.status === 'delivered' ? r : null;
    });
    expect(delivered.attempts).toBe(2);
    expect(slack.posts.filter((p) => p.body.text?.includes(body.email))).toHaveLength(1);
    // The handler marks the message delivered before pg-boss records the job as done: wait for that.
    const job = await waitFor('the job to complete', async () => {
      const { rows } = await server.ctx.pool.query(
        `SELECT state, retry_count FROM pgboss.job WHERE name = 'deliver-contact-message' AND singleton_key = $1`,
        [row.id],
      );
      return rows.length === 1 && rows[0].state !== 'active' ? rows : null;
    });
    expect(job).toEqual([{ state: 'completed', retry_count: 1 }]);
  });

  it('refuses a missing captcha with the captcha message and stores nothing', async () => {
    const client = new HttpClient(server.url);
    const body = fields();
    for (const token of [undefined, '', '   ']) {
      const res = await client.post(SEND, token === undefined ? body : { ...body, recaptcha_token: token });
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain(CONTACT_MESSAGES.captchaRequired);
    }
    expect(await storedFor(server, body.email)).toHaveLength(0);
  });

  it('refuses forged solutions: junk, a wrong answer, a tampered challenge, the widget test payload', async () => {
    const client = new HttpClient(server.url);
    const body = fields();
    const genuine = JSON.parse(Buffer.from(await solvedAltcha(client), 'base64').toString('utf8'));
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
    const forged = [
      'not-base64-json',
      b64({ challenge: null, solution: null, test: true }),
      b64({ ...genuine, solution: { ...genuine.solution, derivedKey: '00'.repeat(32) } }),
      // A cheaper challenge of the attacker's own making keeps the old signature: it must fail.
      b64({
        ...genuine,
        challenge: { ...genuine.challenge, parameters: { ...genuine.challenge.parameters, cost: 1 } },
      }),
      b64({ ...genuine, challenge: { ...genuine.challenge, signature: 'f'.repeat(64) } }),
    ];
    for (const token of forged) {
      const res = await new HttpClient(server.url).post(SEND, { ...body, recaptcha_token: token });
      expect(res.status, token).toBe(400);
      expect(res.body).toEqual({ detail: CONTACT_MESSAGES.captchaInvalid, code: 'CAPTCHA_INVALID' });
    }
    expect(await storedFor(server, body.email)).toHaveLength(0);
  });

  it('accepts a solved captcha once: a replay is refused and stores nothing', async () => {
    const client = new HttpClient(server.url);
    const token = await solvedAltcha(client);
    const first = fields();
    expect((await client.post(SEND, { ...first, recaptcha_token: token })).status).toBe(202);
    const replay = fields({ subject: 'replayed' });
    const res = await new HttpClient(server.url).post(SEND, { ...replay, recaptcha_token: token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: CONTACT_MESSAGES.captchaUsed, code: 'CAPTCHA_USED' });
    expect(await storedFor(server, replay.email)).toHaveLength(0);
    expect(await storedFor(server, first.email)).toHaveLength(1);
  });

  it('refuses missing fields, a bad email and a 20,000-character message with field messages', async () => {
    const client = new HttpClient(server.url);
    const token = await solvedAltcha(client);
    const missing = await client.post(SEND, { recaptcha_token: token });
    expect(missing.status).toBe(400);
    for (const m of ['full_name: Full name is required', 'email: Email is required', 'subject: Subject is required']) {
      expect(missing.body.detail).toContain(m);
    }
    expect(missing.body.detail).toContain('message: Message is required');

    const blank = await client.post(SEND, { ...fields({ full_name: '   ' }), recaptcha_token: token });
    expect(blank.body.detail).toContain('full_name: Full name is required');

    const badEmail = await client.post(SEND, { ...fields({ email: 'ada@' }), recaptcha_token: token });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.detail).toContain('email: Please enter a valid email address');

    const long = fields({ message: 'x'.repeat(20_000) });
    const tooLong = await client.post(SEND, { ...long, recaptcha_token: token });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      detail: 'message: Message must be at most 5,000 characters',
      code: 'VALIDATION_ERROR',
    });
    expect(await storedFor(server, long.email)).toHaveLength(0);
    // None of these spent the captcha: it still works for a valid message.
    expect((await client.post(SEND, { ...fields(), recaptcha_token: token })).status).toBe(202);
  });

  it('limits messages per IP with 429, before any captcha is checked', async () => {
    const client = new HttpClient(server.url);
    for (let i = 0; i < RATE_LIMITS.contactMessagePerIp.max; i++) {
      expect((await client.post(SEND, { ...fields(), recaptcha_token: 'junk' })).status).toBe(400);
    }
    const limited = await client.post(SEND, { ...fields(), recaptcha_token: 'junk' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: CONTACT_MESSAGES.tooMany, code: 'RATE_LIMITED' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    const other = new HttpClient(server.url);
    expect((await other.post(SEND, { ...fields(), recaptcha_token: await solvedAltcha(other) })).status).toBe(202);
  });
});

describe('contact form with reCAPTCHA and no Slack webhook', () => {
  const SECRET = 'recaptcha-secret-standin';
  let recaptcha: RecaptchaStandIn;
  let server: TestServer;
  beforeAll(async () => {
    recaptcha = await startRecaptchaStandIn({ secret: SECRET });
    server = await startTestServer({
      RECAPTCHA_SITE_KEY: '6LeStandInSiteKey',
      RECAPTCHA_SECRET_KEY: SECRET,
      RECAPTCHA_VERIFY_URL: recaptcha.verifyUrl,
      CONTACT_OFFICE_ADDRESS: '1 Main St, Suite 4; Springfield, IL 62701',
      CONTACT_OFFICE_COORDINATES: '39.8017,-89.6436',
    });
  });
  afterAll(async () => {
    await server?.close();
    await recaptcha?.close();
  });

  it('tells the client to show reCAPTCHA with its site key, and which office to show', async () => {
    const client = new HttpClient(server.url);
    expect((await client.get('/api/v2/notifications/captcha-config')).body).toEqual({
      provider: 'recaptcha',
      site_key: '6LeStandInSiteKey',
    });
    expect((await client.get('/api/v2/notifications/contact-office')).body).toEqual({
      office: { lines: ['1 Main St, Suite 4', 'Springfield, IL 62701'], coordinates: { lat: 39.8017, lon: -89.6436 } },
    });
  });

  it('stores a message whose token Google accepts, and keeps it pending without a webhook', async () => {
    const client = new HttpClient(server.url);
    const body = fields();
    const token = recaptcha.issue();
    const res = await client.post(SEND, { ...body, recaptcha_token: token });
    expect(res.status).toBe(202);
    const call = recaptcha.calls.at(-1);
    expect(Object.fromEntries(call ?? [])).toEqual({ secret: SECRET, response: token, remoteip: client.ip });

    const listed = await client.get(`/api/dev/contact-messages?email=${encodeURIComponent(body.email)}`);
    expect(listed.body).toMatchObject([{ email: body.email, subject: body.subject, status: 'pending', attempts: 0 }]);
    // The job ran and left it alone: no webhook, nothing to try yet.
    await waitFor('the delivery job', async () => (await server.ctx.jobs.pending('deliverContactMessage')) === 0);
    expect((await storedFor(server, body.email))[0]?.status).toBe('pending');
  });

  it('refuses a token Google rejects, or one used twice, and stores nothing', async () => {
    const client = new HttpClient(server.url);
    const body = fields();
    const bad = await client.post(SEND, { ...body, recaptcha_token: 'made-up-token' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('CAPTCHA_INVALID');

    const token = recaptcha.issue();
    expect((await client.post(SEND, { ...fields(), recaptcha_token: token })).status).toBe(202);
    expect((await client.post(SEND, { ...body, recaptcha_token: token })).status).toBe(400);
    expect(await storedFor(server, body.email)).toHaveLength(0);
  });
});
