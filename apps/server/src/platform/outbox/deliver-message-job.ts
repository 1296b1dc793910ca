import { and, eq, sql } from 'drizzle-orm';
import type { Platform } from '../deps.ts';
import type { Payload } from '../jobs/queues.ts';
import { readSetting } from '../settings/read-setting.ts';
import { outboundMessage } from './tables.ts';

/** How long a delivery may run before another worker may take the message over. */
const CLAIM_SECONDS = 120;

/**
 * Sends one stored email or SMS (queues deliver-email and deliver-sms). The message is claimed
 * first with a guarded UPDATE, so two jobs for one message (a pg-boss retry after a crash, a
 * resumed pause) never send it twice from our side; a message already sent is skipped. While an
 * operator has turned alert emails off (email_notifications_enabled), alert emails are parked as
 * 'paused' — kept, not sent — and resumeOutboundMessages sends them when it is turned back on.
 * An alert SMS whose user has since texted STOP is 'cancelled' instead of sent.
 */
export async function deliverMessageJob(
  { db, mailer, sms }: Pick<Platform, 'db' | 'mailer' | 'sms'>,
  { messageId }: Payload<'deliverEmail'>,
) {
  const [m] = await db
    .update(outboundMessage)
    .set({ status: 'sending', claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
    .where(
      and(
        eq(outboundMessage.id, messageId),
        sql`(${outboundMessage.status} = 'pending' OR (${outboundMessage.status} = 'sending' AND ${outboundMessage.claimedUntil} < now()))`,
      ),
    )
    .returning();
  if (!m) return;
  // STOP is honoured before any other send (docs/product-rules.md, Alerts): an alert SMS goes only
  // while its user still wants SMS on this verified number — read now, not when it was queued.
  if (m.channel === 'sms' && m.kind === 'alert' && m.userId) {
    const { rows } = await db.execute(sql`
      SELECT 1 FROM "user"
      WHERE id = ${m.userId} AND is_active AND sms_renewal_notice
        AND phone_verified_at IS NOT NULL AND phone_number = ${m.to}`);
    if (rows.length === 0) {
      await db
        .update(outboundMessage)
        .set({ status: 'cancelled', claimedUntil: null, lastError: 'Not sent: SMS turned off (STOP) or phone changed' })
        .where(eq(outboundMessage.id, messageId));
      return;
    }
  }
  if (m.channel === 'email' && m.kind === 'alert' && !(await readSetting(db, 'email_notifications_enabled'))) {
    await db
      .update(outboundMessage)
      .set({ status: 'paused', claimedUntil: null })
      .where(eq(outboundMessage.id, messageId));
    return;
  }
  try {
    if (m.channel === 'sms') await sms.deliver({ to: m.to, body: m.text });
    else
      await mailer.deliver({
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? '',
        headers: m.headers ?? undefined,
        id: m.id,
      });
  } catch (err) {
    await db
      .update(outboundMessage)
      .set({
        status: 'pending',
        claimedUntil: null,
        lastAttemptAt: new Date(),
        attempts: m.attempts + 1,
        lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
      })
      .where(eq(outboundMessage.id, messageId));
    throw err;
  }
  await db
    .update(outboundMessage)
    .set({
      status: 'sent',
      sentAt: new Date(),
      lastAttemptAt: new Date(),
      attempts: m.attempts + 1,
      claimedUntil: null,
      lastError: null,
    })
    .where(eq(outboundMessage.id, messageId));
}
