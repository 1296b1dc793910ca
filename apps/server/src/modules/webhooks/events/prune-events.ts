import { EVENT_FEED_RETENTION_DAYS } from '@licensewatch/shared/webhooks';
import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';

/** Drops the events older than the feed keeps (its deliveries keep their own copy); answers how many. */
export async function pruneEvents({ db }: Pick<Platform, 'db'>): Promise<number> {
  const { rows } = await db.execute(sql`
    DELETE FROM webhook_event WHERE created_at < now() - make_interval(days => ${EVENT_FEED_RETENTION_DAYS})
    RETURNING 1`);
  return rows.length;
}
