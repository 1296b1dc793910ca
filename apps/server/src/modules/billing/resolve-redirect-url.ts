/**
 * Where the payment provider sends the browser back: the client's address only when it is on this
 * site (a path, or an absolute URL under APP_URL), else null — a foreign one would make checkout an
 * open redirect. No address → APP_URL + the fallback path.
 */
export function resolveRedirectUrl(
  baseURL: string,
  requested: string | undefined,
  fallbackPath: string,
): string | null {
  const base = new URL(baseURL.endsWith('/') ? baseURL : `${baseURL}/`);
  const wanted = requested?.trim() || fallbackPath;
  let target: URL;
  try {
    // A path is relative to APP_URL (which may itself have a path); "//host" is not a path.
    target = wanted.startsWith('/') && !wanted.startsWith('//') ? new URL(wanted.slice(1), base) : new URL(wanted);
  } catch {
    return null;
  }
  if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname)) return null;
  if (target.username || target.password) return null;
  // Stripe fills in this template; URL parsing percent-encodes its braces in a path.
  return target.href.replaceAll('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}');
}
