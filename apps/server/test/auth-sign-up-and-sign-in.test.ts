import { MESSAGES } from '@licensewatch/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/modules/accounts/tables.ts';
import { signUpAndVerify, signUpBody, uniqueEmail } from './support/accounts.ts';
import { HttpClient, waitForEmail } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('sign-up, confirmation, sign-in, me, sign-out', () => {
  it('runs the whole flow and stores the sign-up metadata', async () => {
    const client = new HttpClient(server.url);
    const email = uniqueEmail('flow');
    const signUp = await client.post('/api/auth/sign-up/email', {
      ...signUpBody(email),
      userType: 'developer',
      apiUsageInfo: { purpose_of_use: 'Credentialing', estimated_monthly_calls: 1200, preferred_data_format: 'csv' },
    });
    expect(signUp.status).toBe(200);

    const unverified = await client.post('/api/auth/sign-in/email', { email, password: 'correct-horse' });
    expect(unverified.status).toBe(403);
    expect(unverified.body.code).toBe('EMAIL_NOT_VERIFIED');

    const mail = await waitForEmail(client, email, { subject: /Confirm/ });
    expect(mail.subject).toContain('LicenseWatch');
    expect(mail.html).toContain('Confirm email');
    const link = new URL(mail.link);
    expect(link.origin).toBe(server.url);
    const verify = await client.get(link.pathname + link.search);
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toMatch(/\/login$/);

    const me = await client.get('/api/v2/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email,
      user_metadata: { role: 'user', full_name: 'Dr. Ada Okafor', phone_number: null },
    });

    const [row] = await server.ctx.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({
      organization: 'Lakeside Family Medicine',
      userType: 'developer',
      apiUsageInfo: { purpose_of_use: 'Credentialing', estimated_monthly_calls: 1200, preferred_data_format: 'csv' },
      role: 'user',
      isActive: true,
      emailVerified: true,
    });

    const session = await client.get('/api/v2/auth/session');
    expect(session.status).toBe(200);
    expect(session.headers.get('cache-control')).toBe('no-store');
    expect(session.body).toEqual({ user: me.body });

    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await client.get('/api/v2/auth/me')).status).toBe(401);
    // Signed out, the session call answers rather than fails: the app shell logs no error.
    expect(await client.get('/api/v2/auth/session')).toMatchObject({ status: 200, body: { user: null } });

    const signIn = await client.post('/api/auth/sign-in/email', { email, password: 'correct-horse' });
    expect(signIn.status).toBe(200);
    expect((await client.get('/api/v2/auth/me')).body.email).toBe(email);
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const client = new HttpClient(server.url);
    const { email, password } = await signUpAndVerify(client);
    const res = await new HttpClient(server.url).post('/api/auth/sign-in/email', { email, password });
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses a confirmation link that was tampered with', async () => {
    const client = new HttpClient(server.url);
    const res = await client.get('/api/auth/verify-email?token=not-a-token&callbackURL=%2Flogin');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/\/login\?error=INVALID_TOKEN/);
    expect((await client.get('/api/v2/auth/me')).status).toBe(401);
  });

  it('validates sign-up on the server with the shared schema, naming the field', async () => {
    const client = new HttpClient(server.url);
    const email = uniqueEmail('bad');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...signUpBody(email), name: '' }, /^name: Full name is required/],
      [{ ...signUpBody(email), email: 'not-an-email' }, /^email: Please enter a valid email address\./],
      [{ ...signUpBody(email), password: '12345' }, /^password: Password must be at least 6 characters long\./],
      [{ ...signUpBody(email), userType: 'hacker' }, /^userType: /],
      [
        {
          ...signUpBody(email),
          apiUsageInfo: { purpose_of_use: 'x', estimated_monthly_calls: 'many', preferred_data_format: 'csv' },
        },
        /^apiUsageInfo\.estimated_monthly_calls: /,
      ],
      [
        {
          ...signUpBody(email),
          apiUsageInfo: { purpose_of_use: 'x', estimated_monthly_calls: 3, preferred_data_format: 'xml' },
        },
        /^apiUsageInfo\.preferred_data_format: /,
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await client.post('/api/auth/sign-up/email', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.detail).toMatch(detail);
    }
    const rows = await server.ctx.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(0);
  });

  it('does not let a sign-up choose its own role or activation', async () => {
    const client = new HttpClient(server.url);
    const email = uniqueEmail('role');
    const res = await client.post('/api/auth/sign-up/email', { ...signUpBody(email), role: 'admin', isActive: false });
    expect(res.status).toBe(200);
    const [row] = await server.ctx.db.select().from(user).where(eq(user.email, email));
    expect(row?.role).toBe('user');
    expect(row?.isActive).toBe(true);
  });

  it('a second sign-up with the same email creates nothing new and tells the owner by email', async () => {
    const client = new HttpClient(server.url);
    const { email } = await signUpAndVerify(client);
    const again = await client.post('/api/auth/sign-up/email', { ...signUpBody(email, 'other-password') });
    expect(again.status).toBe(200);
    const notice = await waitForEmail(client, email, { subject: /already have/ });
    expect(notice.link).toBe(`${server.url}/login`);
    const rows = await server.ctx.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(1);
    const signIn = await new HttpClient(server.url).post('/api/auth/sign-in/email', {
      email,
      password: 'other-password',
    });
    expect(signIn.status).toBe(401);
  });
});

describe('check-user', () => {
  it('tells an unknown email from a wrong password', async () => {
    const client = new HttpClient(server.url);
    const { email } = await signUpAndVerify(client);
    const unknown = await client.post('/api/v1/auth/check-user', {
      email: uniqueEmail('nobody'),
      password: 'whatever',
    });
    expect(unknown.body).toEqual({ exists: false, valid_credentials: false, message: MESSAGES.login.noAccount });
    const wrong = await client.post('/api/v1/auth/check-user', { email, password: 'wrong-password' });
    expect(wrong.body).toEqual({ exists: true, valid_credentials: false, message: MESSAGES.login.wrongPassword });
    const right = await client.post('/api/v1/auth/check-user', { email, password: 'correct-horse' });
    expect(right.body).toMatchObject({ exists: true, valid_credentials: true });
  });

  it('answers 400 naming the field for a bad body', async () => {
    const res = await new HttpClient(server.url).post('/api/v1/auth/check-user', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/email/);
  });
});

describe('deactivated users', () => {
  it('cannot sign in and lose their session at once', async () => {
    const client = new HttpClient(server.url);
    const { email, password } = await signUpAndVerify(client);
    expect((await client.get('/api/v2/auth/me')).status).toBe(200);
    await server.ctx.db.update(user).set({ isActive: false }).where(eq(user.email, email));

    expect((await client.get('/api/v2/auth/me')).status).toBe(401);
    const signIn = await new HttpClient(server.url).post('/api/auth/sign-in/email', { email, password });
    expect(signIn.status).toBe(403);
    expect(signIn.body.code).toBe('ACCOUNT_DEACTIVATED');
    const check = await new HttpClient(server.url).post('/api/v1/auth/check-user', { email, password });
    expect(check.body.message).toBe(MESSAGES.login.deactivated);
  });
});
