import { parseArgs } from 'node:util';
import { describeSourceFailure } from '../modules/licensing/describe-source-failure.ts';
import { findBoardsToIngest } from '../modules/licensing/ingest/find-boards-to-ingest.ts';
import { ingestBoard } from '../modules/licensing/ingest/ingest-board.ts';
import { seedLookupBoard } from '../modules/licensing/ingest/seed-lookup-board.ts';
import { describeUnknownValues } from '../modules/licensing/ingest/tally-unknown-values.ts';
import type { CliCommand } from './cli-command.ts';

/** ingest <STATE|BOARD_ID|all> [--dry-run]: each board read into the registry now, one line per board. */
export const ingestCommand: CliCommand = async ({ ctx, args }) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'dry-run': { type: 'boolean', default: false } },
  });
  const target = positionals[0];
  const dryRun = values['dry-run'];
  if (!target) throw new Error('Name what to ingest: a state (WA), a board id (wa-md) or all.');
  const licensing = ctx.licensing;
  if (!licensing) throw new Error('No license sources are configured.');
  const boards = findBoardsToIngest(licensing, target);
  if (!boards) throw new Error(`"${target}" is not a configured state or board.`);
  for (const board of boards) {
    const started = performance.now();
    if (board.method === 'manual' || board.method === 'off') {
      console.log(
        `${board.id}: ${board.method === 'manual' ? 'verified by hand' : 'source off'}; nothing to read (${board.operatorNote ?? board.methodDetail})`,
      );
      continue;
    }
    try {
      const counts = await ingestBoard(ctx, licensing, board, { dryRun });
      if (!counts && dryRun) {
        console.log(`${board.id}: look-ups only; no bulk file to compare (dry run: no seed searches)`);
        continue;
      }
      if (!counts) {
        // No bulk file to read: the seed searches are what an ingest can do for this board.
        const seeded = await seedLookupBoard(ctx, licensing, board);
        console.log(
          `${board.id}: look-ups only; ${seeded?.searches ?? 0} seed searches (${seeded?.failedSearches ?? 0} failed), ` +
            `${seeded?.rowsRead ?? 0} read, ${seeded?.rowsUpserted ?? 0} new or changed, ${seeded?.eventsRecorded ?? 0} events`,
        );
        continue;
      }
      const seconds = (performance.now() - started) / 1000;
      const rate = `in ${seconds.toFixed(1)} s (${Math.round(counts.rowsRead / Math.max(seconds, 0.001))} rows/s)`;
      console.log(
        counts.dryRun
          ? `${board.id}: dry run, nothing written: ${counts.rowsRead} read, would insert ${counts.dryRun.wouldInsert}, ` +
              `would update ${counts.dryRun.wouldUpdate}, ${counts.dryRun.unchanged} unchanged, ${counts.rowsRejected} rejected ${rate}`
          : `${board.id}: ${counts.rowsRead} read, ${counts.rowsUpserted} new or changed, ${counts.rowsRejected} rejected, ` +
              `${counts.eventsRecorded} events, ${counts.licensesRemoved} no longer listed ${rate}`,
      );
      if (counts.removalsWithheld > 0) {
        console.warn(
          `${board.id}: warning: ${counts.removalsWithheld} licenses missing from the bulk file were not marked removed ` +
            '(rows were rejected, or too many are missing for a complete bulk file)',
        );
      }
      // Unknown wording is never silent: it names the words to add to the board's vocabulary.
      if (counts.unknownValues) {
        const line = `${board.id}: ${counts.status === 'failed' ? 'FAILED' : 'warning'}: ${counts.error ?? describeUnknownValues(counts.unknownValues)}`;
        if (counts.status === 'failed') console.error(line);
        else console.warn(line);
      }
      if (counts.status === 'failed') process.exitCode = 1;
    } catch (err) {
      console.error(`${board.id}: failed: ${describeSourceFailure(err)}`);
      process.exitCode = 1;
    }
  }
};
