import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/**
 * Marks told, without a message, the matches that are no news (docs/exclusions.md, Alerts): one a
 * person decided before any alert (they know), or one found on an exclusion that had already ended.
 */
export async function markSilentMatchesTold(db: Db): Promise<void> {
  await db.execute(sql`
    UPDATE exclusion_match m SET alerted_at = now(),
      -- Found after it ended: its end is no news either.
      reinstatement_alerted_at = CASE WHEN NOT e.listed OR e.rein_date IS NOT NULL THEN now() ELSE m.reinstatement_alerted_at END
    FROM exclusion e
    WHERE e.id = m.exclusion_id AND m.alerted_at IS NULL
      AND (m.decided_at IS NOT NULL OR m.status = 'dismissed' OR NOT e.listed OR e.rein_date IS NOT NULL)`);
}
