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
