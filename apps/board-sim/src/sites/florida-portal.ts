import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, htmlPage, readForm, sendHtml, sendJson, sendText } from '../http-util.ts';
import type { SimContext } from '../sim-context.ts';
import { handleSiteFile } from './file-sites.ts';
import { FLORIDA_PROF_ALL } from './florida-licensure.ts';

// Florida's MQA data download portal (docs/sources.md, Florida; X4, X11) and the Azure AD B2C sign-in
// it sends its visitors to. PROF_ALL.zip is the answer of the portal's LicensureData page
// (`?fileName=PROF_ALL.zip&handler=DownloadDataFile`) to a signed-in account only. The portal is an
// ASP.NET Core site signing in with OpenID Connect: without its session cookie a page redirects to
// B2C's authorize endpoint (response_mode=form_post) and sets its correlation and nonce cookies for
// the callback; B2C's sign-in page posts the credentials to SelfAsserted (csrf header and cookie,
// transaction cookie), then `confirmed` answers the self-submitting form that posts state and code to
// the portal's signin-oidc, which begins the session. The portal's host is real; the B2C host, tenant
// and policy names (B2C_HOST, TENANT, POLICY) are the simulator's assumption, as are the page texts.
// Every address is served under the simulator's /sites/<host>; a redirect's Location is a path on
// the simulator's own origin. The simulator speaks plain http: its cookies carry no `Secure`.

/** The portal's real host. */
export const PORTAL_HOST = 'data-download.mqa.flhealthsource.gov';
/** The simulator's assumption: the B2C tenant's b2clogin.com host. */
export const B2C_HOST = 'mqaflhealthsource.b2clogin.com';
/** The simulator's assumption: the B2C tenant. */
export const TENANT = 'mqaflhealthsource.onmicrosoft.com';
/** The simulator's assumption: the B2C custom policy that signs in. */
export const POLICY = 'B2C_1A_SIGNUP_SIGNIN';
/** The one account the simulated B2C knows. */
export const FLORIDA_SIM_ACCOUNT = { username: 'operator@licensewatch.test', password: 'sim-mqa-password' } as const;
/** Faults set for fl-md reach the portal and its sign-in (both Florida boards' file is behind it). */
export const FLORIDA_BOARD_ID = 'fl-md';
/** The portal's application (client) id at B2C: fixed, the simulator's own. */
export const FLORIDA_CLIENT_ID = '8c2f41d7-5e6b-4a93-b0d1-7f3e9a62c5b8';

const PORTAL = `/sites/${PORTAL_HOST}`;
const B2C = `/sites/${B2C_HOST}/${TENANT}/${POLICY}`;
const CALLBACK_PATH = `${PORTAL}/signin-oidc`;
const PROFILE_PATH = `${PORTAL}/ProfileData`;
const SIGN_OUT_PATH = `${PORTAL}/MicrosoftIdentity/Account/SignOut`;
const DOWNLOAD = { fileName: 'PROF_ALL.zip', handler: 'DownloadDataFile' } as const;

const SESSION_COOKIE = '.AspNetCore.Cookies';
const CORRELATION_COOKIE = '.AspNetCore.Correlation.';
const NONCE_COOKIE = '.AspNetCore.OpenIdConnect.Nonce.';
const CSRF_COOKIE = 'x-ms-cpim-csrf';
const TRANS_COOKIE = 'x-ms-cpim-trans';
const STATE_PROPERTIES = 'StateProperties=';
const EXPIRED = 'expires=Thu, 01 Jan 1970 00:00:00 GMT';
/** A sign-in form is two fields: no more is read of a body. */
const MAX_FORM_BYTES = 16 * 1024;
/** Each store keeps at most this many entries, forgetting the oldest (a long benchmark run signs in often). */
const MAX_ENTRIES = 10_000;

type Transaction = {
  csrf: string;
  transCookie: string;
  state: string;
  redirectUri: string;
  signedIn: boolean;
};

export type FloridaPortal = {
  /** A request under /sites whose path (`parts`, after 'sites') isFloridaPortal names. */
  handle(req: IncomingMessage, res: ServerResponse, parts: readonly string[], query: URLSearchParams): Promise<void>;
};

