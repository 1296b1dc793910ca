import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { partitionBoardsByBulkFile } from '../../licensing/partition-boards-by-bulk-file.ts';
import { type RecheckCounts, recheckBoardLicenses } from './recheck-board-licenses.ts';
import { refreshReports } from './refresh-reports.ts';

export type RefreshResult = RecheckCounts & { attached: number; stillUnavailable: number };

/**
 * The refresh of one report on its own (docs/product-rules.md, Daily refresh), as the daily refresh
 * does it for all of them (run-daily-refresh.ts): its tracked licenses are checked again at their
 * look-up boards (changes recorded as license events), states whose board was unavailable are
 * searched live again, and the physician is re-matched in the registry — always, here — so that
 * licenses which became confident since join the report. Hidden licenses stay hidden. Sets
 * update_excuted_date and queues the report's Google Sheet and Airtable syncs. Null when the report
 * is gone.
 */
export async function refreshReport(
  ctx: Pick<Platform, 'db' | 'pool' | 'log' | 'env' | 'jobs'> & { licensing?: LicenseSources },
  reportId: string,
): Promise<RefreshResult | null> {
  const licensing = ctx.licensing;
  if (!licensing) throw new Error('No license sources are configured');
  const lookupOnly = new Set(partitionBoardsByBulkFile(licensing).lookupOnly.map((b) => b.id));
  const { rows } = await ctx.db.execute<{ board_id: string }>(sql`
    SELECT DISTINCT l.board_id FROM report_license rl JOIN license l ON l.id = rl.license_id
    WHERE rl.report_id = ${reportId} AND rl.hidden_at IS NULL AND l.license_number IS NOT NULL`);
  const recheck: RecheckCounts = { checked: 0, changed: 0, events: 0, failures: [] };
  await Promise.all(
    rows
      .filter((r) => lookupOnly.has(r.board_id))
      .map(async ({ board_id }) => {
        const counts = await recheckBoardLicenses(ctx, { boardId: board_id, reportIds: [reportId] });
        recheck.checked += counts.checked;
        recheck.changed += counts.changed;
        recheck.events += counts.events;
        recheck.failures.push(...counts.failures);
      }),
  );
  const result = await refreshReports(ctx, { reportIds: [reportId] }, { rematchAll: true });
  if (result.refreshed.length === 0) return null;
  return { ...recheck, attached: result.attached, stillUnavailable: result.stillUnavailable };
}
