import { MESSAGES } from '@licensewatch/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_FAILURE_DELAY, passwordGuessDelayMs, RATE_LIMITS } from '../src/modules/accounts/rate-limits.ts';
import { signUpAndVerify, signUpBody, uniqueEmail } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('rate limits (stored in the database)', () => {
  it('check-user answers 429 past its hard limit per IP', async () => {
    const client = new HttpClient(server.url);
    // A new email each time: failures on one email would only slow the probe down (below).
    const body = () => ({ email: uniqueEmail('probe'), password: 'whatever' });
    for (let i = 0; i < RATE_LIMITS.checkUserPerIp.max; i++) {
      expect((await client.post('/api/v1/auth/check-user', body())).status).toBe(200);
    }
    const limited = await client.post('/api/v1/auth/check-user', body());
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await new HttpClient(server.url).post('/api/v1/auth/check-user', body())).status).toBe(200);
  });

  it('failing on purpose cannot lock the owner out: the failing pair is refused, the owner is only slowed', async () => {
    const { email, password } = await signUpAndVerify(new HttpClient(server.url));
    const attacker = new HttpClient(server.url);
    for (let i = 0; i < RATE_LIMITS.signInPerEmailAndIp.max; i++) {
      expect((await attacker.post('/api/auth/sign-in/email', { email, password: 'wrong-one' })).status).toBe(401);
    }
    // The attacker's own address is done with this email, right password or not.
    const refused = await attacker.post('/api/auth/sign-in/email', { email, password });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ detail: MESSAGES.login.tooMany, code: 'RATE_LIMITED' });
    // The owner, from their own address, gets in — after the delay those failures earned.
    const owner = new HttpClient(server.url);
    const started = Date.now();
    expect((await owner.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(passwordGuessDelayMs(RATE_LIMITS.signInPerEmailAndIp.max));
    expect((await owner.get('/api/v2/auth/me')).status).toBe(200);
  });

  it('check-user is a password guess too: it spends the same per-address budget as sign-in', async () => {
    const { email, password } = await signUpAndVerify(new HttpClient(server.url));
    const prober = new HttpClient(server.url);
    for (let i = 0; i < RATE_LIMITS.signInPerEmailAndIp.max; i++) {
      const res = await prober.post('/api/v1/auth/check-user', { email, password: `guess-${i}` });
      expect(res.body).toMatchObject({ exists: true, valid_credentials: false });
    }
    expect((await prober.post('/api/auth/sign-in/email', { email, password })).status).toBe(429);
  });

  it('check-user failures slow the next guesses at that email from anywhere', async () => {
    const { email } = await signUpAndVerify(new HttpClient(server.url));
    const failures = PASSWORD_FAILURE_DELAY.free + 1;
    for (let i = 0; i < failures; i++) {
      await new HttpClient(server.url).post('/api/v1/auth/check-user', { email, password: `guess-${i}` });
    }
    const started = Date.now();
    expect(
      (await new HttpClient(server.url).post('/api/auth/sign-in/email', { email, password: 'x-wrong' })).status,
    ).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(passwordGuessDelayMs(failures));
  });

  it('sign-in answers 429 after too many attempts from one IP', async () => {
    const client = new HttpClient(server.url);
    for (let i = 0; i < RATE_LIMITS.signInPerIp.max; i++) {
      await client.post('/api/auth/sign-in/email', { email: uniqueEmail('spray'), password: 'wrong-one' });
    }
    expect((await client.post('/api/auth/sign-in/email', { email: uniqueEmail('spray'), password: 'x' })).status).toBe(
      429,
    );
  });

  it('sign-up answers 429 after too many accounts from one IP', async () => {
    const client = new HttpClient(server.url);
    for (let i = 0; i < RATE_LIMITS.signUpPerIp.max; i++) {
      expect((await client.post('/api/auth/sign-up/email', signUpBody(uniqueEmail('bulk')))).status).toBe(200);
    }
    expect((await client.post('/api/auth/sign-up/email', signUpBody(uniqueEmail('bulk')))).status).toBe(429);
  });

  it('the window resets: a count from an old window does not block', async () => {
    const { consumeRateLimit } = await import('../src/platform/security/consume-rate-limit.ts');
    const key = `test:${uniqueEmail('window')}`;
    await consumeRateLimit(server.ctx.db, key, { max: 1, windowSeconds: 1 });
    await expect(consumeRateLimit(server.ctx.db, key, { max: 1, windowSeconds: 1 })).rejects.toMatchObject({
      status: 429,
    });
    await new Promise((r) => setTimeout(r, 1100));
    await expect(consumeRateLimit(server.ctx.db, key, { max: 1, windowSeconds: 1 })).resolves.toBeUndefined();
  });
});
