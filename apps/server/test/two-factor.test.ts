import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/modules/accounts/create-user.ts';
import { twoFactor, user } from '../src/modules/accounts/tables.ts';
import { uniqueEmail } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { enrolTwoFactor, signedInPerson } from './support/identities.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { secretOfUri, totpNow } from './support/totp.ts';

const PASSWORD = 'correct-horse';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
});
afterAll(async () => {
  await server?.close();
});

/** A verified account of that role, signed in with its password (two-factor off). */
async function account(role: 'user' | 'admin' = 'user') {
  const email = uniqueEmail(`2fa-${role}`);
  const { id } = await createUser(server.ctx.auth, server.ctx.db, { email, password: PASSWORD, role, verified: true });
  const client = new HttpClient(server.url);
  expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  return { client, email, id };
}

/** A code for `secret` that is not valid within ±1 step of now. */
function wrongCode(secret: string): string {
  const shown = new Set([-30_000, 0, 30_000].map((skew) => totpNow(secret, Date.now() + skew)));
  return ['123456', '654321', '000000'].find((c) => !shown.has(c)) ?? '111111';
}

async function me(client: HttpClient) {
  return (await client.get('/api/v2/auth/me')).body;
}

describe('turning two-factor on', () => {
  it('needs the password, is on only once a code from the secret confirms it, and the issuer is the application name', async () => {
    const { client, id } = await account();
    const wrong = await client.post('/api/auth/two-factor/enable', { password: 'not-the-one' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_PASSWORD' });
    // The issuer is the server's to set.
    const issuer = await client.post('/api/auth/two-factor/enable', { password: PASSWORD, issuer: 'Evil Corp' });
    expect(issuer.status).toBe(400);
    expect(issuer.body).toMatchObject({ code: 'VALIDATION_ERROR' });

    const started = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(started.status).toBe(200);
    expect(started.body.totpURI).toMatch(/^otpauth:\/\/totp\/LicenseWatch:/);
    expect(new URL(started.body.totpURI).searchParams.get('issuer')).toBe('LicenseWatch');
    expect(started.body.backupCodes).toHaveLength(10);
    expect((await me(client)).two_factor_enabled).toBe(false);

    const secret = secretOfUri(started.body.totpURI);
    const refused = await client.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'INVALID_CODE' });
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: 'abcdef' })).status).toBe(400);
    expect((await me(client)).two_factor_enabled).toBe(false);

    const confirmed = await client.post('/api/auth/two-factor/verify-totp', { code: totpNow(secret) });
    expect(confirmed.status).toBe(200);
    // The session that enrolled goes on (better-auth replaced its cookie).
    expect((await me(client)).two_factor_enabled).toBe(true);
    const [row] = await server.ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, id));
    // Stored encrypted: neither the secret nor a backup code in clear.
    expect(row?.secret).not.toContain(secret);
    expect(row?.backupCodes).not.toContain(started.body.backupCodes[0]);
  });

  it('refuses anyone signed out', async () => {
    const res = await new HttpClient(server.url).post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(res.status).toBe(401);
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code after the password, refuses a wrong one, and the right one signs in', async () => {
    const { client, email } = await account();
    const secret = await enrolTwoFactor(client, PASSWORD);

    const browser = new HttpClient(server.url);
    const first = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    // No session before the second step.
    expect((await browser.get('/api/v2/auth/me')).status).toBe(401);

    const wrong = await browser.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CODE' });
    expect((await browser.get('/api/v2/auth/me')).status).toBe(401);

    const right = await browser.post('/api/auth/two-factor/verify-totp', { code: totpNow(secret) });
    expect(right.status).toBe(200);
    expect((await browser.get('/api/v2/auth/me')).body).toMatchObject({ email, two_factor_enabled: true });
  });

  it('a wrong password is still a wrong password: no hint that two-factor is on', async () => {
    const { client, email } = await account();
    await enrolTwoFactor(client, PASSWORD);
    const res = await new HttpClient(server.url).post('/api/auth/sign-in/email', { email, password: 'not-the-one' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
  });

  it('ends a sign-in challenge after 5 wrong codes: the password is needed again', async () => {
    const { client, email } = await account();
    const secret = await enrolTwoFactor(client, PASSWORD);
    const browser = new HttpClient(server.url);
    await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    for (let i = 0; i < 5; i += 1) {
      expect((await browser.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) })).status).toBe(401);
    }
    const sixth = await browser.post('/api/auth/two-factor/verify-totp', { code: totpNow(secret) });
    expect(sixth.status).toBe(400);
    expect(sixth.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' });
    expect((await browser.get('/api/v2/auth/me')).status).toBe(401);
  });

  it('limits codes per address at our edge too (429), before better-auth counts them', async () => {
    const browser = new HttpClient(server.url);
    let last = 0;
    for (let i = 0; i < 31; i += 1)
      last = (await browser.post('/api/auth/two-factor/verify-totp', { code: '123456' })).status;
    expect(last).toBe(429);
  });

  it('takes a backup code instead, once', async () => {
    const { client, email } = await account();
    const enabled = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    const secret = secretOfUri(enabled.body.totpURI);
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: totpNow(secret) })).status).toBe(200);
    const [backup] = enabled.body.backupCodes as string[];

    const browser = new HttpClient(server.url);
    await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const used = await browser.post('/api/auth/two-factor/verify-backup-code', { code: backup });
    expect(used.status).toBe(200);
    expect((await browser.get('/api/v2/auth/me')).body).toMatchObject({ email });

    const again = new HttpClient(server.url);
    await again.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const reused = await again.post('/api/auth/two-factor/verify-backup-code', { code: backup });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: 'INVALID_BACKUP_CODE' });
    expect((await again.get('/api/v2/auth/me')).status).toBe(401);
  });
});

