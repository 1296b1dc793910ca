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
