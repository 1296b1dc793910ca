// Password and sessions (docs/product-rules.md, Password and sessions): a user lists where they
// are signed in and signs any one out at once; a password change can sign the others out. Through
// HTTP against the real database.
import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.ts';
import { signedInPerson } from './support/identities.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
});
afterAll(async () => {
  await server?.close();
});

type Listed = { id: string; current: boolean; user_agent: string | null; ip_address: string | null };

async function signInAgain(email: string, password = 'correct-horse'): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  expect((await client.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
  return client;
}

describe('signed-in sessions', () => {
  it('lists each session once, the asking one marked current, never a token', async () => {
    const person = await signedInPerson(server);
    const laptop = await signInAgain(person.email);
    const res = await person.client.get('/api/v2/auth/sessions');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const sessions = res.body.sessions as Listed[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(res.body)).not.toMatch(/token/i);
    // Each client sees its own as current.
    const fromLaptop = (await laptop.get('/api/v2/auth/sessions')).body.sessions as Listed[];
    expect(fromLaptop.find((s) => s.current)?.id).not.toBe(sessions.find((s) => s.current)?.id);
  });

  it('signs another session out at once; its next request is signed out', async () => {
    const person = await signedInPerson(server);
    const laptop = await signInAgain(person.email);
    const laptopId = ((await laptop.get('/api/v2/auth/sessions')).body.sessions as Listed[]).find((s) => s.current)?.id;
    const revoked = await person.client.request('DELETE', `/api/v2/auth/sessions/${laptopId}`);
    expect(revoked).toMatchObject({ status: 200, body: { id: laptopId, revoked: true } });
    expect((await laptop.get('/api/v2/auth/me')).status).toBe(401);
    expect((await person.client.get('/api/v2/auth/me')).status).toBe(200);
    expect((await person.client.get('/api/v2/auth/sessions')).body.sessions).toHaveLength(1);
  });

  it("answers another user's session like a missing one, and it stays signed in", async () => {
    const person = await signedInPerson(server);
    const stranger = await signedInPerson(server);
    const theirs = ((await stranger.client.get('/api/v2/auth/sessions')).body.sessions as Listed[])[0]?.id;
    for (const id of [theirs, 'no-such-session']) {
      const res = await person.client.request('DELETE', `/api/v2/auth/sessions/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: ACCOUNT_MESSAGES.security.sessionNotFound, code: 'NOT_FOUND' });
    }
    expect((await stranger.client.get('/api/v2/auth/me')).status).toBe(200);
  });
});

describe('changing the password', () => {
  it('refuses a wrong current password with {detail, code} and keeps the old one', async () => {
    const person = await signedInPerson(server);
    const res = await person.client.post('/api/auth/change-password', {
      currentPassword: 'not-the-password',
      newPassword: 'a-new-secret-42',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    await signInAgain(person.email);
  });

  it('changes it and, when asked, signs every other session out', async () => {
    const person = await signedInPerson(server);
    const laptop = await signInAgain(person.email);
    const res = await person.client.post('/api/auth/change-password', {
      currentPassword: 'correct-horse',
      newPassword: 'a-new-secret-42',
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(200);
    expect((await laptop.get('/api/v2/auth/me')).status).toBe(401);
    // better-auth gives the asking client a fresh session; the new password signs in, the old does not.
    expect((await person.client.get('/api/v2/auth/me')).status).toBe(200);
    await signInAgain(person.email, 'a-new-secret-42');
    const old = await new HttpClient(server.url).post('/api/auth/sign-in/email', {
      email: person.email,
      password: 'correct-horse',
    });
    expect(old.status).toBe(401);
  });
});