describe('turning two-factor off', () => {
  it('needs the password; afterwards the password alone signs in', async () => {
    const { client, email, id } = await account();
    await enrolTwoFactor(client, PASSWORD);
    const wrong = await client.post('/api/auth/two-factor/disable', { password: 'not-the-one' });
    expect(wrong.status).toBe(400);
    expect((await me(client)).two_factor_enabled).toBe(true);

    expect((await client.post('/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(200);
    expect((await me(client)).two_factor_enabled).toBe(false);
    expect(await server.ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, id))).toEqual([]);
    const browser = new HttpClient(server.url);
    const signIn = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    expect(signIn.body.twoFactorRedirect).toBeUndefined();
    expect((await browser.get('/api/v2/auth/me')).status).toBe(200);
  });
});

describe('the admin area requires two-factor', () => {
  it('refuses an administrator without it with TWO_FACTOR_REQUIRED, and lets them in once it is on', async () => {
    const { client } = await account('admin');
    for (const path of ['/api/v2/admin/dashboard', '/api/v2/admin/users', '/api/v2/admin/audit']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({
        code: 'TWO_FACTOR_REQUIRED',
        detail: 'Turn on two-factor authentication on your profile to use the admin area.',
      });
    }
    await enrolTwoFactor(client, PASSWORD);
    expect((await client.get('/api/v2/admin/dashboard')).status).toBe(200);

    // Turned off again: out at once.
    expect((await client.post('/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(200);
    expect((await client.get('/api/v2/admin/dashboard')).body).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
  });

  it("wants this session to have passed it: a session signed in before two-factor was turned on is refused, the code's session is not", async () => {
    const { client: enrolled, email } = await account('admin');
    // A second device, signed in with the password alone while two-factor was still off.
    const earlier = new HttpClient(server.url);
    expect((await earlier.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    const secret = await enrolTwoFactor(enrolled, PASSWORD);

    expect((await enrolled.get('/api/v2/admin/dashboard')).status).toBe(200);
    expect((await enrolled.get('/api/v2/auth/me')).body).toMatchObject({
      two_factor_enabled: true,
      second_factor: true,
    });
    const refused = await earlier.get('/api/v2/admin/dashboard');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'TWO_FACTOR_REQUIRED',
      detail:
        'This session did not pass two-factor authentication. Sign out, then sign in with your password and authenticator code to use the admin area.',
    });
    expect((await earlier.get('/api/v2/auth/me')).body).toMatchObject({
      two_factor_enabled: true,
      second_factor: false,
    });

    // Signing in again with the password and a code (or a backup code) passes it.
    const again = new HttpClient(server.url);
    expect((await again.post('/api/auth/sign-in/email', { email, password: PASSWORD })).body).toMatchObject({
      twoFactorRedirect: true,
    });
    expect((await again.post('/api/auth/two-factor/verify-totp', { code: totpNow(secret) })).status).toBe(200);
    expect((await again.get('/api/v2/admin/dashboard')).status).toBe(200);
  });

  it('does not ask it of anyone else: a customer without two-factor uses the app, and is refused the admin area as before', async () => {
    const customer = await signedInPerson(server);
    expect((await customer.client.get('/api/v2/auth/me')).body.two_factor_enabled).toBe(false);
    expect((await customer.client.get('/api/v2/profile')).status).toBe(200);
    expect((await customer.client.get('/api/v2/admin/dashboard')).body).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('the role and two-factor are read on every request', async () => {
    const admin = await signedInPerson(server, 'admin');
    expect((await admin.client.get('/api/v2/admin/dashboard')).status).toBe(200);
    await server.ctx.db.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, admin.userId));
    expect((await admin.client.get('/api/v2/admin/dashboard')).body).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
  });
});
