import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { CookieJar } from './cookie-jar.ts';
import { sendHttpRequest } from './send-http-request.ts';

let server: Server | undefined;
let connections = 0;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(listener: RequestListener): Promise<string> {
  connections = 0;
  server = createServer(listener);
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const get = (signal = new AbortController().signal) => ({ method: 'GET' as const, headers: {}, signal });

describe('sendHttpRequest', () => {
  it('keeps the connection to a board open for the next request', async () => {
    const base = await serve((_req, res) => res.end('ok'));
    for (let i = 0; i < 3; i++) expect(await (await sendHttpRequest(`${base}/q${i}`, get())).text()).toBe('ok');
    expect(connections).toBe(1);
  });

  it('follows redirects and says which URL answered', async () => {
    const base = await serve((req, res) => {
      if (req.url === '/old') res.writeHead(302, { location: '/new?page=2' }).end();
      else res.end(`at ${req.url}`);
    });
    const answer = await sendHttpRequest(`${base}/old`, get());
    expect(answer.url).toBe(`${base}/new?page=2`);
    expect(await answer.text()).toBe('at /new?page=2');
  });

  it("with a jar, keeps each redirect's cookies and sends each hop those that fit it", async () => {
    const seen: Record<string, string | undefined> = {};
    const base = await serve((req, res) => {
      seen[req.url ?? ''] = req.headers.cookie;
      if (req.url === '/start')
        res
          .writeHead(302, {
            location: '/login/form',
            'set-cookie': ['correlation=N; Path=/callback', 'visitor=1; Path=/'],
          })
          .end();
      else if (req.url === '/login/form')
        res.writeHead(303, { location: '/callback', 'set-cookie': 'login=2; Path=/login' }).end();
      else res.end('signed in');
    });
    const jar = new CookieJar();
    const answer = await sendHttpRequest(`${base}/start`, { ...get(), headers: { cookie: 'stale=1' }, jar });
    expect(await answer.text()).toBe('signed in');
    expect(seen).toEqual({ '/start': undefined, '/login/form': 'visitor=1', '/callback': 'correlation=N; visitor=1' });
    expect(jar.names().sort()).toEqual(['correlation', 'login', 'visitor']);
  });

  it('continues a POST answered 303 as a GET without the form', async () => {
    const seen: string[] = [];
    const base = await serve((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${req.headers['content-type'] ?? '-'} ${body || '-'}`);
        if (req.url === '/search') res.writeHead(303, { location: '/results' }).end();
        else res.end('results');
      });
    });
    const answer = await sendHttpRequest(`${base}/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'last=Smith',
      signal: new AbortController().signal,
    });
    expect(await answer.text()).toBe('results');
    expect(seen).toEqual(['POST /search application/x-www-form-urlencoded last=Smith', 'GET /results - -']);
  });

  it('undoes gzip and drops a byte-order mark, as fetch does', async () => {
    const base = await serve((req, res) => {
      expect(req.headers['accept-encoding']).toContain('gzip');
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html' });
      res.end(gzipSync(Buffer.from('\uFEFF<p>Smith, Jane</p>', 'utf8')));
    });
    const answer = await sendHttpRequest(`${base}/`, get());
    expect(answer.header('Content-Type')).toBe('text/html');
    expect(await answer.text()).toBe('<p>Smith, Jane</p>');
  });

  it('gives up after 20 redirects', async () => {
    const base = await serve((_req, res) => res.writeHead(302, { location: '/again' }).end());
    await expect(sendHttpRequest(`${base}/`, get())).rejects.toThrow('too many redirects');
  });

  it('ends a body that is being read when the signal aborts', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('a,b\n');
    });
    const controller = new AbortController();
    const answer = await sendHttpRequest(`${base}/`, get(controller.signal));
    const chunks = answer.body[Symbol.asyncIterator]();
    expect(Buffer.from((await chunks.next()).value as Uint8Array).toString()).toBe('a,b\n');
    controller.abort(new Error('stalled'));
    await expect(chunks.next()).rejects.toThrow('stalled');
  });
});
