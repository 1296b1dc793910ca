import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

/** The secret every process of one deployment shares (sessions, API keys, signed links). */
export const SHARED_SECRET = 'test-secret-test-secret-test-secret-0123';

/** One process of the app (`npm start -- <role>`), as its own OS process. */
export type ServerProcess = {
  role: 'serve' | 'worker';
  /** Where a `serve` process answers. */
  url?: string;
  child: ChildProcess;
  /** Everything it printed, for an assertion's message. */
  output: () => string;
  /** Resolves when the process has ended (at once when it already has). */
  exited: () => Promise<void>;
};

/** A free port on loopback, for a `serve` process whose URL must be known before it starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function run(args: string[], env: Record<string, string>) {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: repoRoot,
    // Only what a deployment would set: nothing of the test runner's own environment leaks in.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, ended };
}

/**
 * Starts `main.ts <role>` with `env` (DATABASE_URL, SIM_URL, APP_URL, SMTP_URL…) and resolves once
 * it has printed that it is running (after migrations, and for a worker after its handlers and
 * schedules are registered), or rejects with its output if it exits first or `seconds` pass.
 */
export async function startServerProcess(
  role: 'serve' | 'worker',
  env: Record<string, string>,
  { port, seconds = 60 }: { port?: number; seconds?: number } = {},
): Promise<ServerProcess> {
  const { child, output, ended } = run([main, role], {
    AUTH_SECRET: SHARED_SECRET,
    ...env,
    ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}),
  });
  const started = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), seconds * 1000);
    const check = () => {
      if (!output().includes(') is running')) return;
      clearTimeout(timer);
      child.stdout?.off('data', check);
      resolve(true);
    };
    child.stdout?.on('data', check);
    void ended.then(() => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (!started) {
    child.kill('SIGKILL');
    throw new Error(`${role} did not start within ${seconds} s:\n${output()}`);
  }
  return {
    role,
    url: port ? `http://127.0.0.1:${port}` : undefined,
    child,
    output,
    exited: () => ended.then(() => undefined),
  };
}

/**
 * Starts `main.ts worker` with CRASH_AT=`step` (platform/jobs/crash-point.ts) and resolves once it
 * has killed itself there, or rejects with its output if it ends otherwise or `seconds` pass.
 */
export async function crashWorkerAt(step: string, env: Record<string, string>, seconds = 120): Promise<void> {
  const { child, output, ended } = run([main, 'worker'], { AUTH_SECRET: SHARED_SECRET, ...env, CRASH_AT: step });
  const timer = setTimeout(() => child.kill('SIGKILL'), seconds * 1000);
  await ended;
  clearTimeout(timer);
  if (child.signalCode !== 'SIGKILL' || !output().includes(`crash point ${step} reached`))
    throw new Error(`the worker did not crash at ${step} within ${seconds} s:\n${output()}`);
}

/** Stops a process the way an orchestrator does (SIGTERM, then SIGKILL after `seconds`). */
export async function stopServerProcess(proc: ServerProcess | undefined, seconds = 10): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), seconds * 1000);
  await proc.exited();
  clearTimeout(timer);
}

/** `npm run cli -- <args>` as its own process; resolves with its exit code and output. */
export async function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const { output, ended } = run([cli, ...args], { AUTH_SECRET: SHARED_SECRET, ...env });
  const code = await ended;
  return { code, output: output() };
}
