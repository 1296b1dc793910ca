import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureServer, sendHtml, sendJson, startFixtureServer } from '../fixture-server.ts';
import { createGateRegistry, HttpClient } from '../http-client.ts';
import { reachAzureB2c, readB2cSettings, signInAzureB2c } from './sign-in-azure-b2c.ts';

// The sign-in's steps and what each failure says, against a stand-in whose every answer a test can
// change. The whole flow against the simulator's portal is in real-layouts.test.ts (Florida).

const POLICY_PATH = '/tenant.onmicrosoft.com/B2C_1A_SIGNIN';
const SETTINGS =
  'var SETTINGS = {"hosts":{"tenant":"/tenant.onmicrosoft.com","policy":"B2C_1A_SIGNIN"},"csrf":"csrf-1","transId":"StateProperties=tx1","api":"CombinedSigninAndSignup"};';

type Answers = {
  start?: (res: ServerResponse) => void;
  asserted?: (res: ServerResponse) => void;
  confirmed?: (res: ServerResponse) => void;
  callback?: (res: ServerResponse) => void;
};

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A portal and its B2C on one origin, answering as the evidence shows unless a step is replaced. */
async function portal(answers: Answers = {}): Promise<FixtureServer> {
  server = await startFixtureServer((_req, res, url) => {
    answer(res, url);
  });
  return server;

  function answer(res: ServerResponse, url: URL) {
    const path = url.pathname;
    if (path === '/ProfileData' && url.search === '?signed=1') return sendHtml(res, '<a href="/signout">Sign out</a>');
    if (path === '/ProfileData') {
      if (answers.start) return answers.start(res);
      res.writeHead(302, {
        location: `${POLICY_PATH}/oauth2/v2.0/authorize?p=B2C_1A_SIGNIN&state=s1`,
        'set-cookie': '.AspNetCore.Correlation.s1=N; path=/signin-oidc; HttpOnly',
      });
      return res.end();
    }
    if (path.endsWith('/oauth2/v2.0/authorize')) {
      res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'x-ms-cpim-csrf=csrf-1; path=/' });
      return res.end(`<html><script>\n${SETTINGS}\n</script><form><input id="email"></form></html>`);
    }
    if (path === `${POLICY_PATH}/SelfAsserted`)
      return answers.asserted ? answers.asserted(res) : sendJson(res, { status: '200' });
    if (path === `${POLICY_PATH}/api/CombinedSigninAndSignup/confirmed`) {
      if (answers.confirmed) return answers.confirmed(res);
      return sendHtml(
        res,
        '<form method="POST" action="/signin-oidc"><input type="hidden" name="state" value="s1" /><input type="hidden" name="code" value="c1" /></form>',
      );
    }
    if (path === '/signin-oidc') {
      if (answers.callback) return answers.callback(res);
      res.writeHead(302, { location: '/ProfileData?signed=1', 'set-cookie': '.AspNetCore.Cookies=session-1; path=/' });
      return res.end();
    }
    return sendHtml(res, 'not found', 404);
  }
}

const http = () =>
  new HttpClient(
    'fl-md',
    { timeoutMs: 5000, retries: 0, backoffMs: 1, concurrency: 1 },
    { gates: createGateRegistry() },
  );
const ACCOUNT = { username: 'operator@example.test', password: 'pa ss&word' };
const signIn = (base: string) => signInAzureB2c(http(), { signInUrl: `${base}/ProfileData`, ...ACCOUNT }, 'fl-md');

