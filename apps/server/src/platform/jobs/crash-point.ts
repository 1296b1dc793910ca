/**
 * A named moment in a job where the crash tests (test/crash-recovery.test.ts, ADR 032) kill the
 * worker. A process started with `CRASH_AT=<step>` outside production kills itself with SIGKILL
 * the first time it reaches that step (`<step>@<n>`: the n-th time): no `finally` runs, no
 * transaction is ended, no job is marked — as an out-of-memory kill or a lost machine leaves it.
 * Steps sit between the writes that must not happen twice; elsewhere, and always in production,
 * a crash point does nothing.
 */
const wanted = process.env.NODE_ENV === 'production' ? undefined : process.env.CRASH_AT?.trim() || undefined;
const [wantedStep, wantedTime] = wanted?.split('@') ?? [];
let reached = 0;

export function crashPoint(step: string): void {
  if (step !== wantedStep) return;
  reached += 1;
  if (reached !== Number(wantedTime ?? 1)) return;
  // Said first, so a test whose worker died elsewhere can tell.
  process.stderr.write(`crash point ${wanted} reached: killing the process\n`);
  process.kill(process.pid, 'SIGKILL');
}
