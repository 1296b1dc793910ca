import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureServer, MAINTENANCE_PAGE, sendHtml, sendJson, startFixtureServer } from './fixture-server.ts';
import { createGateRegistry, HttpClient, type HttpPolicy, retryAfterMs, Semaphore } from './http-client.ts';

const POLICY: HttpPolicy = { timeoutMs: 1_000, retries: 2, backoffMs: 1, concurrency: 2 };
let server: FixtureServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function client(policy: Partial<HttpPolicy> = {}, deps: ConstructorParameters<typeof HttpClient>[2] = {}) {
  return new HttpClient('test-board', { ...POLICY, ...policy }, { gates: createGateRegistry(), ...deps });
}

describe('HttpClient', () => {
  it('sends a descriptive User-Agent', async () => {
    server = await startFixtureServer((_req, res) => sendJson(res, []));
    const result = await client({}, { contactUrl: 'https://lw.example/bots' }).json(`${server.url}/x`);
    expect(result.ok).toBe(true);
    expect(server.requests[0]?.headers['user-agent']).toBe(
      'LicenseWatch/1.0 (+https://lw.example/bots) license-verification',
    );
  });

  it('retries a 500 and then succeeds', async () => {
    let calls = 0;
    server = await startFixtureServer((_req, res) => {
      calls++;
      if (calls === 1) sendJson(res, { error: 'boom' }, 500);
      else sendJson(res, [{ a: '1' }]);
    });
    const result = await client().json(`${server.url}/x`);
    expect(result).toEqual({ ok: true, value: [{ a: '1' }] });
    expect(calls).toBe(2);
  });

  it('reports a board down for maintenance (503 page) as unavailable after its retries', async () => {
    server = await startFixtureServer((_req, res) => sendHtml(res, MAINTENANCE_PAGE, 503));
    const result = await client({ retries: 2 }).json(`${server.url}/x`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(result.error.message).toContain('maintenance page');
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry into a maintenance window announced with a long Retry-After', async () => {
    server = await startFixtureServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'text/html', 'retry-after': '3600' });
      res.end(MAINTENANCE_PAGE);
    });
    const result = await client({ retries: 3 }).json(`${server.url}/x`);
    expect(result).toMatchObject({ ok: false, error: { kind: 'unavailable', status: 503 } });
    expect(server.requests).toHaveLength(1);
  });

  it('reports HTML where JSON was expected as a parse failure, without retrying', async () => {
    server = await startFixtureServer((_req, res) => sendHtml(res, '<html><body>Welcome</body></html>'));
    const result = await client().json(`${server.url}/x`);
    expect(result).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
    if (!result.ok) expect(result.error.message).toContain('HTML page where JSON was expected');
    expect(server.requests).toHaveLength(1);
  });

  it('reports malformed JSON as a parse failure', async () => {
    server = await startFixtureServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[{"a": ');
    });
    expect(await client().json(`${server.url}/x`)).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
  });

  it('times out a board that never answers and reports it unavailable', async () => {
    server = await startFixtureServer(() => {
      // Never answers.
    });
    const started = Date.now();
    const result = await client({ timeoutMs: 150, retries: 1 }).json(`${server.url}/x`);
    expect(result).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
    if (!result.ok) expect(result.error.message).toContain('did not answer within 150 ms');
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports a refused connection as unavailable', async () => {
    server = await startFixtureServer((_req, res) => sendJson(res, []));
    const url = server.url;
    await server.close();
    server = undefined;
    const result = await client({ retries: 1 }).json(`${url}/x`);
    expect(result).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
    if (!result.ok) expect(result.error.message).toMatch(/cannot reach/);
  });

  it('honours a long Retry-After on 429: rate-limited, and the board is left alone until then', async () => {
    server = await startFixtureServer((_req, res) => {
      res.writeHead(429, { 'retry-after': '120', 'content-type': 'text/plain' });
      res.end('slow down');
    });
    const http = client();
    const first = await http.json(`${server.url}/x`);
    expect(first).toMatchObject({ ok: false, error: { kind: 'rate-limited', status: 429 } });
    if (!first.ok) expect(first.error.message).toContain('retry after 120 s');
    const second = await http.json(`${server.url}/y`);
    expect(second).toMatchObject({ ok: false, error: { kind: 'rate-limited' } });
    expect(server.requests).toHaveLength(1);
  });

  it('waits out a short Retry-After and then succeeds', async () => {
    let calls = 0;
    server = await startFixtureServer((_req, res) => {
      calls++;
      if (calls === 1) {
        res.writeHead(429, { 'retry-after': '0' });
        res.end();
      } else sendJson(res, { ok: 1 });
    });
    expect(await client().json(`${server.url}/x`)).toEqual({ ok: true, value: { ok: 1 } });
  });

  it('keeps to the per-board concurrency limit', async () => {
    let active = 0;
    let peak = 0;
    server = await startFixtureServer(async (_req, res) => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 30));
      active--;
      sendJson(res, []);
    });
    const http = client({ concurrency: 2 });
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => http.json(`${server?.url}/x${i}`)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(peak).toBe(2);
  });

  it('does not retry a 404', async () => {
    server = await startFixtureServer((_req, res) => sendJson(res, { error: 'nope' }, 404));
    const result = await client().json(`${server.url}/x`);
    expect(result).toMatchObject({ ok: false, error: { kind: 'unavailable', status: 404 } });
    expect(server.requests).toHaveLength(1);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('30', 0)).toBe(30_000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs('soon', 0)).toBeUndefined();
    expect(retryAfterMs(null, 0)).toBeUndefined();
  });
});

describe('Semaphore', () => {
  it('hands slots over in order and never exceeds its limit', async () => {
    const s = new Semaphore(1);
    const order: number[] = [];
    const release1 = await s.acquire();
    const second = s.acquire().then((release) => {
      order.push(2);
      release();
    });
    order.push(1);
    expect(s.inUse).toBe(1);
    release1();
    await second;
    expect(order).toEqual([1, 2]);
    expect(s.inUse).toBe(0);
  });
});
