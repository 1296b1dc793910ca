import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/app.ts';
import { type AppContext, createContext } from '../../src/context.ts';
import { parseEnv } from '../../src/platform/env.ts';
import { startWorker } from '../../src/worker.ts';
import { type DatabaseProxy, startDatabaseProxy } from './database-proxy.ts';
import { startTestDatabase } from './test-database.ts';

export type TestServer = {
  url: string;
  /** The test's own database, for a second process (another worker) to share. */
  databaseUrl: string;
  ctx: AppContext;
  app: FastifyInstance;
  /** With `proxied`: the TCP hop the app reaches its database through, for a test to cut. */
  databaseProxy?: DatabaseProxy;
  close: () => Promise<void>;
};

/**
 * The real app on a real port against a fresh database; overrides are environment variables.
 * `worker: false` serves without working jobs, for tests that run the worker elsewhere; `proxied`
 * puts a TCP hop the test can cut between the app and its database (support/database-proxy.ts).
 */
export async function startTestServer(
  overrides: Record<string, string> = {},
  { worker = true, proxied = false }: { worker?: boolean; proxied?: boolean } = {},
): Promise<TestServer> {
  const database = await startTestDatabase();
  const databaseProxy = proxied ? await startDatabaseProxy(database.url) : undefined;
  // APP_URL must be known before listening, so take a free port first.
  const port = Number(overrides.PORT ?? (await freePort()));
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // The tests stand in for a proxy on this machine: each client's X-Forwarded-For is its address.
    TRUST_PROXY: 'loopback',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: '/nonexistent',
    ...overrides,
  });
  const ctx = await createContext({
    env,
    databaseUrl: databaseProxy?.url ?? database.url,
    secret: 'test-secret-test-secret-test-secret-0123',
    log: pino({ level: env.LOG_LEVEL }),
  });
  const app = await buildApp(ctx);
  await app.listen({ port, host: '127.0.0.1' });
  if (worker) await startWorker(ctx);
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    databaseUrl: database.url,
    ctx,
    app,
    ...(databaseProxy ? { databaseProxy } : {}),
    close: async () => {
      await app.close();
      await ctx.close();
      await databaseProxy?.close();
      await database.close();
    },
  };
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
