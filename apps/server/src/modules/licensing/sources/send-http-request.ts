import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { CookieJar } from './cookie-jar.ts';

// Board look-ups are many small requests (a roster import asks every board about every physician),
// so the CPU per request is what bounds an import. node:http with a keep-alive agent costs well under
// half of what fetch does per request, measured (docs/decisions/024-cheaper-board-look-ups.md).

const AGENTS = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export type HttpRequestInit = {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | undefined;
  signal: AbortSignal;
  /**
   * Cookies kept across the conversation, redirects included: each hop's request carries the jar's
   * cookies for its address (in place of any `cookie` header), and each answer's Set-Cookie goes in.
   */
  jar?: CookieJar | undefined;
};

/** A response whose body has not been read yet; read it once, with text() or body, or discard() it. */
export type HttpAnswer = {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  header(name: string): string | null;
  /** The decoded body, chunk by chunk. */
  body: AsyncIterable<Uint8Array>;
  text(): Promise<string>;
  discard(): void;
};

/** One request, following redirects and undoing gzip/deflate/br as fetch would; `signal` aborts it at any point. */
export function sendHttpRequest(url: string, init: HttpRequestInit): Promise<HttpAnswer> {
  return send(new URL(url), init, MAX_REDIRECTS);
}

async function send(url: URL, init: HttpRequestInit, redirectsLeft: number): Promise<HttpAnswer> {
  const response = await exchange(url, init);
  init.jar?.store(response.headers['set-cookie'] ?? [], url);
  const location = response.headers.location;
  if (REDIRECTS.has(response.statusCode ?? 0) && location) {
    response.resume();
    if (redirectsLeft === 0) throw new Error('too many redirects');
    const next = new URL(location, url);
    // As fetch does: 303, and 301/302 after a POST, continue as a GET without the form.
    const toGet =
      response.statusCode === 303 ||
      (init.method === 'POST' && response.statusCode !== 307 && response.statusCode !== 308);
    const headers = { ...init.headers };
    if (toGet) delete headers['content-type'];
    if (next.origin !== url.origin) delete headers.authorization;
    return send(
      next,
      toGet ? { headers, method: 'GET', signal: init.signal, jar: init.jar } : { ...init, headers },
      redirectsLeft - 1,
    );
  }
  const body = decode(response);
  const abort = () => body.destroy(init.signal.reason instanceof Error ? init.signal.reason : new Error('aborted'));
  init.signal.addEventListener('abort', abort, { once: true });
  body.once('close', () => init.signal.removeEventListener('abort', abort));
  return {
    status: response.statusCode ?? 0,
    url: url.toString(),
    header(name) {
      const value = response.headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
    body,
    async text() {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    },
    discard() {
      body.destroy();
      response.destroy();
    },
  };
}

function exchange(url: URL, init: HttpRequestInit): Promise<http.IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new Error(`unsupported protocol ${url.protocol}`));
  const transport = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...init.headers };
  if (init.jar) {
    const cookie = init.jar.header(url);
    if (cookie === '') delete headers.cookie;
    else headers.cookie = cookie;
  }
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  return new Promise((resolve, reject) => {
    const request = transport.request(url, {
      method: init.method,
      headers,
      agent: AGENTS[url.protocol as keyof typeof AGENTS],
      signal: init.signal,
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(init.body);
  });
}

function decode(response: http.IncomingMessage): Readable {
  const encoding = response.headers['content-encoding']?.trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return response;
  response.once('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}
