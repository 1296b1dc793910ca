import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { FLORIDA_COLUMNS } from './florida-licensure.ts';
import { B2C_HOST, FLORIDA_SIM_ACCOUNT, POLICY, PORTAL_HOST, TENANT } from './florida-portal.ts';

let sim: BoardSimulator;
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 800 });
});
afterAll(() => sim.close());

const PORTAL = `/sites/${PORTAL_HOST}`;
const B2C = `/sites/${B2C_HOST}/${TENANT}/${POLICY}`;
const DOWNLOAD = `${PORTAL}/LicensureData?fileName=PROF_ALL.zip&handler=DownloadDataFile`;

type Settings = { csrf: string; transId: string } & Record<string, unknown>;

/** A browser's cookie jar, cut to what the sign-in needs: a name, a value, a path; an expired one is dropped. */
class Jar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      if (attributes.some((a) => /^expires=.*1970/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, { value: pair.slice(at + 1), path });
    }
  }

  header(path: string): string {
    return [...this.cookies]
      .filter(([, cookie]) => path.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  names(): string[] {
    return [...this.cookies.keys()];
  }
}

/** Plain fetch, redirects not followed, cookies kept and sent back by path. */
function browser(base: string) {
  const jar = new Jar();
  async function request(path: string, init: RequestInit = {}) {
    const url = new URL(path, base);
    const headers = new Headers(init.headers);
    const cookie = jar.header(url.pathname);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    jar.take(res);
    return res;
  }
  return {
    jar,
    get: (path: string) => request(path),
    post: (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
      request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(form).toString(),
      }),
  };
}
type Browser = ReturnType<typeof browser>;

/** From the portal's redirect to B2C's sign-in page: the page's settings. */
async function openSignIn(b: Browser, from = `${PORTAL}/ProfileData`) {
  const challenge = await b.get(from);
  expect(challenge.status).toBe(302);
  const location = challenge.headers.get('location') ?? '';
  const page = await b.get(location);
  expect(page.status).toBe(200);
  const html = await page.text();
  const lines = html.split('\n').filter((line) => line.startsWith('var SETTINGS = '));
  expect(lines).toHaveLength(1);
  const settings = JSON.parse(/^var SETTINGS = (\{.*\});$/.exec(lines[0] ?? '')?.[1] ?? 'null') as Settings;
  return { challenge, location, html, settings };
}

const selfAsserted = (
  b: Browser,
  settings: Settings,
  password: string,
  headers: Record<string, string> = { 'X-CSRF-TOKEN': settings.csrf },
) =>
  b.post(
    `${B2C}/SelfAsserted?tx=${encodeURIComponent(settings.transId)}&p=${POLICY}`,
    { request_type: 'RESPONSE', email: FLORIDA_SIM_ACCOUNT.username, password },
    headers,
  );

const confirmed = (b: Browser, settings: Settings) =>
  b.get(
    `${B2C}/api/CombinedSigninAndSignup/confirmed?rememberMe=false&csrf_token=${encodeURIComponent(settings.csrf)}` +
      `&tx=${encodeURIComponent(settings.transId)}&p=${POLICY}`,
  );

const unescapeHtml = (value: string) =>
  value.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');

/** The self-submitting form B2C answers: where it posts, and its state and code. */
function formPost(html: string) {
  const match =
    /^<html><head><title>Working\.\.\.<\/title><\/head><body><form method="POST" name="hiddenform" action="([^"]*)"><input type="hidden" name="state" value="([^"]*)" \/><input type="hidden" name="code" value="([^"]*)" \/><noscript>/.exec(
      html,
    );
  expect(match).not.toBeNull();
  const [, action = '', state = '', code = ''] = match ?? [];
  return { action: unescapeHtml(action), state: unescapeHtml(state), code: unescapeHtml(code) };
}

/** Signs in up to B2C's form post; the form's fields, not yet posted. */
async function signInUpToCallback(b: Browser) {
  const { settings } = await openSignIn(b);
  expect(await (await selfAsserted(b, settings, FLORIDA_SIM_ACCOUNT.password)).json()).toEqual({ status: '200' });
  const page = await confirmed(b, settings);
  expect(page.status).toBe(200);
  return formPost(await page.text());
}

async function signIn(b: Browser) {
  const { action, state, code } = await signInUpToCallback(b);
  const callback = await b.post(new URL(action).pathname, { state, code });
  expect(callback.status).toBe(302);
}