describe('signInAzureB2c', () => {
  it('walks the B2C steps with their tokens and cookies, and hands back the portal session', async () => {
    const { url, requests } = await portal();
    const result = await signIn(url);
    expect(result.ok ? 'signed in' : result.error.message).toBe('signed in');
    if (!result.ok) return;
    expect(result.value.header(`${url}/LicensureData`)).toBe('x-ms-cpim-csrf=csrf-1; .AspNetCore.Cookies=session-1');
    const asserted = requests.find((r) => r.url.pathname.endsWith('/SelfAsserted'));
    expect(asserted?.url.search).toBe('?tx=StateProperties%3Dtx1&p=B2C_1A_SIGNIN');
    expect(asserted?.headers).toMatchObject({ 'x-csrf-token': 'csrf-1', cookie: 'x-ms-cpim-csrf=csrf-1' });
    expect(new URLSearchParams(asserted?.body)).toEqual(
      new URLSearchParams({ request_type: 'RESPONSE', email: ACCOUNT.username, password: ACCOUNT.password }),
    );
    const confirmed = requests.find((r) => r.url.pathname.endsWith('/confirmed'));
    expect(Object.fromEntries(confirmed?.url.searchParams ?? [])).toEqual({
      rememberMe: 'false',
      csrf_token: 'csrf-1',
      tx: 'StateProperties=tx1',
      p: 'B2C_1A_SIGNIN',
    });
    // The correlation cookie the portal set on its first redirect comes back to its callback only.
    const callback = requests.find((r) => r.url.pathname === '/signin-oidc');
    expect(callback?.headers.cookie).toBe('.AspNetCore.Correlation.s1=N; x-ms-cpim-csrf=csrf-1');
    expect(callback?.body).toBe('state=s1&code=c1');
  });

  it('says the portal refused the account in its words, without repeating the user name or password', async () => {
    const { url } = await portal({
      asserted: (res) => sendJson(res, { status: '400', message: 'The username or password provided are invalid.' }),
    });
    const result = await signIn(url);
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'unavailable',
        message:
          'fl-md: the portal\'s sign-in refused the account: "The username or password provided are invalid."; check the configured user name and password',
      },
    });
    expect(JSON.stringify(result)).not.toMatch(/operator@example|pa ss/);
  });

  it('tells a sign-in that changed from a refusal: no SETTINGS, no form handed back, no session opened', async () => {
    let { url } = await portal({ start: (res) => sendHtml(res, '<h1>Welcome</h1>') });
    expect(await signIn(url)).toMatchObject({
      ok: false,
      error: { kind: 'parse-failure', message: expect.stringMatching(/did not lead to an Azure AD B2C sign-in page/) },
    });
    await server?.close();
    ({ url } = await portal({ confirmed: (res) => sendHtml(res, "<p>We can't sign you in right now</p>") }));
    expect(await signIn(url)).toMatchObject({
      ok: false,
      error: { kind: 'parse-failure', message: expect.stringMatching(/did not hand it back to the portal/) },
    });
    await server?.close();
    ({ url } = await portal({ callback: (res) => sendHtml(res, '<p>Correlation failed.</p>') }));
    expect(await signIn(url)).toMatchObject({
      ok: false,
      error: { kind: 'parse-failure', message: expect.stringMatching(/did not open a session/) },
    });
  });

  it('passes on what the HTTP layer saw: a portal that moved', async () => {
    const { url } = await portal({ start: (res) => sendHtml(res, 'gone', 404) });
    expect(await signIn(url)).toMatchObject({ ok: false, error: { kind: 'moved' } });
  });

  it('health reaches the way in without posting the account', async () => {
    const { url, requests } = await portal();
    expect(await reachAzureB2c(http(), `${url}/ProfileData`, 'fl-md')).toEqual({ ok: true, value: null });
    expect(requests.map((r) => r.method)).toEqual(['GET', 'GET']);
    await server?.close();
    const other = await portal({ start: (res) => sendHtml(res, '<h1>Welcome</h1>') });
    expect(await reachAzureB2c(http(), `${other.url}/ProfileData`, 'fl-md')).toMatchObject({
      ok: false,
      error: { kind: 'parse-failure' },
    });
  });
});

describe('readB2cSettings', () => {
  it('reads the policy at the top or under hosts, and nothing without all three', () => {
    expect(readB2cSettings(`<script>\n${SETTINGS}\n</script>`)).toEqual({
      csrf: 'csrf-1',
      transId: 'StateProperties=tx1',
      policy: 'B2C_1A_SIGNIN',
    });
    expect(readB2cSettings('var SETTINGS = {"policy":"policy","transId":"transaction","csrf":"token"};')).toEqual({
      csrf: 'token',
      transId: 'transaction',
      policy: 'policy',
    });
    expect(readB2cSettings('var SETTINGS = {"transId":"t","csrf":"c"};')).toBeUndefined();
    expect(readB2cSettings('var SETTINGS = {not json};')).toBeUndefined();
    expect(readB2cSettings('<p>no settings</p>')).toBeUndefined();
  });
});
