/**
 * The cookies of one conversation with a portal, kept as a browser keeps them (RFC 6265, the parts a
 * sign-in needs): each Set-Cookie of every answer, redirects included, and on each request the
 * cookies whose domain, path and Secure flag fit its address. A sign-in that crosses hosts (a portal,
 * then its identity provider, then the portal's callback) only works so: the portal sets its
 * correlation cookie on the redirect that leaves it, and only its callback path receives it back.
 * One jar per sign-in, dropped afterwards: nothing is written to disk.
 */
export class CookieJar {
  private cookies: StoredCookie[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes the Set-Cookie headers of the answer to `url`; a cookie for another domain is ignored. */
  store(setCookies: readonly string[], url: string | URL): void {
    const from = new URL(url);
    for (const header of setCookies) {
      const cookie = parseSetCookie(header, from, this.now());
      if (!cookie) continue;
      this.cookies = this.cookies.filter(
        (c) => !(c.name === cookie.name && c.domain === cookie.domain && c.path === cookie.path),
      );
      if (cookie.expiresAt === undefined || cookie.expiresAt > this.now()) this.cookies.push(cookie);
    }
  }

  /** The Cookie header for a request to `url`, longest paths first; '' when none fits. */
  header(url: string | URL): string {
    const to = new URL(url);
    const host = to.hostname.toLowerCase();
    const now = this.now();
    return this.cookies
      .filter(
        (c) =>
          (c.expiresAt === undefined || c.expiresAt > now) &&
          (c.hostOnly ? host === c.domain : domainMatches(host, c.domain)) &&
          pathMatches(to.pathname, c.path) &&
          (!c.secure || to.protocol === 'https:'),
      )
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** The names of the cookies held now (for messages and tests; never their values). */
  names(): string[] {
    const now = this.now();
    return this.cookies.filter((c) => c.expiresAt === undefined || c.expiresAt > now).map((c) => c.name);
  }
}

type StoredCookie = {
  name: string;
  value: string;
  domain: string;
  hostOnly: boolean;
  path: string;
  secure: boolean;
  expiresAt: number | undefined;
};

function parseSetCookie(header: string, from: URL, now: number): StoredCookie | undefined {
  const [pair = '', ...attributes] = header.split(';');
  const equals = pair.indexOf('=');
  if (equals <= 0) return undefined;
  const name = pair.slice(0, equals).trim();
  const value = pair.slice(equals + 1).trim();
  if (name === '') return undefined;
  const host = from.hostname.toLowerCase();
  let domain = host;
  let hostOnly = true;
  let path = defaultPath(from.pathname);
  let secure = false;
  let maxAge: number | undefined;
  let expires: number | undefined;
  for (const attribute of attributes) {
    const at = attribute.indexOf('=');
    const key = (at === -1 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    const val = at === -1 ? '' : attribute.slice(at + 1).trim();
    if (key === 'domain' && val !== '') {
      const wanted = val.replace(/^\./, '').toLowerCase();
      // A site may set a cookie for itself or a parent domain, never for another site.
      if (!domainMatches(host, wanted)) return undefined;
      domain = wanted;
      hostOnly = false;
    } else if (key === 'path' && val.startsWith('/')) path = val;
    else if (key === 'secure') secure = true;
    else if (key === 'max-age' && /^-?\d+$/.test(val)) maxAge = Number(val);
    else if (key === 'expires') {
      const date = Date.parse(val);
      if (!Number.isNaN(date)) expires = date;
    }
  }
  // Max-Age wins over Expires; zero or less (or a past date) deletes the cookie.
  const expiresAt = maxAge !== undefined ? now + maxAge * 1000 : expires;
  return { name, value, domain, hostOnly, path, secure, expiresAt };
}

function domainMatches(host: string, domain: string): boolean {
  return host === domain || (host.endsWith(`.${domain}`) && !/^\d+\.\d+\.\d+\.\d+$/.test(host));
}

/** The answering page's directory: a cookie set by /a/b/page without a Path is sent to /a/b/…. */
function defaultPath(pathname: string): string {
  if (!pathname.startsWith('/')) return '/';
  const last = pathname.lastIndexOf('/');
  return last <= 0 ? '/' : pathname.slice(0, last);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/';
}
