import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const METRICS_TOKEN = 'metrics-token-for-tests-0123';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN });
});
afterAll(() => server?.close());

describe('operating interface', () => {
  it('reports health once the database answers', async () => {
    const res = await new HttpClient(server.url).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('exposes Prometheus metrics, including request durations, to this machine and the token only', async () => {
    await new HttpClient(server.url).get('/healthz');
    // Straight from loopback, nothing forwarded: the operator on the machine.
    const local = await fetch(`${server.url}/metrics`);
    expect(local.status).toBe(200);
    const text = await local.text();
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toContain('process_cpu_seconds_total');

    // Through a proxy (X-Forwarded-For), the world: the bearer token or nothing.
    const client = new HttpClient(server.url);
    const anonymous = await client.get('/metrics');
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expect((await client.get('/metrics', { authorization: 'Bearer wrong-token-wrong-token' })).status).toBe(401);
    expect((await client.get('/metrics', { authorization: METRICS_TOKEN })).status).toBe(401);
    const scraper = await client.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(scraper.status).toBe(200);
    expect(scraper.body).toContain('http_request_duration_seconds_bucket');
  });

  it.each([
    ['x-forwarded-for', '198.51.100.7'],
    ['x-real-ip', '198.51.100.7'],
    ['forwarded', 'for=198.51.100.7;proto=https'],
    ['via', '1.1 edge-proxy'],
    ['x-forwarded-for', ''],
  ])('takes a loopback request carrying %s as forwarded by a proxy, not local', async (name, value) => {
    const res = await fetch(`${server.url}/metrics`, { headers: { [name]: value } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/nothing-here'],
      ['POST', '/api/v9/reports'],
    ] as const) {
      const res = await new HttpClient(server.url).request(method, path, method === 'POST' ? {} : undefined);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('turns malformed, oversized and wrongly typed bodies into 4xx without stack traces', async () => {
    const client = new HttpClient(server.url);
    const malformed = await client.post('/api/v1/auth/check-user', '{"email": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_ERROR');

    const huge = await client.post('/api/v1/auth/check-user', {
      email: 'a@b.co',
      password: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);

    const xml = await client.request('POST', '/api/v1/auth/check-user', '<a/>', { 'content-type': 'application/xml' });
    expect(xml.status).toBe(415);

    const empty = await client.request('POST', '/api/auth/sign-in/email', '', { 'content-type': 'application/json' });
    expect(empty.status).toBe(400);

    for (const res of [malformed, huge, xml, empty]) {
      expect(JSON.stringify(res.body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
    }
  });

  it('requires a session for /api/v2/auth/me', async () => {
    const res = await new HttpClient(server.url).get('/api/v2/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Not authenticated', code: 'UNAUTHENTICATED' });
  });

  it('sends security headers with a CSP', async () => {
    const res = await new HttpClient(server.url).get('/healthz');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('reports Google sign-in as unavailable when it is not configured', async () => {
    const res = await new HttpClient(server.url).get('/api/v1/auth/providers');
    expect(res.body).toEqual({ google: false });
  });
});