/** Whether a path under /sites (the parts after 'sites') is the portal's or its sign-in's. */
export function isFloridaPortal(parts: readonly string[]): boolean {
  return parts[0] === PORTAL_HOST || parts[0] === B2C_HOST;
}

/** Whether a path under /sites is one of the two the sign-in posts to (SelfAsserted, signin-oidc). */
export function isFloridaSignInPost(parts: readonly string[]): boolean {
  const path = `/sites/${parts.join('/')}`;
  return path === `${B2C}/SelfAsserted` || path === CALLBACK_PATH;
}

/**
 * The portal and its sign-in, with their own transactions, codes and sessions: two simulators in one
 * process share none of them.
 */
export function createFloridaPortal(ctx: SimContext): FloridaPortal {
  const transactions = new Map<string, Transaction>();
  /** One-use authorization codes, each bound to the state of the transaction that earned it. */
  const codes = new Map<string, string>();
  const sessions = new Map<string, true>();

  function remember<V>(map: Map<string, V>, key: string, value: V) {
    map.set(key, value);
    if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
  }

  const signedIn = (req: IncomingMessage) => {
    const session = cookiesOf(req).get(SESSION_COOKIE);
    return session !== undefined && sessions.has(session);
  };

  /** The portal's answer to a visitor without a session: off to B2C, correlation cookies for the callback. */
  function challenge(req: IncomingMessage, res: ServerResponse) {
    const state = `CfDJ8${randomBytes(48).toString('base64url')}`;
    const nonce = randomBytes(32).toString('base64url');
    const redirectUri = `http://${req.headers.host ?? '127.0.0.1'}${CALLBACK_PATH}`;
    const authorize =
      `${B2C}/oauth2/v2.0/authorize?p=${POLICY}&client_id=${FLORIDA_CLIENT_ID}` +
      `&redirect_uri=${encodeURIComponent(redirectUri)}&response_mode=form_post&response_type=code&scope=openid` +
      `&state=${encodeURIComponent(state)}&nonce=${encodeURIComponent(nonce)}`;
    // SameSite=None would need Secure in a browser; the simulator's http clients do not mind.
    redirect(res, authorize, [
      `${CORRELATION_COOKIE}${state}=N; path=${CALLBACK_PATH}; HttpOnly; SameSite=None`,
      `${NONCE_COOKIE}${nonce}=N; path=${CALLBACK_PATH}; HttpOnly`,
    ]);
  }

  async function portal(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    if (path === CALLBACK_PATH) {
      if (req.method !== 'POST') return methodNotAllowed(res, 'POST');
      const form = await readForm(req, MAX_FORM_BYTES);
      const state = form?.get('state') ?? '';
      const code = form?.get('code') ?? '';
      const correlated = state !== '' && cookiesOf(req).has(`${CORRELATION_COOKIE}${state}`);
      if (!correlated || code === '' || codes.get(code) !== state) {
        sendHtml(
          res,
          400,
          htmlPage('Error', '<h1>An error occurred while processing your request.</h1><p>Correlation failed.</p>'),
        );
        return;
      }
      codes.delete(code);
      const session = randomBytes(48).toString('base64url');
      remember(sessions, session, true);
      redirect(res, PROFILE_PATH, [
        `${SESSION_COOKIE}=${session}; path=/; HttpOnly; SameSite=Lax`,
        `${CORRELATION_COOKIE}${state}=; ${EXPIRED}; path=${CALLBACK_PATH}`,
      ]);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET, HEAD');
    if (path === PROFILE_PATH) {
      if (!signedIn(req)) return challenge(req, res);
      sendHtml(res, 200, profilePage(), { 'cache-control': 'no-cache, no-store' });
      return;
    }
    if (path === `${PORTAL}/LicensureData`) {
      // The page is behind the sign-in, whatever it is asked for.
      if (!signedIn(req)) return challenge(req, res);
      if (query.get('fileName') !== DOWNLOAD.fileName || query.get('handler') !== DOWNLOAD.handler) {
        notFound(res, path);
        return;
      }
      await handleSiteFile(ctx, req, res, FLORIDA_PROF_ALL, DOWNLOAD.fileName);
      return;
    }
    if (path === SIGN_OUT_PATH) {
      const session = cookiesOf(req).get(SESSION_COOKIE);
      if (session !== undefined) sessions.delete(session);
      redirect(res, PROFILE_PATH, [`${SESSION_COOKIE}=; ${EXPIRED}; path=/`]);
      return;
    }
    notFound(res, path);
  }

  async function b2c(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    if (path === `${B2C}/SelfAsserted`) {
      if (req.method !== 'POST') return methodNotAllowed(res, 'POST');
      const id = transactionId(query);
      const tx = id === undefined ? undefined : transactions.get(id);
      if (!tx) {
        sendJson(res, 400, { status: '400', message: 'The transaction could not be found.' });
        return;
      }
      if (!verified(req, tx, req.headers['x-csrf-token'])) {
        sendJson(res, 403, { status: '403', message: 'The request could not be verified.' });
        return;
      }
      const form = await readForm(req, MAX_FORM_BYTES);
      if (
        form?.get('email') === FLORIDA_SIM_ACCOUNT.username &&
        form.get('password') === FLORIDA_SIM_ACCOUNT.password
      ) {
        tx.signedIn = true;
        sendJson(res, 200, { status: '200' });
        return;
      }
      sendJson(res, 200, {
        status: '400',
        errorCode: 'AADB2C90225',
        message: 'The username or password provided in the request are invalid.',
      });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET, HEAD');
    if (path === `${B2C}/oauth2/v2.0/authorize`) {
      const state = query.get('state');
      const redirectUri = query.get('redirect_uri');
      if (!state || !redirectUri) {
        sendHtml(res, 400, errorPage('AADB2C90011: The request is missing its state or redirect_uri.'));
        return;
      }
      const id = Buffer.from(JSON.stringify({ TID: randomUUID() })).toString('base64url');
      const tx: Transaction = {
        csrf: randomBytes(48).toString('base64url'),
        transCookie: Buffer.from(
          JSON.stringify({
            T_DIC: [{ I: randomUUID(), T: TENANT, P: POLICY.toLowerCase(), S: 1 }],
            C_ID: randomUUID(),
          }),
        ).toString('base64'),
        state,
        redirectUri,
        signedIn: false,
      };
      remember(transactions, id, tx);
      res.setHeader('set-cookie', [
        `${CSRF_COOKIE}=${tx.csrf}; path=/; SameSite=None`,
        `${TRANS_COOKIE}=${tx.transCookie}; path=/; HttpOnly`,
      ]);
      sendHtml(res, 200, signInPage(tx.csrf, id), { 'cache-control': 'no-cache, no-store' });
      return;
    }
    if (path === `${B2C}/api/CombinedSigninAndSignup/confirmed`) {
      const id = transactionId(query);
      const tx = id === undefined ? undefined : transactions.get(id);
      if (!tx?.signedIn || !verified(req, tx, query.get('csrf_token') ?? undefined)) {
        sendHtml(res, 200, errorPage('AADB2C90077: The sign-in could not be completed.'));
        return;
      }
      transactions.delete(id as string);
      const code = randomBytes(64).toString('base64url');
      remember(codes, code, tx.state);
      sendHtml(res, 200, formPostPage(tx.redirectUri, tx.state, code), { 'cache-control': 'no-cache, no-store' });
      return;
    }
    notFound(res, path);
  }

  return {
    async handle(req, res, parts, query) {
      const path = `/sites/${parts.join('/')}`;
      if (parts[0] === PORTAL_HOST) await portal(req, res, path, query);
      else await b2c(req, res, path, query);
    },
  };
}

/** The transaction id of a `tx=StateProperties=<id>` parameter. */
function transactionId(query: URLSearchParams): string | undefined {
  const tx = query.get('tx');
  return tx?.startsWith(STATE_PROPERTIES) ? tx.slice(STATE_PROPERTIES.length) : undefined;
}

/** The transaction's csrf token, sent as `token` (a header or a parameter) and in its cookie, and its cookie. */
function verified(req: IncomingMessage, tx: Transaction, token: string | string[] | undefined): boolean {
  const cookies = cookiesOf(req);
  return token === tx.csrf && cookies.get(CSRF_COOKIE) === tx.csrf && cookies.get(TRANS_COOKIE) === tx.transCookie;
}

function cookiesOf(req: IncomingMessage): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return cookies;
}

function redirect(res: ServerResponse, location: string, cookies: string[]) {
  res.writeHead(302, { location, 'set-cookie': cookies, 'content-length': 0, 'cache-control': 'no-cache, no-store' });
  res.end();
}

function methodNotAllowed(res: ServerResponse, allow: string) {
  res.setHeader('allow', allow);
  sendText(res, 405, 'Method not allowed\n');
}

function notFound(res: ServerResponse, path: string) {
  sendHtml(res, 404, htmlPage('Not found', `<h1>Not found</h1><p>${escapeHtml(path)}</p>`));
}

function profilePage(): string {
  const download = `${PORTAL}/LicensureData?fileName=${DOWNLOAD.fileName}&handler=${DOWNLOAD.handler}`;
  return htmlPage(
    'Profile Data - MQA Data Download',
    `<nav><a href="${PROFILE_PATH}">Profile Data</a> <a href="${SIGN_OUT_PATH}">Sign out</a></nav>
<h1>Licensure Data</h1>
<p>Files of every licence the Florida Department of Health, Division of Medical Quality Assurance, regulates, refreshed daily.</p>
<table>
<tr><th>File</th><th>Description</th></tr>
<tr><td><a href="${escapeHtml(download)}">${DOWNLOAD.fileName}</a></td><td>All professions, pipe-delimited</td></tr>
</table>`,
  );
}

/** B2C's sign-in page: its fields, and the settings its script posts them with. */
function signInPage(csrf: string, id: string): string {
  const settings = {
    hosts: { tenant: `/${TENANT}`, policy: POLICY, static: 'https://mqaflhealthsource.b2clogin.com/static/' },
    csrf,
    transId: `${STATE_PROPERTIES}${id}`,
    pageViewId: randomUUID(),
    api: 'CombinedSigninAndSignup',
    locale: { lang: 'en' },
  };
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in</title></head>
<body>
<div id="api" role="main">
<form id="localAccountForm" action="JavaScript:void(0);" class="localAccount" aria-label="Sign in with your email address">
<div class="intro"><h2>Sign in with your email address</h2></div>
<div class="entry">
<div class="entry-item"><label for="email">Email Address</label>
<input id="email" name="email"></div>
<div class="entry-item"><label for="password">Password</label>
<input id="password" type="password" name="password"></div>
<div class="buttons"><button id="next">Sign in</button></div>
</div>
</form>
</div>
<script>
var SETTINGS = ${JSON.stringify(settings)};
</script>
</body>
</html>
`;
}

/** How B2C shows an error: a page, no form. */
function errorPage(detail: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Error</title></head>
<body>
<div id="api" role="main">
<h2>We can't sign you in right now</h2>
<p>Sorry, but we're having trouble signing you in. Please try again.</p>
<p class="error-detail">${escapeHtml(detail)}</p>
<p>Correlation ID: ${randomUUID()}</p>
</div>
</body>
</html>
`;
}

/** The form that carries the code back to the portal (response_mode=form_post), submitted by its script. */
function formPostPage(redirectUri: string, state: string, code: string): string {
  return `<html><head><title>Working...</title></head><body><form method="POST" name="hiddenform" action="${escapeHtml(redirectUri)}"><input type="hidden" name="state" value="${escapeHtml(state)}" /><input type="hidden" name="code" value="${escapeHtml(code)}" /><noscript><p>Script is disabled. Click Submit to continue.</p><input type="submit" value="Submit" /></noscript></form><script language="javascript">window.setTimeout('document.forms[0].submit()', 0);</script></body></html>`;
}
