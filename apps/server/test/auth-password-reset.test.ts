import { EMAIL_SEND_RATE_LIMIT_CODE, MESSAGES } from '@licensewatch/shared/messages';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verification } from '../src/modules/accounts/tables.ts';
import { startWorker } from '../src/worker.ts';
import { signUpAndVerify, uniqueEmail, waitFor } from './support/accounts.ts';
import { HttpClient, waitForEmail } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function requestReset(client: HttpClient, email: string) {
  const started = Date.now() - 1000;
  const res = await client.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
  expect(res.status).toBe(200);
  const mail = await waitForEmail(client, email, { subject: /Reset/, after: started });
  const link = new URL(mail.link);
  return { link, code: link.searchParams.get('code') ?? '', linkEmail: link.searchParams.get('email') ?? '' };
}

describe('password reset', () => {
  it('emails a product link with code and email, resets, and revokes existing sessions', async () => {
    const client = new HttpClient(server.url);
    const { email } = await signUpAndVerify(client);
    expect((await client.get('/api/v2/auth/me')).status).toBe(200);

    const resetter = new HttpClient(server.url);
    const { link, code, linkEmail } = await requestReset(resetter, email);
    expect(link.origin + link.pathname).toBe(`${server.url}/reset-password`);
    expect(linkEmail).toBe(email);
    expect(code).not.toBe('');

    const check = await resetter.post('/api/v1/auth/verify-reset-code', { email, code });
    expect(check.body).toEqual({ valid: true, reason: 'ok' });

    const short = await resetter.post('/api/auth/reset-password', { newPassword: '12345', token: code });
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe(`newPassword: ${MESSAGES.reset.tooShort}`);

    const ok = await resetter.post('/api/auth/reset-password', { newPassword: 'brand-new-pass', token: code });
    expect(ok.status).toBe(200);

    expect((await client.get('/api/v2/auth/me')).status).toBe(401);
    const oldPassword = await new HttpClient(server.url).post('/api/auth/sign-in/email', {
      email,
      password: 'correct-horse',
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await new HttpClient(server.url).post('/api/auth/sign-in/email', {
      email,
      password: 'brand-new-pass',
    });
    expect(newPassword.status).toBe(200);

    const reused = await resetter.post('/api/auth/reset-password', { newPassword: 'another-pass', token: code });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('INVALID_TOKEN');
    expect((await resetter.post('/api/v1/auth/verify-reset-code', { email, code })).body.reason).toBe('invalid');
  });

  it('tells expired, invalid and unknown-email links apart', async () => {
    const client = new HttpClient(server.url);
    const { email } = await signUpAndVerify(client);
    const { code } = await requestReset(client, email);

    expect((await client.post('/api/v1/auth/verify-reset-code', { email, code: 'wrong' })).body).toEqual({
      valid: false,
      reason: 'invalid',
    });
    const stranger = uniqueEmail('stranger');
    expect((await client.post('/api/v1/auth/verify-reset-code', { email: stranger, code })).body.reason).toBe(
      'email_not_found',
    );
    // Another account's email with this code is not this code's owner.
    const other = await signUpAndVerify(new HttpClient(server.url));
    expect((await client.post('/api/v1/auth/verify-reset-code', { email: other.email, code })).body.reason).toBe(
      'invalid',
    );

    await server.ctx.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, `reset-password:${code}`));
    expect((await client.post('/api/v1/auth/verify-reset-code', { email, code })).body).toEqual({
      valid: false,
      reason: 'expired',
    });
    const reset = await client.post('/api/auth/reset-password', { newPassword: 'brand-new-pass', token: code });
    expect(reset.status).toBe(400);
    expect(reset.body.code).toBe('INVALID_TOKEN');
  });

  it('answers the same for an unknown email, and sends nothing', async () => {
    const client = new HttpClient(server.url);
    const email = uniqueEmail('ghost');
    const res = await client.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(res.status).toBe(200);
    await waitFor('the reset job', async () => (await server.ctx.jobs.pending('requestPasswordReset')) === 0);
    expect((await client.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body).toEqual([]);
  });

  it('locks an email for 60 seconds after a request, across clients', async () => {
    const { email } = await signUpAndVerify(new HttpClient(server.url));
    const first = await new HttpClient(server.url).post('/api/auth/request-password-reset', { email });
    expect(first.status).toBe(200);
    const second = await new HttpClient(server.url).post('/api/auth/request-password-reset', { email });
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ detail: MESSAGES.forgot.tooMany, code: EMAIL_SEND_RATE_LIMIT_CODE });
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(55);
    expect(Number(second.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('validates the forgot-password email', async () => {
    const res = await new HttpClient(server.url).post('/api/auth/request-password-reset', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(`email: ${MESSAGES.login.invalidEmail}`);
  });
});

describe('forgot-password tells no one whether an account exists', () => {
  it('answers before the account is looked up: the same answer for a known and an unknown email, the token made by a job', async () => {
    const quiet = await startTestServer({}, { worker: false });
    try {
      const { email } = await signUpAndVerify(new HttpClient(quiet.url));
      const stranger = uniqueEmail('stranger');
      const known = await new HttpClient(quiet.url).post('/api/auth/request-password-reset', { email });
      const unknown = await new HttpClient(quiet.url).post('/api/auth/request-password-reset', { email: stranger });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      // No worker yet: the answers came before any look-up, token or email.
      expect(
        await quiet.ctx.db.select().from(verification).where(like(verification.identifier, 'reset-password:%')),
      ).toEqual([]);
      expect(await quiet.ctx.jobs.pending('requestPasswordReset')).toBe(2);

      await startWorker(quiet.ctx);
      const client = new HttpClient(quiet.url);
      expect((await waitForEmail(client, email, { subject: /Reset/ })).link).toContain('/reset-password?code=');
      await waitFor('the reset jobs', async () => (await quiet.ctx.jobs.pending('requestPasswordReset')) === 0);
      expect((await client.get(`/api/dev/outbox?to=${encodeURIComponent(stranger)}`)).body).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
