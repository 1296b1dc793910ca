/**
 * The whole app (server, worker, board simulator) on a free loopback port with its own throwaway
 * embedded database, started as the e2e suite starts it: for tools that drive or measure the
 * real product (`npm run video`, `npm run bench:lighthouse`). Needs the built web app.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

const ROOT = new URL('..', import.meta.url).pathname;

export type LocalApp = { child: ChildProcess; url: string; simUrl: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resolves once /healthz answers, with the board simulator's address read from the start banner. */
export async function startLocalApp(dataDir: string): Promise<LocalApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'all'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      // As the e2e server: production would demand PostgreSQL and SMTP, and the SPA's headers,
      // caching and CSP are the same in both (bar upgrade-insecure-requests, moot over loopback).
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SIM_PORT: '0',
      // The e2e server's population, so simulatedPhysician() names someone who exists.
      SIM_SIZE: '2000',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
    },
  });
  let banner = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    banner += chunk.toString();
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const simUrl = /board simulator at (\S+)/.exec(banner)?.[1];
    try {
      if (simUrl && (await fetch(`${url}/healthz`)).ok) return { child, url, simUrl };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  child.kill();
  throw new Error('the server did not answer /healthz within 120 s');
}
