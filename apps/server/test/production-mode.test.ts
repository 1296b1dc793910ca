import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/modules/accounts/create-user.ts';
import { HttpClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  // Production refuses to start without these; the test database itself is passed separately.
  server = await startTestServer({
    NODE_ENV: 'production',
    AUTH_SECRET: 'production-test-secret-0123456789abcdef',
    DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
    SMTP_URL: 'smtp://127.0.0.1:1',
  });
});
afterAll(() => server?.close());

describe('NODE_ENV=production', () => {
  it('does not mount the dev outbox', async () => {
    const res = await new HttpClient(server.url).get('/api/dev/outbox');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('leaves the dev routes out of the API document and names the Secure session cookie', async () => {
    const res = await new HttpClient(server.url).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths).filter((path) => path.startsWith('/api/dev/'))).toEqual([]);
    expect(res.body.components.securitySchemes.session.name).toMatch(/^__Secure-/);
  });

  it('issues Secure, httpOnly, SameSite=Lax session cookies', async () => {
    await createUser(server.ctx.auth, server.ctx.db, {
      email: 'prod-user@example.com',
      password: 'correct-horse',
      verified: true,
    });
    const res = await new HttpClient(server.url).post('/api/auth/sign-in/email', {
      email: 'prod-user@example.com',
      password: 'correct-horse',
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token')) ?? '';
    expect(cookie).toMatch(/^__Secure-/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('asks browsers to upgrade insecure requests', async () => {
    const res = await new HttpClient(server.url).get('/healthz');
    expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});
