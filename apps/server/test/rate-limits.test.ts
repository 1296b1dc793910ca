import { MESSAGES } from '@licensewatch/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/auth/rate-limits.ts';
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
    const body = { email: uniqueEmail('probe'), password: 'whatever' };
    for (let i = 0; i < RATE_LIMITS.checkUserPerIp.max; i++) {
      expect((await client.post('/api/v1/auth/check-user', body)).status).toBe(200);
    }
    const limited = await client.post('/api/v1/auth/check-user', body);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await new HttpClient(server.url).post('/api/v1/auth/check-user', body)).status).toBe(200);
  });

  it('sign-in answers 429 with the spec message after too many attempts on one email, from any IP', async () => {
    const { email } = await signUpAndVerify(new HttpClient(server.url));
    for (let i = 0; i < RATE_LIMITS.signInPerEmail.max; i++) {
      const res = await new HttpClient(server.url).post('/api/auth/sign-in/email', { email, password: 'wrong-one' });
      expect(res.status).toBe(401);
    }
    const limited = await new HttpClient(server.url).post('/api/auth/sign-in/email', {
      email,
      password: 'correct-horse',
    });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe(MESSAGES.login.tooMany);
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
    const { consumeRateLimit } = await import('../src/services/consume-rate-limit.ts');
    const key = `test:${uniqueEmail('window')}`;
    await consumeRateLimit(server.ctx.db, key, { max: 1, windowSeconds: 1 });
    await expect(consumeRateLimit(server.ctx.db, key, { max: 1, windowSeconds: 1 })).rejects.toMatchObject({
      status: 429,
    });
    await new Promise((r) => setTimeout(r, 1100));
    await expect(consumeRateLimit(server.ctx.db, key, { max: 1, windowSeconds: 1 })).resolves.toBeUndefined();
  });
});