describe("Florida MQA's data download portal and its B2C sign-in", () => {
  it('signs in through B2C and hands the signed-in account PROF_ALL.zip', async () => {
    const b = browser(sim.url);
    const { challenge, location, html, settings } = await openSignIn(b);

    // The portal: off to B2C's authorize endpoint, correlation and nonce cookies for the callback only.
    const authorize = new URL(location, sim.url);
    expect(authorize.pathname).toBe(`${B2C}/oauth2/v2.0/authorize`);
    expect(location.startsWith('/sites/')).toBe(true);
    const q = authorize.searchParams;
    expect([...q.keys()]).toEqual([
      'p',
      'client_id',
      'redirect_uri',
      'response_mode',
      'response_type',
      'scope',
      'state',
      'nonce',
    ]);
    expect(q.get('p')).toBe(POLICY);
    expect(q.get('client_id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(q.get('redirect_uri')).toBe(`http://${new URL(sim.url).host}${PORTAL}/signin-oidc`);
    expect(q.get('response_mode')).toBe('form_post');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid');
    const state = q.get('state') ?? '';
    const setCookies = challenge.headers.getSetCookie();
    expect(setCookies).toContain(
      `.AspNetCore.Correlation.${state}=N; path=${PORTAL}/signin-oidc; HttpOnly; SameSite=None`,
    );
    expect(setCookies).toContain(
      `.AspNetCore.OpenIdConnect.Nonce.${q.get('nonce')}=N; path=${PORTAL}/signin-oidc; HttpOnly`,
    );

    // B2C's sign-in page: its fields, its settings, its csrf and transaction cookies.
    expect(html).toContain('<input id="email" name="email">');
    expect(html).toContain('<input id="password" type="password" name="password">');
    expect(html).toContain('<button id="next">Sign in</button>');
    expect(Object.keys(settings)).toEqual(['hosts', 'csrf', 'transId', 'pageViewId', 'api', 'locale']);
    expect(settings.hosts).toEqual({
      tenant: `/${TENANT}`,
      policy: POLICY,
      static: 'https://mqaflhealthsource.b2clogin.com/static/',
    });
    expect(settings.transId).toMatch(/^StateProperties=[\w-]+$/);
    expect(settings.api).toBe('CombinedSigninAndSignup');
    expect(settings.locale).toEqual({ lang: 'en' });
    expect(b.jar.get('x-ms-cpim-csrf')).toBe(settings.csrf);
    expect(b.jar.get('x-ms-cpim-trans')).toBeTruthy();

    const asserted = await selfAsserted(b, settings, FLORIDA_SIM_ACCOUNT.password);
    expect(asserted.status).toBe(200);
    expect(asserted.headers.get('content-type')).toContain('application/json');
    expect(await asserted.json()).toEqual({ status: '200' });

    const page = await confirmed(b, settings);
    expect(page.status).toBe(200);
    const html2 = await page.text();
    expect(html2).toContain(
      `<noscript><p>Script is disabled. Click Submit to continue.</p><input type="submit" value="Submit" /></noscript></form><script language="javascript">window.setTimeout('document.forms[0].submit()', 0);</script></body></html>`,
    );
    const form = formPost(html2);
    expect(form.action).toBe(q.get('redirect_uri'));
    expect(form.state).toBe(state);

    const callback = await b.post(new URL(form.action).pathname, { state: form.state, code: form.code });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe(`${PORTAL}/ProfileData`);
    const session = callback.headers.getSetCookie().find((c) => c.startsWith('.AspNetCore.Cookies='));
    expect(session).toMatch(/^\.AspNetCore\.Cookies=[^;]+; path=\/; HttpOnly; SameSite=Lax$/);
    expect(callback.headers.getSetCookie()).toContain(
      `.AspNetCore.Correlation.${state}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${PORTAL}/signin-oidc`,
    );
    expect(b.jar.names()).not.toContain(`.AspNetCore.Correlation.${state}`);

    const profile = await b.get(`${PORTAL}/ProfileData`);
    expect(profile.status).toBe(200);
    expect(profile.headers.get('content-type')).toContain('text/html');
    expect(await profile.text()).toMatch(/<a [^>]*>Sign out<\/a>/);

    const res = await b.get(DOWNLOAD);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="PROF_ALL.zip"');
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(['dbdumps/ldms/PROF_ALL.txt']);
    const [header, ...rows] = new TextDecoder().decode(entries['dbdumps/ldms/PROF_ALL.txt']).trimEnd().split('\r\n');
    expect(header?.startsWith('pro_cde|Profession-Name|')).toBe(true);
    expect(header).toBe(FLORIDA_COLUMNS.join('|'));
    for (const row of rows) expect(row.split('|')).toHaveLength(40);
    const physicians = rows.filter((r) => /^(1501\|Medical Doctor|1901\|Osteopathic Physician)\|/.test(r));
    const published = [...sim.population.people()].flatMap((p) =>
      p.licenses.filter((l) => (l.boardId === 'fl-md' || l.boardId === 'fl-do') && l.licenseNumber),
    );
    expect(physicians).toHaveLength(published.length);
    for (const row of physicians) expect(row.split('|')[6]).toMatch(/^\d+$/);
    expect(rows.some((r) => r.includes('|Registered Nurse|'))).toBe(true);

    // Another file or handler is not there, signed in or not.
    expect((await b.get(`${PORTAL}/LicensureData?fileName=OTHER.zip&handler=DownloadDataFile`)).status).toBe(404);
    expect((await b.get(`${PORTAL}/LicensureData?fileName=PROF_ALL.zip&handler=Other`)).status).toBe(404);

    // Signing out ends the session.
    const out = await b.get(`${PORTAL}/MicrosoftIdentity/Account/SignOut`);
    expect(out.status).toBe(302);
    expect((await b.get(DOWNLOAD)).status).toBe(302);
  });

  it('sends a visitor without a session from LicensureData to the sign-in, as from ProfileData', async () => {
    const res = await fetch(`${sim.url}${DOWNLOAD}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(
      new RegExp(`^${B2C.replaceAll('.', '\\.')}/oauth2/v2\\.0/authorize\\?p=${POLICY}&client_id=`),
    );
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('.AspNetCore.Correlation.'))).toBe(true);
    expect(cookies.some((c) => c.startsWith('.AspNetCore.OpenIdConnect.Nonce.'))).toBe(true);
    // A session cookie the portal never issued is none.
    const forged = await fetch(`${sim.url}${DOWNLOAD}`, {
      redirect: 'manual',
      headers: { cookie: '.AspNetCore.Cookies=forged' },
    });
    expect(forged.status).toBe(302);
    // The old public address is gone.
    expect((await fetch(`${sim.url}${PORTAL}/downloads/PROF_ALL.zip`)).status).toBe(404);
  });

  it('answers 400 to an authorize request without its state or redirect_uri', async () => {
    const res = await fetch(`${sim.url}${B2C}/oauth2/v2.0/authorize?p=${POLICY}&redirect_uri=http%3A%2F%2Fx%2F`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect((await fetch(`${sim.url}${B2C}/oauth2/v2.0/authorize?p=${POLICY}&state=s`)).status).toBe(400);
  });

  it('refuses a wrong password, and then shows its error page instead of the form post', async () => {
    const b = browser(sim.url);
    const { settings } = await openSignIn(b);
    const res = await selfAsserted(b, settings, 'not-the-password');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      status: '400',
      errorCode: 'AADB2C90225',
      message: 'The username or password provided in the request are invalid.',
    });
    const page = await confirmed(b, settings);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("We can't sign you in right now");
    expect(html).not.toContain('<form');
  });

  it('answers 403 to SelfAsserted without its csrf header, and 400 to an unknown transaction', async () => {
    const b = browser(sim.url);
    const { settings } = await openSignIn(b);
    const res = await selfAsserted(b, settings, FLORIDA_SIM_ACCOUNT.password, {});
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ status: '403', message: 'The request could not be verified.' });
    const wrong = await selfAsserted(b, settings, FLORIDA_SIM_ACCOUNT.password, { 'X-CSRF-TOKEN': 'other' });
    expect(wrong.status).toBe(403);
    // Without the transaction's cookies (another browser), the right header is not enough.
    const other = browser(sim.url);
    const stranger = await selfAsserted(other, settings, FLORIDA_SIM_ACCOUNT.password);
    expect(stranger.status).toBe(403);
    // Not signed in: confirmed shows the error page.
    expect(await (await confirmed(b, settings)).text()).toContain("We can't sign you in right now");

    const unknown = await selfAsserted(b, { ...settings, transId: 'StateProperties=unknown' }, 'x');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { status: string }).status).toBe('400');
  });

  it('answers "Correlation failed." to a callback without its correlation cookie, and to a code used twice', async () => {
    const b = browser(sim.url);
    const { action, state, code } = await signInUpToCallback(b);
    const callbackPath = new URL(action).pathname;
    const post = (cookie?: string) =>
      fetch(`${sim.url}${callbackPath}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams({ state, code }).toString(),
      });

    const uncorrelated = await post();
    expect(uncorrelated.status).toBe(400);
    expect(uncorrelated.headers.get('content-type')).toContain('text/html');
    expect(await uncorrelated.text()).toContain('Correlation failed.');

    const correlation = `.AspNetCore.Correlation.${state}=N`;
    expect((await post(correlation)).status).toBe(302);
    const again = await post(correlation);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('Correlation failed.');
  });

  it("answers fl-md's faults on the portal and on its sign-in", async () => {
    const b = browser(sim.url);
    const { location } = await openSignIn(b);
    const control = `${sim.url}/_control/faults`;
    const set = await fetch(control, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ boardId: 'fl-md', down: true }),
    });
    expect(set.status).toBe(204);
    try {
      expect((await b.get(`${PORTAL}/ProfileData`)).status).toBe(503);
      expect((await b.get(location)).status).toBe(503);
    } finally {
      await fetch(`${control}?boardId=fl-md`, { method: 'DELETE' });
    }
    expect((await b.get(`${PORTAL}/ProfileData`)).status).toBe(302);
  });

  it('keeps each simulator’s sessions its own', async () => {
    const other = await startBoardSimulator({ port: 0, size: 200 });
    try {
      const b = browser(sim.url);
      await signIn(b);
      const session = b.jar.get('.AspNetCore.Cookies');
      expect(session).toBeTruthy();
      const cookie = `.AspNetCore.Cookies=${session}`;
      expect((await fetch(`${sim.url}${PORTAL}/ProfileData`, { redirect: 'manual', headers: { cookie } })).status).toBe(
        200,
      );
      expect(
        (await fetch(`${other.url}${PORTAL}/ProfileData`, { redirect: 'manual', headers: { cookie } })).status,
      ).toBe(302);
    } finally {
      await other.close();
    }
  });
});
