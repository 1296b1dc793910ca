import { sql } from 'drizzle-orm';
import type { Platform } from '../deps.ts';
import { readSetting } from '../settings/read-setting.ts';

/**
 * Queues delivery again for what no job is carrying: alert emails parked while
 * email_notifications_enabled was off (once it is on), and messages whose delivery job gave up
 * (its retries spent over about a day) or was lost, still 'pending' six hours after their last
 * attempt — so a provider that stays down is tried at least that often until it returns. Runs every five minutes and at worker start; a message is claimed before it is sent,
 * so a second job for it sends nothing.
 */
export async function resumeOutboundMessages({ db, jobs }: Pick<Platform, 'db' | 'jobs'>): Promise<number> {
  const alertsOn = await readSetting(db, 'email_notifications_enabled');
  const { rows } = await db.execute<{ id: string; channel: 'email' | 'sms' }>(sql`
    UPDATE outbound_message SET status = 'pending'
    WHERE (${alertsOn} AND status = 'paused')
       OR (status = 'pending' AND transport <> 'outbox'
           AND coalesce(last_attempt_at, created_at) < now() - interval '6 hours')
    RETURNING id, channel`);
  for (const row of rows) {
    await jobs.send(row.channel === 'sms' ? 'deliverSms' : 'deliverEmail', { messageId: row.id });
  }
  return rows.length;
}
