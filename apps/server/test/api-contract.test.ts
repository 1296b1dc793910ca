import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_CONTRACT, listEndpoints } from '@licensewatch/shared/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ENDPOINTS } from '../src/modules/accounts/http/auth-endpoints.ts';
import { listRoutes } from '../src/platform/http/route-table.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// The endpoint contract of packages/shared is what the web calls: each of its endpoints must be a
// route of the server (method and path), and each API route of the server an endpoint of it, so
// the two cannot drift apart. better-auth's endpoints sit behind one catch-all route, which lets
// through only those AUTH_ENDPOINTS lists.

const SHARED_SRC = join(import.meta.dirname, '../../../packages/shared/src');
const BETTER_AUTH_MOUNT = '/api/auth/*';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
});
afterAll(() => server?.close());

const key = (method: string, path: string) => `${method} ${path}`;

function served(method: string, path: string): boolean {
  if (path.startsWith('/api/auth/')) {
    return (
      server.app.hasRoute({ method, url: BETTER_AUTH_MOUNT }) &&
      AUTH_ENDPOINTS.some((e) => e.method === method && e.path === path)
    );
  }
  return server.app.hasRoute({ method, url: path });
}

describe('the endpoint contract and the server', () => {
  it('serves every endpoint of the contract at its method and path', () => {
    const missing = listEndpoints()
      .filter(({ endpoint }) => !served(endpoint.method, endpoint.path))
      .map(({ name, endpoint }) => `${name}: ${key(endpoint.method, endpoint.path)}`);
    expect(missing).toEqual([]);
  });

  it('has an endpoint in the contract for every API route the server registers', () => {
    const contract = new Set(listEndpoints().map(({ endpoint }) => key(endpoint.method, endpoint.path)));
    const unlisted = listRoutes(server.app)
      .filter((r) => r.url.startsWith('/api/') && r.url !== BETTER_AUTH_MOUNT)
      .map((r) => key(r.method, r.url))
      .filter((k) => !contract.has(k));
    expect(unlisted).toEqual([]);
  });

  it('names each method and path once', () => {
    const keys = listEndpoints().map(({ endpoint }) => key(endpoint.method, endpoint.path));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('lists every endpoint table of packages/shared', async () => {
    const tables = new Set<unknown>(Object.values(API_CONTRACT));
    const missing: string[] = [];
    for (const file of readdirSync(SHARED_SRC).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const exports: Record<string, unknown> = await import(join(SHARED_SRC, file));
      for (const [name, value] of Object.entries(exports)) {
        if (name.endsWith('_ENDPOINTS') && !tables.has(value)) missing.push(`${file}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps the route modules free of zod: the public pages and the app shell import them', () => {
    const files = readdirSync(SHARED_SRC).filter((f) => f.endsWith('-routes.ts') || f === 'endpoint.ts');
    expect(files.length).toBeGreaterThan(1);
    const imports = files.flatMap((file) =>
      [...readFileSync(join(SHARED_SRC, file), 'utf8').matchAll(/^import (?!type )[^;]*from '([^']+)';/gm)]
        .map((m) => m[1])
        .filter((from) => from !== './endpoint.ts')
        .map((from) => `${file}: ${from}`),
    );
    expect(imports).toEqual([]);
  });
});
