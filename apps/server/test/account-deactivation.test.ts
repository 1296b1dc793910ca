import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MESSAGES } from '@licensewatch/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserActive } from '../src/modules/accounts/set-user-active.ts';
import { session, user } from '../src/modules/accounts/tables.ts';
import { HttpClient } from './support/http-client.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { apiKeyOwner } from './support/search-api.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
});
afterAll(() => server?.close());

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** `npm run cli -- <args>` as an operator runs it, against this test's database. */
async function cli(...args: string[]) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: server.databaseUrl, AUTH_SECRET: 'x'.repeat(40) },
  });
}

/** What a signed-in person can do with their cookie, better-auth's endpoints included. */
async function sessionAnswers(client: HttpClient) {
  return {
    me: (await client.get('/api/v2/auth/me')).status,
    // The app shell's session call answers 200 either way; who it names is what changes.
    signedIn: (await client.get('/api/v2/auth/session')).body.user !== null,
    getSession: (await client.get('/api/auth/get-session')).status,
    listSessions: (await client.get('/api/auth/list-sessions')).status,
    updateUser: (await client.post('/api/auth/update-user', { name: 'Still Here' })).status,
    changePassword: (
      await client.post('/api/auth/change-password', { currentPassword: 'correct-horse', newPassword: 'new-secret-1' })
    ).status,
    credentials: (await client.get('/api/v1/credentials/')).status,
    reports: (await client.get('/api/v1/reports/')).status,
  };
}

async function apiKeyOf(person: Person): Promise<string> {
  return (await person.client.get('/api/v1/credentials/')).body.credential_key;
}

describe('deactivation', () => {
  it('ends every session and the API key at once, everywhere; sign-in is refused with the deactivation message', async () => {
    const person = await signedInPerson(server);
    const secondDevice = new HttpClient(server.url);
    expect(
      (await secondDevice.post('/api/auth/sign-in/email', { email: person.email, password: 'correct-horse' })).status,
    ).toBe(200);
    const key = await apiKeyOf(person);
    expect(await apiKeyOwner(server, key)).toBe(person.userId);

    const done = await setUserActive(server.ctx.db, { email: person.email }, false);
    expect(done).toEqual({ userId: person.userId, sessionsRevoked: 2 });

    const refused = {
      me: 401,
      signedIn: false,
      getSession: 401,
      listSessions: 401,
      updateUser: 401,
      changePassword: 401,
      credentials: 401,
      reports: 401,
    };
    expect(await sessionAnswers(person.client)).toEqual(refused);
    expect(await sessionAnswers(secondDevice)).toEqual(refused);
    expect(await apiKeyOwner(server, key)).toBeNull();
    const [row] = await server.ctx.db.select({ name: user.name }).from(user).where(eq(user.id, person.userId));
    expect(row?.name).not.toBe('Still Here');

    const signIn = await new HttpClient(server.url).post('/api/auth/sign-in/email', {
      email: person.email,
      password: 'correct-horse',
    });
    expect(signIn).toMatchObject({
      status: 403,
      body: { detail: MESSAGES.login.deactivated, code: 'ACCOUNT_DEACTIVATED' },
    });
    const check = await new HttpClient(server.url).post('/api/v1/auth/check-user', {
      email: person.email,
      password: 'correct-horse',
    });
    expect(check.body).toMatchObject({ valid_credentials: true, message: MESSAGES.login.deactivated });
  });

  it('refuses a session that outlived it (created in a race with the deactivation)', async () => {
    const person = await signedInPerson(server);
    const [before] = await server.ctx.db.select().from(session).where(eq(session.userId, person.userId));
    await setUserActive(server.ctx.db, { email: person.email }, false);
    // A sign-in that passed its check just before the deactivation committed, inserting after it.
    if (!before) throw new Error('no session');
    await server.ctx.db.insert(session).values(before);
    expect(await sessionAnswers(person.client)).toMatchObject({ me: 401, getSession: 401, updateUser: 401 });
  });

  it('npm run cli -- users:deactivate / users:activate, end to end', { timeout: 60_000 }, async () => {
    const person = await signedInPerson(server);
    const key = await apiKeyOf(person);

    const off = await cli('users:deactivate', '--email', person.email.toUpperCase());
    expect(off.stdout).toContain(`${person.email.toUpperCase()} is deactivated: 1 session(s) ended`);
    expect((await person.client.get('/api/v2/auth/me')).status).toBe(401);
    expect(await apiKeyOwner(server, key)).toBeNull();

    const on = await cli('users:activate', '--email', person.email);
    expect(on.stdout).toContain('is active');
    // No session comes back; signing in does.
    expect((await person.client.get('/api/v2/auth/me')).status).toBe(401);
    expect(
      (await person.client.post('/api/auth/sign-in/email', { email: person.email, password: 'correct-horse' })).status,
    ).toBe(200);
    expect((await person.client.get('/api/v2/auth/me')).status).toBe(200);
    expect(await apiKeyOwner(server, key)).toBe(person.userId);

    await expect(cli('users:deactivate', '--email', 'nobody-here@example.com')).rejects.toMatchObject({
      stderr: expect.stringContaining('No account has the email nobody-here@example.com.'),
    });
  });
});

describe('what a user may change about themselves', () => {
  it('update-user takes name and image only: role, type, API answers, activity and plan are the server’s', async () => {
    const person = await signedInPerson(server);
    const [before] = await server.ctx.db.select().from(user).where(eq(user.id, person.userId));
    for (const body of [
      { role: 'admin' },
      { userType: 'developer' },
      { apiUsageInfo: { purpose_of_use: 'x', estimated_monthly_calls: 1, preferred_data_format: 'json' } },
      { isActive: false },
      { phoneNumber: '+15555550100' },
      { email: 'someone-else@example.com' },
      { name: 'Fine', role: 'admin' },
    ]) {
      const res = await person.client.post('/api/auth/update-user', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.stringContaining('Unrecognized key') });
    }
    const [after] = await server.ctx.db.select().from(user).where(eq(user.id, person.userId));
    expect(after).toEqual(before);

    expect((await person.client.post('/api/auth/update-user', { name: '  Dr. Ada Okafor  ' })).status).toBe(200);
    const [renamed] = await server.ctx.db.select({ name: user.name }).from(user).where(eq(user.id, person.userId));
    expect(renamed?.name).toBe('Dr. Ada Okafor');
  });

  it('only the endpoints the product uses are mounted: the rest of better-auth is a 404', async () => {
    const person = await signedInPerson(server);
    for (const path of [
      '/verify-password',
      '/delete-user',
      '/change-email',
      '/link-social',
      '/list-accounts',
      '/revoke-sessions',
      '/ok',
    ]) {
      const res = await person.client.post(`/api/auth${path}`, {});
      expect(res, path).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
    expect(await person.client.get('/api/auth/sign-in/email')).toMatchObject({
      status: 405,
      body: { code: 'METHOD_NOT_ALLOWED' },
    });
  });
});
