import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { describeSourceFailure } from '../../licensing/health/describe-source-failure.ts';
import { partitionBoardsByRoster } from '../../licensing/ingest/partition-boards-by-roster.ts';
import type { LicenseSources } from '../../licensing/registry/license-sources.ts';
import { recordRemovedLicenses } from '../../licensing/registry/record-removed-licenses.ts';
import { upsertLookedUpLicenses } from '../../licensing/registry/upsert-looked-up-licenses.ts';

export type RecheckCounts = { checked: number; changed: number; events: number; failures: string[] };

/**
 * Asks each look-up-only board again, by number, for the report's tracked licenses on it, and
 * stores the answers with the registry's merge — so a changed status or expiry becomes a
 * license_event (source 'refresh'); a number the board answers with no record becomes a 'removed'
 * event (once). Licenses of roster boards need no question: the nightly
 * roster ingest has already re-read them. Boards are asked side by side, one question at a time
 * each; a board that fails is reported and the rest carry on.
 */
export async function recheckTrackedLicenses(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'> & { licensing?: LicenseSources },
  reportId: string,
): Promise<RecheckCounts> {
  const licensing = ctx.licensing;
  if (!licensing) throw new Error('No license sources are configured');
  const lookupOnly = new Map(partitionBoardsByRoster(licensing).lookupOnly.map((b) => [b.id, b]));
  const { rows } = await ctx.db.execute<{ board_id: string; license_number: string }>(sql`
    SELECT l.board_id, l.license_number
    FROM report_license rl JOIN license l ON l.id = rl.license_id
    WHERE rl.report_id = ${reportId} AND rl.hidden_at IS NULL AND l.license_number IS NOT NULL`);
  const byBoard = new Map<string, string[]>();
  for (const row of rows) {
    if (!lookupOnly.has(row.board_id)) continue;
    byBoard.set(row.board_id, [...(byBoard.get(row.board_id) ?? []), row.license_number]);
  }
  const counts: RecheckCounts = { checked: 0, changed: 0, events: 0, failures: [] };
  await Promise.all(
    [...byBoard].map(async ([boardId, numbers]) => {
      const board = lookupOnly.get(boardId);
      if (!board) return;
      const source = licensing.sourceFor(boardId);
      for (const licenseNumber of numbers) {
        try {
          const found = await source.search({ licenseNumber });
          if (!found.ok) {
            counts.failures.push(`${boardId}: ${found.error.kind}: ${found.error.message}`);
            continue;
          }
          // A number search may also return other boards' or partial matches; keep this license.
          const records = found.value.filter((r) => r.boardId === boardId && r.licenseNumber === licenseNumber);
          counts.checked++;
          if (records.length === 0) {
            // The board answered and no longer knows the number: recorded once as 'removed'.
            const removed = await recordRemovedLicenses(ctx.db, { boardId, source: 'refresh', licenseNumber });
            counts.events += removed.recorded;
            continue;
          }
          const stored = await upsertLookedUpLicenses(ctx, {
            records,
            sourceKind: board.sourceKind,
            eventSource: 'refresh',
          });
          counts.changed += stored.upserted;
          counts.events += stored.events;
        } catch (err) {
          counts.failures.push(`${boardId}: ${describeSourceFailure(err)}`);
        }
      }
    }),
  );
  return counts;
}
