import type { AppContext } from './context.ts';
import { deliverPendingEmails } from './notifications/deliver-pending-emails.ts';

const RETRY_INTERVAL_MS = 30_000;

/** Background work of the `worker` role. Returns a stop function. */
export function startWorker(ctx: AppContext): () => void {
  if (ctx.mailer.transport === 'outbox') return () => {};
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await deliverPendingEmails(ctx);
    } catch (err) {
      ctx.log.error({ err }, 'retrying pending emails failed');
    } finally {
      running = false;
    }
  }, RETRY_INTERVAL_MS);
  return () => clearInterval(timer);
}
