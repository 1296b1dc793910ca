import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { LicenseEventSource } from './tables.ts';

export type RemovedCounts = {
  /** Licenses the board no longer lists that had no 'removed' event yet. */
  missing: number;
  /** 'removed' events recorded: `missing`, or 0 when withheld. */
  recorded: number;
};

/**
 * Records a 'removed' license_event (before 'listed', after NULL) for licenses of a board that its
 * latest complete answer no longer lists (docs/license-engine.md, Removed licenses): after a bulk-file
 * run, those not seen since `notSeenSince` (the run's start); after a look-up by number that found
 * nothing, the license with that number. Once: a license counts as removed while its latest
 * 'removed' event is newer than its last sighting, so the next run records nothing more, and a
 * license that reappears (seen again) is recorded again if it later disappears again.
 * `licenseNumbers`: several numbers the board answered with nothing, in one statement (the daily
 * refresh asks a board for all its tracked licenses, then records the missing ones at once).
 *
 * `withholdAbove`: when more licenses than this would be removed at once, none are, because a
 * bulk file cut short (a truncated file that still parsed) looks exactly like mass removal.
 *
 * Licenses a workspace verified by hand (`workspace_id` set, ADR 027) are never the board's to remove.
 */
export async function recordRemovedLicenses(
  db: Db,
  {
    boardId,
    source,
    notSeenSince,
    licenseNumber,
    licenseNumbers,
    withholdAbove = Number.POSITIVE_INFINITY,
  }: {
    boardId: string;
    source: LicenseEventSource;
    notSeenSince?: Date;
    licenseNumber?: string;
    licenseNumbers?: readonly string[];
    withholdAbove?: number;
  },
): Promise<RemovedCounts> {
  if (!notSeenSince && licenseNumber === undefined && licenseNumbers === undefined)
    throw new Error('Name the run start or the license numbers');
  if (licenseNumbers?.length === 0) return { missing: 0, recorded: 0 };
  const which = notSeenSince
    ? sql`l.last_seen_at < ${notSeenSince.toISOString()}::timestamptz`
    : licenseNumbers
      ? sql`l.license_number = ANY(${sql.param(licenseNumbers)}::text[])`
      : sql`l.license_number = ${licenseNumber ?? ''}`;
  const limit = Number.isFinite(withholdAbove) ? withholdAbove : null;
  const { rows } = await db.execute<{ missing: number; recorded: number }>(sql`
    WITH gone AS MATERIALIZED (
      SELECT l.id FROM license l
      -- A workspace's own verification by hand is not the board's list: never removed by it.
      WHERE l.board_id = ${boardId} AND l.workspace_id IS NULL AND ${which}
        AND NOT EXISTS (
          SELECT 1 FROM license_event e
          WHERE e.license_id = l.id AND e.kind = 'removed' AND e.occurred_at >= l.last_seen_at)
    ),
    ev AS (
      INSERT INTO license_event (license_id, kind, before, after, source)
      SELECT id, 'removed', 'listed', NULL, ${source} FROM gone
      WHERE ${limit}::int IS NULL OR (SELECT count(*) FROM gone) <= ${limit}::int
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM gone)::int AS missing, (SELECT count(*) FROM ev)::int AS recorded`);
  return rows[0] ?? { missing: 0, recorded: 0 };
}
