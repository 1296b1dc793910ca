import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '../src/modules/accounts/tables.ts';
import { HttpClient } from './support/http-client.ts';
import { type OAuthStandIn, startOAuthStandIn } from './support/oauth-stand-in.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// better-auth 1.7's genericOAuth serves its providers through the core social endpoints;
// the older /sign-in/oauth2 and /oauth2/callback/:id routes are gone (they answer 404).
const START = '/api/auth/sign-in/social';
const CALLBACK = '/api/auth/callback/google';
const START_BODY = {
  provider: 'google',
  callbackURL: '/dashboard',
  errorCallbackURL: '/login',
  newUserCallbackURL: '/dashboard',
};

let idp: OAuthStandIn;
let server: TestServer;
let withoutGoogle: TestServer;
beforeAll(async () => {
  idp = await startOAuthStandIn();
  [server, withoutGoogle] = await Promise.all([startTestServer(idp.env), startTestServer()]);
  idp.allowRedirectUri(`${server.url}${CALLBACK}`);
});
afterAll(async () => {
  await Promise.all([server?.close(), withoutGoogle?.close()]);
  await idp?.close();
});

const hasSessionCookie = (headers: Headers) => headers.getSetCookie().some((c) => /session_token=[^;]/.test(c));

/** Starts a sign-in and lets the stand-in answer, as the browser would; returns where it sends us back. */
async function authorizeAtStandIn(client: HttpClient) {
  const start = await client.post(START, START_BODY);
  expect(start.status).toBe(200);
  const authorizeUrl = new URL(start.body.url);
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location') ?? '');
  return { authorizeUrl, back, path: back.pathname + back.search };
}

describe('providers', () => {
  it('reports Google only when its client id and secret are configured', async () => {
    const on = await new HttpClient(server.url).get('/api/v1/auth/providers');
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ google: true });
    const off = await new HttpClient(withoutGoogle.url).get('/api/v1/auth/providers');
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ google: false });
  });

  it('refuses to start a Google sign-in on a server without Google', async () => {
    const res = await new HttpClient(withoutGoogle.url).post(START, START_BODY);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('PROVIDER_NOT_FOUND');
  });
});

