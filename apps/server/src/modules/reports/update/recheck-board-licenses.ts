import { type SQL, sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { describeSourceFailure } from '../../licensing/describe-source-failure.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { recordRemovedLicenses } from '../../licensing/record-removed-licenses.ts';
import type { SourceRecord } from '../../licensing/types.ts';
import { upsertLookedUpLicenses } from '../../licensing/upsert-looked-up-licenses.ts';
import { coveredByRefresh } from './list-reports-to-refresh.ts';

export type RecheckCounts = { checked: number; changed: number; events: number; failures: string[] };

/**
 * Questions in flight per board: the design's politeness limit for a board's search form is one
 * or two at a time; two halve the longest board's share of the refresh.
 */
const PER_BOARD_CONCURRENCY = 2;
/** Answers merged into the registry per statement (one board-locked merge, as a bulk-file batch). */
const MERGE_BATCH = 250;

/**
 * Asks one look-up-only board again, by number, for the licenses tracked (not hidden) on it — by
 * the reports a daily refresh run covers (`runStartedAt`: refreshable and due, as the run's plan
 * chose them), or by `reportIds` — each number once however many reports track it. The answers go
 * through the registry's merge in batches, so a changed status or expiry becomes exactly one
 * license_event (source 'refresh'); a number the board answers with no record becomes a 'removed'
 * event (once). In a run, numbers already seen at the board since it started (a retried chunk, or
 * a look-up meanwhile) are not asked again; for `reportIds`, all are. A failed question is
 * counted and the rest carry on. Licenses of boards with a bulk file need no question: the
 * nightly bulk-file ingest has re-read them.
 */
export async function recheckBoardLicenses(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'> & { licensing?: LicenseSources },
  target: { boardId: string } & ({ runStartedAt: Date } | { reportIds: readonly string[] }),
): Promise<RecheckCounts> {
  const licensing = ctx.licensing;
  if (!licensing) throw new Error('No license sources are configured');
  const { boardId } = target;
  const board = licensing.boards.find((b) => b.id === boardId);
  const counts: RecheckCounts = { checked: 0, changed: 0, events: 0, failures: [] };
  if (!board) return counts;
  let scope: SQL;
  let fresh = sql``;
  if ('reportIds' in target) {
    scope = sql`r.id = ANY(${sql.param([...target.reportIds])}::text[])`;
  } else {
    const since = target.runStartedAt.toISOString();
    scope = coveredByRefresh(target.runStartedAt);
    fresh = sql`AND l.last_seen_at < ${since}::timestamptz
      AND NOT EXISTS (
        SELECT 1 FROM license_event e
        WHERE e.license_id = l.id AND e.kind = 'removed' AND e.occurred_at >= ${since}::timestamptz)`;
  }
  const { rows } = await ctx.db.execute<{ license_number: string }>(sql`
    SELECT DISTINCT l.license_number
    FROM license l
    JOIN report_license rl ON rl.license_id = l.id AND rl.hidden_at IS NULL
    JOIN report r ON r.id = rl.report_id
    WHERE l.board_id = ${boardId} AND l.license_number IS NOT NULL AND ${scope} ${fresh}
    ORDER BY l.license_number`);
  if (rows.length === 0) return counts;

  const source = licensing.sourceFor(boardId);
  let found: SourceRecord[] = [];
  const missing: string[] = [];
  const merge = async () => {
    const records = found;
    found = [];
    if (records.length === 0) return;
    try {
      const stored = await upsertLookedUpLicenses(ctx, {
        records,
        sourceKind: board.sourceKind,
        eventSource: 'refresh',
      });
      counts.changed += stored.upserted;
      counts.events += stored.events;
    } catch (err) {
      counts.failures.push(`${boardId}: storing ${records.length} answers: ${describeSourceFailure(err)}`);
    }
  };
  const queue = rows.map((r) => r.license_number);
  await Promise.all(
    Array.from({ length: Math.min(PER_BOARD_CONCURRENCY, queue.length) }, async () => {
      for (let licenseNumber = queue.shift(); licenseNumber !== undefined; licenseNumber = queue.shift()) {
        try {
          const answer = await source.search({ licenseNumber });
          if (!answer.ok) {
            counts.failures.push(`${boardId}: ${answer.error.kind}: ${answer.error.message}`);
            continue;
          }
          counts.checked++;
          // A number search may also return other boards' or partial matches; keep this license.
          const records = answer.value.filter((r) => r.boardId === boardId && r.licenseNumber === licenseNumber);
          if (records.length === 0) missing.push(licenseNumber);
          else found.push(...records);
          if (found.length >= MERGE_BATCH) await merge();
        } catch (err) {
          counts.failures.push(`${boardId}: ${describeSourceFailure(err)}`);
        }
      }
    }),
  );
  await merge();
  // The board answered and no longer knows these numbers: recorded once as 'removed'.
  const removed = await recordRemovedLicenses(ctx.db, { boardId, source: 'refresh', licenseNumbers: missing });
  counts.events += removed.recorded;
  return counts;
}
