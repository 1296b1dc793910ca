import type { Logger } from 'pino';

/**
 * Runs `renew` every `seconds` until the returned function is called: how a job keeps the
 * rows it claimed (a refresh chunk, a batch of Monday emails) while its process lives, so that a
 * claim can lapse within seconds of the process dying instead of after the longest a run may take
 * (ADR 032). A failed renewal is logged and the next one tries again; should the claim lapse
 * meanwhile, what the claim guards is safe to do twice (each caller says why).
 */
export function renewWhileWorking(
  seconds: number,
  renew: () => Promise<unknown>,
  log: Pick<Logger, 'warn'>,
  what: Record<string, unknown>,
): () => void {
  const run = () => {
    renew().catch((err: unknown) => log.warn({ err, ...what }, 'could not renew a claim'));
  };
  const timer = setInterval(run, seconds * 1000);
  // A claim renewal alone keeps no process alive (a CLI run ends when its work does).
  timer.unref();
  return () => clearInterval(timer);
}
