// A child process of a bench (the board simulator, a `worker`), run with tsx from the repository
// root, resolved once its output matches `ready`. Output is kept to explain an early exit, and
// echoed with BENCH_VERBOSE.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function startProcess(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (d: Buffer) => {
      output += d;
      if (ready.test(output)) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => {
      output += d;
      if (process.env.BENCH_VERBOSE) process.stderr.write(d);
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}):\n${output}`)));
  });
}

/** The board simulator on a port of its own, as `npm start` would reach real boards. */
export async function startSimulatorProcess(options: {
  size: number;
  seed: number;
  today: string;
}): Promise<{ child: ChildProcess; url: string }> {
  const port = 3100 + Math.floor(Math.random() * 800);
  const child = await startProcess(
    [
      'apps/board-sim/src/main.ts',
      '--port',
      String(port),
      '--size',
      String(options.size),
      '--seed',
      String(options.seed),
      '--today',
      options.today,
    ],
    {},
    /listening on/,
  );
  return { child, url: `http://127.0.0.1:${port}` };
}

/**
 * `n` more `npm start -- worker` processes on `databaseUrl`, boards at `simUrl`, pushed onto
 * `into` as each is running (so that a failed start still leaves the others to stop).
 */
export async function startWorkerProcesses(
  into: ChildProcess[],
  n: number,
  { databaseUrl, simUrl, appUrl }: { databaseUrl: string; simUrl: string; appUrl: string },
): Promise<void> {
  for (let i = 0; i < n; i++) {
    into.push(
      await startProcess(
        ['apps/server/src/main.ts', 'worker'],
        {
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATABASE_URL: databaseUrl,
          SIM_URL: simUrl,
          AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
          APP_URL: appUrl,
          DATA_DIR: '/nonexistent',
        },
        /is running/,
      ),
    );
  }
}

/** Kills every process of `from` (SIGKILL: a bench's workers hold nothing worth a clean stop). */
export function stopProcesses(from: ChildProcess[]): void {
  for (const child of from.splice(0)) {
    child.removeAllListeners('exit');
    child.kill('SIGKILL');
  }
}
