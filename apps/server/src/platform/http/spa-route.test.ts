import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerSpaRoute, WEB_DIST } from './spa-route.ts';

const root = mkdtempSync(join(tmpdir(), 'lw-spa-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the SPA route', () => {
  // The build's folder is found from this file's place; a move of the file must move the path too.
  it('serves the web app from apps/web/dist', () => {
    expect(WEB_DIST.endsWith(join('apps', 'web', 'dist'))).toBe(true);
  });

  it('sends the build’s precompressed files to clients that accept them, and plain files otherwise', async () => {
    const js = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets', 'app.js'), js);
    writeFileSync(join(root, 'assets', 'app.js.gz'), gzipSync(js));
    writeFileSync(join(root, 'assets', 'app.js.br'), brotliCompressSync(js));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>LicenseWatch</title>');
    const app = Fastify();
    await registerSpaRoute(app, root);

    const br = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    const gz = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);

    // A client route gets index.html; a missing asset is a 404, never index.html.
    const page = await app.inject({ url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>LicenseWatch</title>');
    expect((await app.inject({ url: '/assets/gone.js' })).statusCode).toBe(404);
    // So is any other missing file: a player or an image must not be handed HTML.
    expect((await app.inject({ url: '/media/walkthrough.mp4' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/media/walkthrough.mp4?v=2' })).statusCode).toBe(404);
    await app.close();
  });

  it('sends a prerendered page for its own path only, and the shell for every other route', async () => {
    const site = mkdtempSync(join(tmpdir(), 'lw-spa-prerendered-'));
    try {
      writeFileSync(join(site, 'index.html'), '<title>shell</title><div id="root"></div>');
      mkdirSync(join(site, 'prerendered'));
      writeFileSync(join(site, 'prerendered', 'index.html'), '<title>home</title>');
      writeFileSync(join(site, 'prerendered', 'features.html'), '<title>features</title>');
      const app = Fastify();
      await registerSpaRoute(app, site);

      const body = async (url: string) => {
        const response = await app.inject({ url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
        return response.body;
      };
      expect(await body('/')).toBe('<title>home</title>');
      expect(await body('/?ref=mail')).toBe('<title>home</title>');
      expect(await body('/features')).toBe('<title>features</title>');
      // Prerendered by the build but missing from this one: the shell renders it in the browser.
      expect(await body('/pricing')).toContain('shell');
      // Not a page: the shell, whose router says so, with a 404 (the test below).
      expect((await app.inject({ url: '/features/extra' })).body).toContain('shell');
      expect(await body('/dashboard')).toContain('shell');
      await app.close();
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('answers an unknown page with the app’s not-found screen and 404, and a guessed path with a redirect', async () => {
    const site = mkdtempSync(join(tmpdir(), 'lw-spa-not-found-'));
    try {
      writeFileSync(join(site, 'index.html'), '<title>shell</title><div id="root"></div>');
      const app = Fastify();
      await registerSpaRoute(app, site);

      const missing = await app.inject({ url: '/no/such/page?x=1' });
      expect(missing.statusCode).toBe(404);
      // The browser still gets the app, which renders its not-found screen with a way on.
      expect(missing.body).toContain('shell');
      expect((await app.inject({ url: '/reports' })).statusCode).not.toBe(200);
      expect((await app.inject({ url: '/reports/r-1' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/login/' })).statusCode).toBe(200);

      const moved = await app.inject({ url: '/privacy?ref=mail' });
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe('/privacy-policy?ref=mail');
      expect((await app.inject({ url: '/Terms-Of-Service' })).headers.location).toBe('/terms');
      // A method that is not a read is never redirected or handed the app.
      expect((await app.inject({ method: 'POST', url: '/privacy' })).statusCode).toBe(404);
      await app.close();
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});