describe('Google sign-in', () => {
  it('signs a new user in through the provider with PKCE and lands on /dashboard', async () => {
    const profile = {
      sub: '110000000000000000001',
      email: 'ines.duarte@example.com',
      name: 'Dr. Inês Duarte',
      picture: 'https://example.com/ines.png',
    };
    idp.signInAs(profile);
    const client = new HttpClient(server.url);
    const before = idp.requests.length;

    const { authorizeUrl, back, path } = await authorizeAtStandIn(client);
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(idp.env.GOOGLE_AUTHORIZATION_URL);
    const challenge = authorizeUrl.searchParams.get('code_challenge');
    expect(challenge).toMatch(/^[\w-]{43}$/);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('scope')?.split(' ')).toEqual(['openid', 'email', 'profile']);
    expect(back.origin + back.pathname).toBe(`${server.url}${CALLBACK}`);
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe(authorizeUrl.searchParams.get('state'));

    const callback = await client.get(path);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/dashboard');
    expect(hasSessionCookie(callback.headers)).toBe(true);

    const me = await client.get('/api/v2/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: profile.email, user_metadata: { role: 'user', full_name: profile.name } });

    const tokenRequests = idp.requests.slice(before).filter((r) => r.path === '/token');
    expect(tokenRequests).toHaveLength(1);
    const verifier = tokenRequests[0]?.form.code_verifier ?? '';
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
    // The secret travels only on the back channel, never through the browser.
    expect(authorizeUrl.search).not.toContain(idp.clientSecret);

    const [row] = await server.ctx.db.select().from(user).where(eq(user.email, profile.email));
    expect(row).toMatchObject({ name: profile.name, emailVerified: true, image: profile.picture, isActive: true });
    const accounts = await server.ctx.db
      .select()
      .from(account)
      .where(eq(account.userId, row?.id ?? ''));
    expect(accounts.map((a) => [a.providerId, a.accountId])).toEqual([['google', profile.sub]]);
  });

  it('signs a returning user into the same account', async () => {
    const profile = {
      sub: '110000000000000000002',
      email: 'kwame.mensah@example.com',
      name: 'Dr. Kwame Mensah',
      picture: 'https://example.com/kwame.png',
    };
    idp.signInAs(profile);
    const first = new HttpClient(server.url);
    expect((await first.get((await authorizeAtStandIn(first)).path)).status).toBe(302);
    const second = new HttpClient(server.url);
    expect((await second.get((await authorizeAtStandIn(second)).path)).status).toBe(302);

    const [a, b] = await Promise.all([first.get('/api/v2/auth/me'), second.get('/api/v2/auth/me')]);
    expect(a.body.id).toBe(b.body.id);
    const rows = await server.ctx.db.select().from(user).where(eq(user.email, profile.email));
    expect(rows).toHaveLength(1);
  });

  it('does not open the admin area to an administrator with two-factor on who signs in with Google: no code was asked', async () => {
    const profile = {
      sub: '110000000000000000003',
      email: 'amara.obi@example.com',
      name: 'Dr. Amara Obi',
      picture: 'https://example.com/amara.png',
    };
    idp.signInAs(profile);
    const first = new HttpClient(server.url);
    expect((await first.get((await authorizeAtStandIn(first)).path)).status).toBe(302);
    // An administrator with two-factor on (as the admin area requires).
    await server.ctx.db
      .update(user)
      .set({ role: 'admin', twoFactorEnabled: true })
      .where(eq(user.email, profile.email));

    const client = new HttpClient(server.url);
    expect((await client.get((await authorizeAtStandIn(client)).path)).status).toBe(302);
    expect((await client.get('/api/v2/auth/me')).body).toMatchObject({
      two_factor_enabled: true,
      second_factor: false,
    });
    const res = await client.get('/api/v2/admin/dashboard');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('TWO_FACTOR_REQUIRED');
    expect(res.body.detail).toContain('Sign out, then sign in with your password and authenticator code');
  });

  it('sends a user who cancels at Google back to /login with access_denied, without a session', async () => {
    idp.failNextAuthorization('access_denied');
    const client = new HttpClient(server.url);
    const { back, path } = await authorizeAtStandIn(client);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.has('code')).toBe(false);

    const callback = await client.get(path);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/login?error=access_denied');
    expect(hasSessionCookie(callback.headers)).toBe(false);
    expect((await client.get('/api/v2/auth/me')).status).toBe(401);
  });

  it('sends a code the provider refuses back to /login with invalid_code', async () => {
    const client = new HttpClient(server.url);
    const used = await authorizeAtStandIn(client);
    expect((await client.get(used.path)).status).toBe(302);

    // A fresh, genuine state with an already-redeemed code: the token endpoint says invalid_grant.
    const other = new HttpClient(server.url);
    const { back } = await authorizeAtStandIn(other);
    const replay = new URL(used.back);
    replay.searchParams.set('state', back.searchParams.get('state') ?? '');
    const callback = await other.get(replay.pathname + replay.search);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/login?error=invalid_code');
    expect(hasSessionCookie(callback.headers)).toBe(false);
    expect((await other.get('/api/v2/auth/me')).status).toBe(401);
  });
});

describe('forged callbacks', () => {
  it('refuses a state that was never issued, back on the login page', async () => {
    // With no state to read, better-auth cannot know our errorCallbackURL: onAPIError.errorURL applies.
    const client = new HttpClient(server.url);
    const callback = await client.get(`${CALLBACK}?code=stolen-code&state=forged-state`);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe(`${server.url}/login?error=state_mismatch`);
    expect(hasSessionCookie(callback.headers)).toBe(false);
    expect((await client.get('/api/v2/auth/me')).status).toBe(401);
  });

  it('refuses a genuine state in a browser that did not start the sign-in (login CSRF)', async () => {
    const attacker = new HttpClient(server.url);
    const { path } = await authorizeAtStandIn(attacker);
    const victim = new HttpClient(server.url);
    const callback = await victim.get(path);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/login?error=state_mismatch');
    expect(hasSessionCookie(callback.headers)).toBe(false);
    expect((await victim.get('/api/v2/auth/me')).status).toBe(401);
  });
});
