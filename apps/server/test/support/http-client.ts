import { randomBytes } from 'node:crypto';

// Tests read arbitrary JSON answers; `any` keeps assertions short.
// biome-ignore lint/suspicious/noExplicitAny: test helper
export type JsonResponse = { status: number; body: any; headers: Headers };

/**
 * A browser-like client: keeps cookies, sends an Origin, and comes from its own IP
 * (X-Forwarded-For; the test server trusts the proxy) so rate limits don't leak between tests.
 * A header given as undefined is not sent (e.g. `{ origin: undefined }`).
 */
export class HttpClient {
  private cookies = new Map<string, string>();
  readonly ip: string;

  constructor(
    private readonly baseUrl: string,
    ip?: string,
  ) {
    const b = randomBytes(3);
    this.ip = ip ?? `10.${b[0]}.${b[1]}.${b[2]}`;
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string | undefined> = {},
  ): Promise<JsonResponse> {
    const merged: Record<string, string | undefined> = {
      origin: this.baseUrl,
      'x-forwarded-for': this.ip,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
      ...headers,
    };
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      redirect: 'manual',
      headers: Object.fromEntries(Object.entries(merged).filter((e): e is [string, string] => e[1] !== undefined)),
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (value === '' || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /** A request without a body answered as it comes (headers and bytes), for downloads. */
  raw(path: string, method = 'GET'): Promise<Response> {
    return fetch(new URL(path, this.baseUrl), {
      method,
      redirect: 'manual',
      headers: {
        origin: this.baseUrl,
        'x-forwarded-for': this.ip,
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
      },
    });
  }

  /** The Cookie header this client sends (for another client, e.g. a load generator). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The same browser (its cookies) at a new address: rate limits counted apart. */
  fromNewAddress(): HttpClient {
    const copy = new HttpClient(this.baseUrl);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  get = (path: string, headers?: Record<string, string | undefined>) => this.request('GET', path, undefined, headers);
  post = (path: string, body: unknown = {}, headers?: Record<string, string | undefined>) =>
    this.request('POST', path, body, headers);
  patch = (path: string, body: unknown = {}, headers?: Record<string, string | undefined>) =>
    this.request('PATCH', path, body, headers);
  put = (path: string, body: unknown = {}, headers?: Record<string, string | undefined>) =>
    this.request('PUT', path, body, headers);
  delete = (path: string, headers?: Record<string, string | undefined>) =>
    this.request('DELETE', path, undefined, headers);
}

/** The newest dev-outbox email to `to`, waiting for it: better-auth sends mail in the background. */
export async function waitForEmail(
  client: HttpClient,
  to: string,
  { subject, after = 0 }: { subject?: RegExp; after?: number } = {},
): Promise<{ subject: string; text: string; html: string; link: string }> {
  for (let i = 0; i < 100; i++) {
    const { body } = await client.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const found = (body as { subject: string; createdAt: string; text: string; html: string }[]).filter(
      (m) => (!subject || subject.test(m.subject)) && Date.parse(m.createdAt) >= after,
    );
    if (found[0]) {
      const link = /(https?:\/\/\S+)/.exec(found[0].text)?.[1] ?? '';
      return { ...found[0], link };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no email to ${to}`);
}
