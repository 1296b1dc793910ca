import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureServer, MAINTENANCE_PAGE, sendHtml, sendJson, startFixtureServer } from './fixture-server.ts';
import { createGateRegistry, HttpClient, type HttpPolicy, retryAfterMs, Semaphore } from './http-client.ts';
import { CookieJar } from './sources/cookie-jar.ts';

// The bot walls' own pages, cut to what marks them (real-sources BOARDS.md §6 names the vendors per board).
const CLOUDFLARE_CHALLENGE =
  '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><script>window._cf_chl_opt={cvId:"3"};</script></body></html>';
const AKAMAI_DENIED =
  '<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>You don\'t have permission to access "http&#58;&#47;&#47;board&#46;example&#47;search" on this server.<P>Reference&#32;&#35;18&#46;1</BODY></HTML>';
const F5_REJECTED =
  '<html><head><title>Request Rejected</title></head><body>The requested URL was rejected. Please consult with your administrator.<br><br>Your support ID is: 1234</body></html>';
const RECAPTCHA_FORM =
  '<html><body><form><div class="g-recaptcha" data-sitekey="x"></div></form><script src="https://www.google.com/recaptcha/api.js"></script></body></html>';

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

  it('times out a board that never answers and says so', async () => {
    server = await startFixtureServer(() => {
      // Never answers.
    });
    const started = Date.now();
    const result = await client({ timeoutMs: 150, retries: 1 }).json(`${server.url}/x`);
    expect(result).toMatchObject({ ok: false, error: { kind: 'timeout' } });
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

  it('reports a 404 or 410 as moved, with the address that answered, without retrying', async () => {
    server = await startFixtureServer((req, res) => sendJson(res, { error: 'nope' }, req.url === '/gone' ? 410 : 404));
    const result = await client().json(`${server.url}/x`);
    expect(result).toMatchObject({ ok: false, error: { kind: 'moved', status: 404, url: `${server.url}/x` } });
    expect(await client().html(`${server.url}/gone`)).toMatchObject({
      ok: false,
      error: { kind: 'moved', status: 410 },
    });
    expect(server.requests).toHaveLength(2);
  });

  it('reports a bot wall answering 403 or 503 as blocked, naming it, without retrying', async () => {
    server = await startFixtureServer((req, res) =>
      req.url === '/cloudflare'
        ? sendHtml(res, CLOUDFLARE_CHALLENGE, 403)
        : req.url === '/old-cloudflare'
          ? sendHtml(res, CLOUDFLARE_CHALLENGE, 503)
          : sendHtml(res, AKAMAI_DENIED, 403),
    );
    const cloudflare = await client().html(`${server.url}/cloudflare`);
    expect(cloudflare).toMatchObject({ ok: false, error: { kind: 'blocked', status: 403 } });
    if (!cloudflare.ok) expect(cloudflare.error.message).toContain('a Cloudflare challenge page (HTTP 403)');
    expect(await client().json(`${server.url}/old-cloudflare`)).toMatchObject({
      ok: false,
      error: { kind: 'blocked', status: 503 },
    });
    const akamai = await client().stream(`${server.url}/akamai`);
    expect(akamai).toMatchObject({ ok: false, error: { kind: 'blocked', status: 403 } });
    if (!akamai.ok) expect(akamai.error.message).toContain('an Akamai "Access Denied" page');
    expect(server.requests).toHaveLength(3);
  });

  it('keeps a plain 403 unavailable: only a page that is a bot wall reads as blocked', async () => {
    server = await startFixtureServer((_req, res) => sendHtml(res, '<html><body>Forbidden</body></html>', 403));
    expect(await client().html(`${server.url}/x`)).toMatchObject({
      ok: false,
      error: { kind: 'unavailable', status: 403 },
    });
  });

  it('reports a bot wall answering 200 as blocked: an F5 page for a search, a CAPTCHA where data was expected', async () => {
    server = await startFixtureServer((req, res) => sendHtml(res, req.url === '/f5' ? F5_REJECTED : RECAPTCHA_FORM));
    const f5 = await client().html(`${server.url}/f5`);
    expect(f5).toMatchObject({ ok: false, error: { kind: 'blocked', status: 200 } });
    if (!f5.ok) expect(f5.error.message).toContain('an F5 "Request Rejected" page instead of the board');
    const json = await client().json(`${server.url}/recaptcha`);
    expect(json).toMatchObject({ ok: false, error: { kind: 'blocked' } });
    if (!json.ok) expect(json.error.message).toContain('a reCAPTCHA CAPTCHA');
    // A widget on a page the source reads may sit beside results: the source decides (html-lookup-source.ts).
    expect(await client().html(`${server.url}/recaptcha`)).toMatchObject({ ok: true });
  });

  it('reports a bulk file or dataset redirected to another site’s page as moved, with where it went', async () => {
    const portal = await startFixtureServer((_req, res) => sendHtml(res, '<html><body>Our new portal</body></html>'));
    try {
      server = await startFixtureServer((_req, res) => {
        res.writeHead(301, { location: `${portal.url}/welcome` });
        res.end();
      });
      const bulkFile = await client().stream(`${server.url}/licensees.csv`);
      expect(bulkFile).toMatchObject({ ok: false, error: { kind: 'moved', url: `${portal.url}/welcome` } });
      if (!bulkFile.ok) expect(bulkFile.error.message).toContain(`redirected to ${portal.url}/welcome`);
      expect(await client().json(`${server.url}/data.json`)).toMatchObject({ ok: false, error: { kind: 'moved' } });
      // A page is handed over with where it came from: a search page may legitimately live elsewhere.
      expect(await client().html(`${server.url}/search`)).toMatchObject({
        ok: true,
        value: { url: `${portal.url}/welcome` },
      });
    } finally {
      await portal.close();
    }
  });

  it("with a jar, sends back the cookies a page set, each kept whole (an Expires date's comma too)", async () => {
    const cookies: (string | undefined)[] = [];
    server = await startFixtureServer((req, res) => {
      cookies.push(req.headers.cookie);
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'set-cookie': [
          'ASP.NET_SessionId=x1y2z3; path=/; HttpOnly; SameSite=Lax',
          'BIGipServer~pool=rd5o00000000000000000000ffff0a000001o443; Expires=Sat, 28 Nov 2099 21:00:00 GMT; path=/',
          'malformed-without-a-value',
        ],
      });
      res.end('<html><body><form></form></body></html>');
    });
    const jar = new CookieJar();
    const page = await client().html(`${server.url}/download.aspx`, { jar });
    expect(page).toMatchObject({ ok: true, value: { url: `${server.url}/download.aspx` } });
    await client().html(`${server.url}/download.aspx`, { method: 'POST', body: 'a=1', jar });
    await client().html(`${server.url}/download.aspx`);
    expect(cookies).toEqual([
      undefined,
      'ASP.NET_SessionId=x1y2z3; BIGipServer~pool=rd5o00000000000000000000ffff0a000001o443',
      undefined,
    ]);
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
