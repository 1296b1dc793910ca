import type { HttpClient } from '../http-client.ts';
import { SourceError, type SourceResult } from '../types.ts';
import { CookieJar } from './cookie-jar.ts';
import { readPostBackForm } from './read-post-back-form.ts';

export type B2cAccount = {
  /** The portal's page that sends a visitor who is not signed in to its sign-in. */
  signInUrl: string;
  username: string;
  password: string;
};

/** What a portal shows only to a signed-in visitor (docs/sources.md, Florida). */
const SIGNED_IN = /\bSign out\b/i;

/**
 * Signs in to a portal whose accounts live in Azure AD B2C, the requests its own sign-in page makes
 * (docs/sources.md, Florida): the portal sends the visitor to B2C's page, whose `var SETTINGS`
 * holds the transaction and its CSRF token; the e-mail and password are posted to its SelfAsserted
 * endpoint, which answers `{"status":"200"}` when it takes them; its `confirmed` page then answers a
 * form its script posts on to the portal's callback, which opens the portal's session. Resolves with
 * the cookies of that session, for the downloads that follow. The password goes to B2C only, and no
 * message repeats it or the user name.
 */
export async function signInAzureB2c(
  http: HttpClient,
  account: B2cAccount,
  boardId: string,
): Promise<SourceResult<CookieJar>> {
  const jar = new CookieJar();
  const changed = (message: string): SourceResult<never> => ({
    ok: false,
    error: { kind: 'parse-failure', message: `${boardId}: ${message}` },
  });

  const start = await http.html(account.signInUrl, { jar });
  if (!start.ok) return start;
  if (SIGNED_IN.test(start.value.html)) return { ok: true, value: jar };
  const settings = readB2cSettings(start.value.html);
  const [policyBase] = start.value.url.split('/oauth2/');
  if (!settings || !policyBase || policyBase === start.value.url)
    return changed(
      `${account.signInUrl} did not lead to an Azure AD B2C sign-in page (no SETTINGS with csrf, transId and policy at ${start.value.url}): the portal's sign-in changed`,
    );
  const transaction = { tx: settings.transId, p: settings.policy };

  const asserted = await http.json(`${policyBase}/SelfAsserted?${new URLSearchParams(transaction)}`, {
    method: 'POST',
    jar,
    headers: {
      'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
      'x-csrf-token': settings.csrf,
      'x-requested-with': 'XMLHttpRequest',
      referer: start.value.url,
    },
    body: new URLSearchParams({
      request_type: 'RESPONSE',
      email: account.username,
      password: account.password,
    }).toString(),
  });
  if (!asserted.ok) return asserted;
  const status = readField(asserted.value, 'status');
  if (status !== '200') {
    const said = readField(asserted.value, 'message');
    return {
      ok: false,
      error: {
        kind: 'unavailable',
        message: `${boardId}: the portal's sign-in refused the account${said ? `: "${said.slice(0, 200)}"` : ` (status ${status ?? 'missing'})`}; check the configured user name and password`,
      },
    };
  }

  const confirmed = await http.html(
    `${policyBase}/api/CombinedSigninAndSignup/confirmed?${new URLSearchParams({ rememberMe: 'false', csrf_token: settings.csrf, ...transaction })}`,
    { jar },
  );
  if (!confirmed.ok) return confirmed;
  let form: ReturnType<typeof readPostBackForm>;
  try {
    form = readPostBackForm(confirmed.value.html, confirmed.value.url, boardId, null);
  } catch (error) {
    if (!(error instanceof SourceError)) throw error;
    return changed(
      `the sign-in took the account but did not hand it back to the portal (no form on ${confirmed.value.url})`,
    );
  }
  const callback = await http.html(form.action, {
    method: 'POST',
    jar,
    headers: { 'content-type': 'application/x-www-form-urlencoded', referer: confirmed.value.url },
    body: new URLSearchParams(form.fields).toString(),
  });
  if (!callback.ok) return callback;
  if (!SIGNED_IN.test(callback.value.html))
    return changed(`the portal did not open a session after its sign-in (no "Sign out" at ${callback.value.url})`);
  return { ok: true, value: jar };
}

/**
 * That the portal's way in answers as a sign-in expects (its B2C page with SETTINGS, or a session
 * already open), without posting the account: what a frequent health check may ask.
 */
export async function reachAzureB2c(http: HttpClient, signInUrl: string, boardId: string): Promise<SourceResult<null>> {
  const start = await http.html(signInUrl, { jar: new CookieJar() });
  if (!start.ok) return start;
  if (SIGNED_IN.test(start.value.html) || (readB2cSettings(start.value.html) && start.value.url.includes('/oauth2/')))
    return { ok: true, value: null };
  return {
    ok: false,
    error: {
      kind: 'parse-failure',
      message: `${boardId}: ${signInUrl} did not lead to an Azure AD B2C sign-in page (at ${start.value.url}): the portal's sign-in changed`,
    },
  };
}

type B2cSettings = { csrf: string; transId: string; policy: string };

/**
 * The sign-in page's `var SETTINGS = {…};`: a JSON object whose policy is at the top or under
 * `hosts` (both forms are published); undefined when any of the three is missing.
 */
export function readB2cSettings(html: string): B2cSettings | undefined {
  const match = /\bvar\s+SETTINGS\s*=\s*(\{.*?\})\s*;\s*(?:\n|<\/script>|$)/s.exec(html);
  if (!match?.[1]) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(match[1]);
  } catch {
    return undefined;
  }
  const csrf = readField(parsed, 'csrf');
  const transId = readField(parsed, 'transId');
  const hosts = parsed && typeof parsed === 'object' ? (parsed as { hosts?: unknown }).hosts : undefined;
  const policy = readField(parsed, 'policy') ?? readField(hosts, 'policy');
  return csrf && transId && policy ? { csrf, transId, policy } : undefined;
}

function readField(value: unknown, key: string): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' || typeof field === 'number' ? String(field) : undefined;
}
