import type { Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { type OutboundKind, outboundMessage } from '../outbox/tables.ts';
import type { SmsSender } from './sms-sender.ts';

// GSM 03.38's basic character set: text made only of these fits 160 characters in one segment;
// any other character makes the whole message UCS-2, 70 per segment.
const GSM_7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);

/** Whether every character is in GSM-7's basic set (the extension table's characters count double: not here). */
export function isGsm7(text: string): boolean {
  return [...text].every((c) => GSM_7.has(c));
}

/** Whether the text goes as one SMS segment (Twilio bills and may split per segment). */
export function fitsOneSegment(text: string): boolean {
  return [...text].length <= (isGsm7(text) ? 160 : 70);
}

export type SmsToSend = {
  /** E.164. */
  to: string;
  body: string;
  /** A short label for the outbox list, never texted. */
  subject: string;
  kind?: OutboundKind;
  userId?: string;
  dedupeKey?: string;
};

/**
 * Stores the SMS, then hands delivery to the `deliver-sms` job (retries while Twilio is down).
 * Without Twilio the stored row is the dev outbox entry. Answers the message id, or null when
 * the dedupe key was already used.
 */
export async function sendSms(
  { db, sms, jobs }: { db: Db; sms: SmsSender; jobs: JobQueue },
  { to, body, subject, kind = 'account', userId, dedupeKey }: SmsToSend,
): Promise<string | null> {
  if (!fitsOneSegment(body)) throw new Error(`SMS longer than one segment: ${JSON.stringify(body)}`);
  const [row] = await db
    .insert(outboundMessage)
    .values({
      channel: 'sms',
      kind,
      userId,
      to,
      subject,
      text: body,
      dedupeKey,
      transport: sms.transport,
      status: sms.transport === 'outbox' ? 'stored' : 'pending',
    })
    .onConflictDoNothing({ target: outboundMessage.dedupeKey })
    .returning({ id: outboundMessage.id });
  if (!row) return null;
  if (sms.transport === 'twilio') await jobs.send('deliverSms', { messageId: row.id });
  return row.id;
}
