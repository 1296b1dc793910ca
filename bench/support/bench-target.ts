// The parent side of a bench whose servers run in a child process (bench/http.ts,
// bench/search-api.ts): the child's output goes to a file rather than a pipe — reading it here
// would take the load generator's time, and a full pipe would stall the server's synchronous log.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type SpawnedTarget = {
  child: ChildProcess;
  logFile: string;
  /** The exit code or signal once the child has exited, else undefined. */
  exited: () => number | string | null | undefined;
  /** SIGTERM, so that the child closes its servers and drops its database; SIGKILL after a minute. */
  stop: () => Promise<void>;
};

/** Starts `node --import tsx <script> ...args` in the repository with `env`, its output in a temp file. */
export function spawnTarget(script: string, args: string[], env: NodeJS.ProcessEnv, name: string): SpawnedTarget {
  const logFile = path.join(os.tmpdir(), `licensewatch-bench-${name}-${process.pid}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  let exited: number | string | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = code ?? signal;
      resolve();
    }),
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const patience = new AbortController();
    const stopped = await Promise.race([
      exit.then(() => true),
      sleep(60_000, false, { signal: patience.signal }).catch(() => true),
    ]);
    patience.abort();
    if (stopped) return;
    child.kill('SIGKILL');
    await exit;
    console.error(`The ${name} bench server did not stop in a minute and was killed; its database may be left over.`);
  };
  return { child, logFile, exited: () => exited, stop };
}

export function tail(file: string, lines: number): string {
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** Lines of the child's output that are neither its ready line (`readyPrefix`) nor a log line below warn. */
export function complaints(logFile: string, readyPrefix: string): string[] {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => {
      if (!line.trim() || line.startsWith(readyPrefix)) return false;
      try {
        const entry = JSON.parse(line) as { level?: unknown };
        return typeof entry.level !== 'number' || entry.level >= 40;
      } catch {
        return true;
      }
    });
}

/** `work(0..count-1)`, `width` at a time, results in order: the targets' account set-up. */
export async function inBatches<T>(count: number, width: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += width)
    out.push(...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, k) => work(start + k)))));
  return out;
}
