import type { Platform } from '../../../platform/deps.ts';
import { listBoardLicenseTypes } from '../config/list-board-license-types.ts';
import { describeSourceFailure } from '../describe-source-failure.ts';
import type { LicenseBoard, LicenseSources } from '../license-sources.ts';
import type { SourceRecord, SourceResult } from '../types.ts';
import { upsertLookedUpLicenses } from '../upsert-looked-up-licenses.ts';
import { finishIngestRun } from './finish-ingest-run.ts';
import { startIngestRun } from './start-ingest-run.ts';

/**
 * The 20 most common US surnames (Census 2010). Searched once on every look-up-only board of a
 * fresh registry, they put a few percent of each board's physicians in the registry, so a new
 * installation shows every jurisdiction before anyone searches.
 */
export const SEED_SURNAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
] as const;

// A board failing this many searches in a row is down; asking it the rest would only add load.
// The job is retried later instead.
const FAILURES_IN_A_ROW_TO_STOP = 3;

// search() promises never to throw; a connector bug must still cost one search, not the seed.
const searchThrew = (err: unknown): SourceResult<SourceRecord[]> => ({
  ok: false,
  error: { kind: 'unavailable', message: describeSourceFailure(err) },
});

export type SeedCounts = {
  /** Searches made (surname × license type) and how many of them failed. */
  searches: number;
  failedSearches: number;
  rowsRead: number;
  rowsUpserted: number;
  rowsRejected: number;
  eventsRecorded: number;
};

/**
 * Searches one look-up-only board for each seed surname (MD and DO where it issues both), one
 * search at a time, and stores what it returns like any live look-up. A failed search is logged
 * and counted; the run fails only when the board answered none. Recorded as an ingest_run.
 * Null for a board that is not a look-up: the ingest of a board with a bulk file reads everyone, and
 * no machine searches a board verified by hand or one whose source is off.
 */
export async function seedLookupBoard(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'>,
  sources: LicenseSources,
  board: LicenseBoard,
  { surnames = SEED_SURNAMES }: { surnames?: readonly string[] } = {},
): Promise<SeedCounts | null> {
  if (board.method !== 'lookup') return null;
  const source = sources.sourceFor(board.id);
  const run = await startIngestRun(ctx, board.id);
  const runLog = ctx.log.child({ boardId: board.id, ingestRunId: run.id });
  const counts: SeedCounts = {
    searches: 0,
    failedSearches: 0,
    rowsRead: 0,
    rowsUpserted: 0,
    rowsRejected: 0,
    eventsRecorded: 0,
  };
  const planned = surnames.flatMap((lastName) =>
    listBoardLicenseTypes(board.id).map((licenseType) => ({ lastName, licenseType })),
  );
  let firstFailure: string | null = null;
  let lastFailure: string | null = null;
  let failuresInARow = 0;

  try {
    for (const query of planned) {
      if (failuresInARow >= FAILURES_IN_A_ROW_TO_STOP) break;
      counts.searches++;
      const found = await source.search({ firstName: '', ...query }).catch(searchThrew);
      if (!found.ok) {
        counts.failedSearches++;
        failuresInARow++;
        lastFailure = describeSourceFailure(found.error);
        firstFailure ??= lastFailure;
        runLog.warn({ ...query, error: lastFailure }, 'seed search failed');
        continue;
      }
      failuresInARow = 0;
      counts.rowsRead += found.value.length;
      if (found.value.length === 0) continue;
      const stored = await upsertLookedUpLicenses(ctx, { records: found.value, sourceKind: board.sourceKind });
      counts.rowsUpserted += stored.upserted;
      counts.rowsRejected += stored.rejected;
      counts.eventsRecorded += stored.events;
    }
  } catch (err) {
    // Storing failed (our side): the board is not to blame.
    runLog.error({ err, ...counts }, 'look-up board seed failed');
    await finishIngestRun(ctx.db, {
      runId: run.id,
      boardId: board.id,
      jurisdiction: board.jurisdiction,
      status: 'failed',
      ...counts,
      error: describeSourceFailure(err),
      board: null,
    }).catch((recordErr: unknown) => runLog.error({ err: recordErr }, 'could not record the failed seed'));
    throw err;
  }

  const answered = counts.searches > counts.failedSearches;
  const stopped = counts.searches < planned.length;
  const error =
    firstFailure === null
      ? null
      : `${counts.failedSearches} of ${planned.length} seed searches failed` +
        (stopped ? ` (stopped after ${FAILURES_IN_A_ROW_TO_STOP} in a row)` : '') +
        `; first: ${firstFailure}`;
  await finishIngestRun(ctx.db, {
    runId: run.id,
    boardId: board.id,
    jurisdiction: board.jurisdiction,
    status: answered ? 'succeeded' : 'failed',
    ...counts,
    error,
    // A board that stopped answering mid-seed is down now, whatever it answered before.
    board: answered && !stopped ? { available: true } : { available: false, error: lastFailure ?? 'no answer' },
  });
  if (answered) runLog.info(counts, 'look-up board seeded');
  else runLog.warn({ ...counts, error }, 'look-up board seed failed: the board answered no search');
  return counts;
}
