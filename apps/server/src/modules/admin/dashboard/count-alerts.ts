import { type AdminDashboard, DASHBOARD_WINDOW_DAYS } from '@licensewatch/shared/admin-insights';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';

type Row = { channel: 'email' | 'sms'; sent: number; failed: number };

/**
 * Alert emails and texts created in the last 30 days (outbound_message_alert_idx): sent, and failed
 * — a delivery was attempted and is still failing (the row stays pending with its last error while
 * the job retries; docs/data-flows.md, Email delivery). Parked, cancelled and dev-outbox ones are neither.
 */
export async function countAlerts(db: Db): Promise<AdminDashboard['alerts']> {
  const { rows } = await db.execute<Row>(sql`
    select m.channel, (count(*) filter (where m.status = 'sent'))::int as sent,
      (count(*) filter (where m.status in ('pending', 'sending') and m.last_error is not null))::int as failed
    from outbound_message m
    where m.kind = 'alert' and m.created_at >= now() - make_interval(days => ${DASHBOARD_WINDOW_DAYS})
    group by m.channel
  `);
  const of = (channel: Row['channel']) => {
    const row = rows.find((r) => r.channel === channel);
    return { sent: row?.sent ?? 0, failed: row?.failed ?? 0 };
  };
  return { email: of('email'), sms: of('sms') };
}
