import { and, asc, eq, lt } from 'drizzle-orm';
import { outboundMessage } from '../db/schema.ts';
import { attemptDelivery } from './send-email.ts';

const MAX_ATTEMPTS = 20;

/** Retries emails whose first delivery failed (SMTP down). Runs in the worker role, on an interval. */
export async function deliverPendingEmails(deps: Parameters<typeof attemptDelivery>[0]): Promise<number> {
  const pending = await deps.db
    .select()
    .from(outboundMessage)
    .where(
      and(
        eq(outboundMessage.status, 'pending'),
        eq(outboundMessage.transport, 'smtp'),
        lt(outboundMessage.attempts, MAX_ATTEMPTS),
      ),
    )
    .orderBy(asc(outboundMessage.createdAt))
    .limit(50);
  let delivered = 0;
  for (const m of pending) {
    if (await attemptDelivery(deps, m.id, { to: m.to, subject: m.subject, text: m.text, html: m.html ?? '' })) {
      delivered++;
    }
  }
  return delivered;
}
