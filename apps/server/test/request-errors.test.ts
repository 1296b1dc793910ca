import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// docs/security.md, Errors and unstorable input: every error under /api/ — ours, better-auth's, the
// framework's and Node's — is JSON {detail, code} with the right status; text PostgreSQL cannot
// store is a 400.
let server: TestServer;
let person: Person;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
  person = await signedInPerson(server);
});
afterAll(() => server?.close());

const uniform = (status: number, code: string) => ({
  status,
  body: { detail: expect.any(String), code },
});

/** Bytes straight onto a socket: what fetch would refuse to send. */
function rawRequest(text: string): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      try {
        resolve({ status, body: JSON.parse(body) });
      } catch {
        resolve({ status, body });
      }
    });
  });
}

describe('the framework’s and Node’s errors are {detail, code} too', () => {
  it('405 with Allow for a known API path under another method', async () => {
    const res = await person.client.request('PUT', '/api/v1/credentials/', {});
    expect(res).toMatchObject(uniform(405, 'METHOD_NOT_ALLOWED'));
    expect(res.headers.get('allow')).toBe('GET, PATCH');
    expect(await person.client.request('DELETE', '/api/v1/reports/')).toMatchObject(uniform(405, 'METHOD_NOT_ALLOWED'));
  });

  it('404 for an unknown path, 414 for an overlong path segment, 400 for broken percent-encoding', async () => {
    const client = new HttpClient(server.url);
    expect(await client.get('/api/v1/none-such')).toMatchObject(uniform(404, 'NOT_FOUND'));
    expect(await client.request('PATCH', `/api/v2/reports/licenses/${'x'.repeat(500)}`)).toMatchObject(
      uniform(414, 'URI_TOO_LONG'),
    );
    expect(await client.get('/api/v1/reports/%E0%A4%A')).toMatchObject(uniform(400, 'BAD_URL'));
  });

  it('431 for headers over Node’s limit, 400 for bytes that are not HTTP', async () => {
    const res = await fetch(`${server.url}/api/v2/auth/me`, { headers: { 'x-padding': 'y'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(await res.json()).toMatchObject({ code: 'HEADERS_TOO_LARGE', detail: expect.any(String) });
    expect(await rawRequest(`GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)).toMatchObject(
      uniform(431, 'HEADERS_TOO_LARGE'),
    );
    expect(await rawRequest('NOT HTTP AT ALL\r\n\r\n')).toMatchObject(uniform(400, 'BAD_REQUEST'));
    expect(await rawRequest('GET /api/v2/auth/me HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n')).toMatchObject(
      uniform(400, 'BAD_REQUEST'),
    );
  });

  it('better-auth’s errors', async () => {
    const client = new HttpClient(server.url);
    expect(
      await client.post('/api/auth/sign-in/email', { email: person.email, password: 'not-the-password' }),
    ).toMatchObject(uniform(401, 'INVALID_EMAIL_OR_PASSWORD'));
    expect(
      await client.post('/api/auth/reset-password', { token: 'nope', newPassword: 'brand-new-pass' }),
    ).toMatchObject(uniform(400, 'INVALID_TOKEN'));
    expect(await client.get('/api/auth/get-session')).toMatchObject(uniform(401, 'UNAUTHENTICATED'));
    expect(await client.get('/api/auth/no-such-endpoint')).toMatchObject(uniform(404, 'NOT_FOUND'));
  });
});

describe('text PostgreSQL cannot store', () => {
  const report = { firstName: 'Ada', lastName: 'Okafor', licenseType: 'MD', states: ['Oregon'] };

  it('a NUL in a body, a path, a query or a token is a 400 naming the field, and nothing is stored', async () => {
    const before = (await person.client.get('/api/v1/reports/')).body.length;
    expect(await person.client.post('/api/v2/reports/', { ...report, firstName: 'Ada\u0000' })).toMatchObject({
      status: 400,
      body: { detail: 'firstName: must not contain NUL characters', code: 'VALIDATION_ERROR' },
    });
    expect(await person.client.post('/api/v2/reports/', { ...report, states: ['Ore\u0000gon'] })).toMatchObject({
      status: 400,
      body: { detail: 'states.0: must not contain NUL characters' },
    });
    expect(await person.client.get('/api/v1/reports/%00')).toMatchObject({
      status: 400,
      body: { detail: 'id: must not contain NUL characters' },
    });
    expect(await person.client.get('/api/dev/outbox?to=%00')).toMatchObject({
      status: 400,
      body: { detail: 'to: must not contain NUL characters' },
    });
    expect(
      await person.client.post('/api/auth/reset-password', { token: '\u0000', newPassword: 'brand-new-pass' }),
    ).toMatchObject({ status: 400, body: { detail: 'token: must not contain NUL characters' } });
    expect(await person.client.get('/api/auth/verify-email?token=%00')).toMatchObject({
      status: 400,
      body: { detail: 'token: must not contain NUL characters' },
    });
    expect(await person.client.post('/api/v2/reports/', { ...report, 'key\u0000': 1 })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR' },
    });
    expect((await person.client.get('/api/v1/reports/')).body.length).toBe(before);
  });

  it('a lone surrogate is a 400 too (jsonb refuses it; text would store U+FFFD)', async () => {
    const res = await person.client.post(
      '/api/auth/sign-up/email',
      '{"email":"surrogate@example.com","password":"correct-horse","name":"A\\ud800","organization":null,"userType":"individual_physician","apiUsageInfo":null}',
    );
    expect(res).toMatchObject({ status: 400, body: { detail: 'name: is not valid Unicode text' } });
  });
});

/**
 * A body streamed onto a socket as a client sends it, in 64 KB writes that wait for the socket and
 * are paced as over a real network, so the answer comes while the client is still sending;
 * resolves with the answer when the server closes the connection. A reset while sending (EPIPE,
 * ECONNRESET) rejects: such a client never learns why it was refused.
 */
function streamBody(path: string, size: number, { declareLength }: { declareLength: boolean }, cookie = '') {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    let answer: { status: number; body: unknown } | undefined;
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(text.slice(0, end))?.[1]);
      if (end === -1 || Buffer.byteLength(text.slice(end + 4)) < length) return;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      try {
        answer = { status, body: JSON.parse(text.slice(end + 4)) };
      } catch {
        answer = { status, body: text.slice(end + 4) };
      }
    });
    socket.on('error', reject);
    // The server ends the connection once the rest of the body is in: resolve then.
    socket.on('close', () =>
      answer ? resolve(answer) : reject(new Error(`closed before the answer: ${received.toString('utf8')}`)),
    );
    socket.write(
      [
        `POST ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        `Origin: ${server.url}`,
        'Content-Type: application/json',
        ...(cookie ? [`Cookie: ${cookie}`] : []),
        declareLength ? `Content-Length: ${size}` : 'Transfer-Encoding: chunked',
        '',
        '',
      ].join('\r\n'),
    );
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      if (socket.destroyed) return;
      if (sent >= size) return void (declareLength ? null : socket.write('0\r\n\r\n'));
      const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += part.length;
      const framed = declareLength
        ? part
        : Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]);
      if (socket.write(framed)) setTimeout(write, 5);
      else socket.once('drain', () => setTimeout(write, 5));
    };
    write();
  });
}

/** `[[[…]]]` or `{"a":{"a":…}}`, `depth` levels deep. */
const nested = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('request limits (docs/security.md, Request limits)', () => {
  const signIn = '/api/auth/sign-in/email';
  const report = '/api/v2/reports/';

  it('a body over the limit is a 413 {detail, code} the client reads while it is still sending', async () => {
    for (const path of [signIn, report]) {
      for (const declareLength of [true, false]) {
        const res = await streamBody(path, 2 * 1024 * 1024, { declareLength }, person.client.cookieHeader());
        expect(res, `${path} ${declareLength}`).toMatchObject(uniform(413, 'PAYLOAD_TOO_LARGE'));
      }
    }
  });

  it('JSON nested deeper than 32 levels is a 400 naming the limit, on our routes and better-auth’s', async () => {
    for (const path of [signIn, report, '/api/v2/profile/phone/verify']) {
      for (const kind of ['array', 'object'] as const) {
        const res = await person.client.request('POST', path, nested(10_000, kind));
        expect(res, `${path} ${kind}`).toMatchObject({ status: 400, body: { code: 'JSON_TOO_COMPLEX' } });
        expect(res.body.detail).toMatch(/32 levels/);
      }
    }
    // At the limit it is parsed, and the route's own validation answers.
    const deepest = await person.client.request('POST', report, nested(32, 'object'));
    expect(deepest).toMatchObject(uniform(400, 'VALIDATION_ERROR'));
  });

  it('JSON with more than 10,000 keys and elements is a 400 naming the limit', async () => {
    const wide = `{${Array.from({ length: 100_000 }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`;
    const long = `[${'0,'.repeat(99_999)}0]`;
    for (const body of [wide, long]) {
      const res = await person.client.request('POST', signIn, body);
      expect(res).toMatchObject({ status: 400, body: { code: 'JSON_TOO_COMPLEX' } });
      expect(res.body.detail).toMatch(/10,000 keys and elements/);
    }
  });

  it('a byte-order mark or bytes that are not UTF-8 are a 400, and nothing is stored', async () => {
    const before = (await person.client.get('/api/v1/reports/')).body.length;
    const body = JSON.stringify({ firstName: 'Ada', lastName: 'Okafor', licenseType: 'MD', states: ['Oregon'] });
    for (const bytes of [
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]),
      Buffer.from(body.replace('Ada', 'A\u00ffda'), 'latin1'),
      Buffer.concat([Buffer.from(body.slice(0, -2)), Buffer.from([0xc3]), Buffer.from('"}')]),
    ]) {
      const res = await fetch(new URL(report, server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie: person.client.cookieHeader() },
        body: bytes,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_ENCODING', detail: expect.any(String) });
    }
    expect((await person.client.get('/api/v1/reports/')).body.length).toBe(before);
  });

  it('a JSON body of another type than the object a route takes is a 400', async () => {
    for (const body of ['true', '1', '[]', '"x"', 'null']) {
      expect(await person.client.request('POST', report, body), body).toMatchObject(uniform(400, 'VALIDATION_ERROR'));
      const auth = await person.client.request('POST', signIn, body);
      expect(auth.status, body).toBe(400);
    }
  });
});
