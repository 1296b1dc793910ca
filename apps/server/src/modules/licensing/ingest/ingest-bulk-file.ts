import { randomUUID } from 'node:crypto';
import type { StateCode } from '@licensewatch/shared/states';
import { eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { describeSourceFailure } from '../describe-source-failure.ts';
import { recordRemovedLicenses } from '../record-removed-licenses.ts';
import { type CompareCounts, compareLicenseRows } from '../registry/compare-license-rows.ts';
import { mapSourceRecord, type StageRow } from '../registry/map-source-record.ts';
import { markUnlistedLicenses } from '../registry/mark-unlisted-licenses.ts';
import { mergeLicenseRows } from '../registry/merge-license-rows.ts';
import { copyRowsIntoStage, createStageTable, insertRowsIntoStage, supportsCopyFromStdin } from '../stage-rows.ts';
import { ingestRun, type UnknownValueSummary } from '../tables.ts';
import { type BulkFileItem, SourceError } from '../types.ts';
import { finishIngestRun } from './finish-ingest-run.ts';
import { type IngestRunHandle, startIngestRun } from './start-ingest-run.ts';
import { judgeUnknownValues, tallyUnknownValues } from './tally-unknown-values.ts';

export type IngestCounts = {
  rowsRead: number;
  rowsUpserted: number;
  rowsRejected: number;
  eventsRecorded: number;
  /** Licenses of the board this complete bulk file no longer lists, recorded as 'removed' events. */
  licensesRemoved: number;
  /** Licenses missing from the bulk file but not recorded as removed: too many at once, or rows were rejected. */
  removalsWithheld: number;
  /** `warned`/`failed` when board wording was unknown (tally-unknown-values.ts); a failed read throws instead. */
  status: 'succeeded' | 'warned' | 'failed';
  /** Null when every value was known. */
  unknownValues: UnknownValueSummary[] | null;
  /** Set when the run failed on unknown wording. */
  error: string | null;
  /** Only on a dry run: what the merge would have done. */
  dryRun?: CompareCounts;
};

export type IngestBulkFileInput = {
  boardId: string;
  jurisdiction: StateCode;
  sourceKind: string;
  items: AsyncIterable<BulkFileItem>;
  /** Read and compare only: no ingest_run, no license change, no source_health (`ingest --dry-run`). */
  dryRun?: boolean;
  /**
   * The bulk file is the board's whole list (the default): licenses it no longer holds are recorded as
   * removed. False for a partial list (an operator's purchased extract): nothing is removed.
   */
  complete?: boolean;
  /**
   * The list holds the board's active licensees only: licenses a complete read no longer finds are not
   * active any more (registry/mark-unlisted-licenses.ts), not merely removed.
   */
  activeOnly?: boolean;
  /**
   * Rows per COPY + merge. Bounds what a crash loses and how long the board lock is held;
   * memory does not grow with it (rows stream into the stage table).
   */
  batchSize?: number;
};

// Enough to diagnose a bad bulk file without flooding the log when a whole file is malformed.
const REJECTIONS_LOGGED = 100;

/**
 * A bulk file that parses to the end yet lacks more than this share of what it read (at least
 * REMOVALS_ALWAYS_ALLOWED) is taken for a truncated file, not for mass removal: nothing is marked
 * removed and the run says so in the log.
 */
const REMOVAL_SHARE_LIMIT = 0.1;
const REMOVALS_ALWAYS_ALLOWED = 10;

/**
 * Streams one board's bulk file into the registry: batches are staged (COPY, or INSERTs on
 * PGlite) and merged set-based, recording license_event rows for changes. Rows are never
 * deleted: a bulk file that stops early leaves earlier batches merged and older rows untouched.
 * Throws after recording the failure on the ingest_run (and, for a SourceError, marking the
 * board unavailable).
 */
export async function ingestBulkFile(
  { db, pool, log }: Pick<Platform, 'db' | 'pool' | 'log'>,
  {
    boardId,
    jurisdiction,
    sourceKind,
    items,
    dryRun = false,
    complete = true,
    activeOnly = false,
    batchSize = 50_000,
  }: IngestBulkFileInput,
): Promise<IngestCounts> {
  const run: IngestRunHandle | null = dryRun ? null : await startIngestRun({ db, log }, boardId);
  const counts = { rowsRead: 0, rowsUpserted: 0, rowsRejected: 0, eventsRecorded: 0 };
  const unknown = tallyUnknownValues();
  let compared: CompareCounts | undefined;
  const runLog = log.child({ boardId, ingestRunId: run?.id ?? 'dry-run' });

  const reject = (row: number, reason: string) => {
    counts.rowsRejected++;
    if (counts.rowsRejected <= REJECTIONS_LOGGED) runLog.warn({ row, reason }, 'bulk-file row rejected');
    else if (counts.rowsRejected === REJECTIONS_LOGGED + 1) runLog.warn('further rejected rows are only counted');
  };

  const iterator = items[Symbol.asyncIterator]();
  let exhausted = false;
  let staged = 0;
  // Pulls up to batchSize storable rows; the shared iterator carries on into the next batch.
  async function* nextBatch(): AsyncGenerator<StageRow> {
    staged = 0;
    while (staged < batchSize) {
      const next = await iterator.next();
      if (next.done) {
        exhausted = true;
        return;
      }
      counts.rowsRead++;
      const item = next.value;
      const unknownValue = 'error' in item ? item.error.unknown : item.unknown;
      if (unknownValue) unknown.add(unknownValue);
      if ('error' in item) {
        reject(item.error.row, item.error.reason);
        continue;
      }
      const mapped = mapSourceRecord(item.record, boardId, item.row);
      if ('reason' in mapped) {
        reject(item.row, mapped.reason);
        continue;
      }
      staged++;
      yield mapped.row;
    }
  }

  const useCopy = await supportsCopyFromStdin(pool, log);
  const stage = `ingest_stage_${randomUUID().replaceAll('-', '')}`;
  const client = await pool.connect();
  // A connection lost mid-run must fail this run, not crash the process through an unhandled 'error'.
  const onClientError = (err: Error) => runLog.error({ err }, 'ingest connection error');
  client.on('error', onClientError);
  let failure: unknown = null;
  try {
    await createStageTable(client, stage);
    while (!exhausted) {
      if (useCopy) await copyRowsIntoStage(client, stage, nextBatch());
      else await insertRowsIntoStage(client, stage, nextBatch());
      // A dry run keeps every batch staged and compares once, so duplicates across batches count once.
      if (!run) continue;
      if (staged > 0) {
        const merged = await mergeLicenseRows(client, {
          boardIds: [boardId],
          eventSource: 'ingest',
          runStartedAt: run.startedAt,
          sourceRelation: (first) =>
            `(SELECT $${first}::text AS board_id, $${first + 1}::text AS source_kind, t.* FROM ${stage} t) s`,
          params: [boardId, sourceKind],
        });
        counts.rowsUpserted += merged.upserted;
        counts.eventsRecorded += merged.events;
        await client.query(`TRUNCATE ${stage}`);
      }
      await db
        .update(ingestRun)
        .set({ rowsRead: counts.rowsRead, rowsUpserted: counts.rowsUpserted, rowsRejected: counts.rowsRejected })
        .where(eq(ingestRun.id, run.id));
    }
    if (!run) compared = await compareLicenseRows(client, { boardId, sourceKind, stage });
  } catch (err) {
    failure = err;
  } finally {
    // On PGlite every connection shares one session, so the temp table would outlive this client.
    await client.query(`DROP TABLE IF EXISTS ${stage}`).catch(() => {});
    client.off('error', onClientError);
    // After a failure the connection may sit in an aborted COPY: close it rather than reuse it.
    client.release(failure ? (failure as Error) : undefined);
    if (!exhausted) await Promise.resolve(iterator.return?.()).catch(() => {});
  }

  if (failure) {
    const error = describeSourceFailure(failure);
    runLog.error({ err: failure, ...counts }, 'bulk-file ingest failed');
    if (!run) throw failure;
    try {
      await finishIngestRun(db, {
        runId: run.id,
        boardId,
        jurisdiction,
        status: 'failed',
        ...counts,
        error,
        unknownValues: unknown.summary(),
        board: failure instanceof SourceError ? { available: false, error } : null,
      });
    } catch (err) {
      // The database itself may be what failed; the caller needs the original error.
      runLog.error({ err }, 'could not record the failed ingest');
    }
    throw failure;
  }

  // Never silently: unknown wording warns the run, and past a share of the rows fails it. The rows are
  // merged either way (status 'unknown', the board's words in raw_status); retrying would not help.
  const unknownValues = unknown.summary();
  const outcome = judgeUnknownValues(counts.rowsRead, unknown);
  const result: IngestCounts = { ...counts, licensesRemoved: 0, removalsWithheld: 0, ...outcome, unknownValues };
  if (!run) return { ...result, dryRun: compared ?? { wouldInsert: 0, wouldUpdate: 0, unchanged: 0 } };

  // Only a bulk file read to the end and accepted says what the board no longer lists. A rejected row
  // may be a license still listed that we could not read: then nothing is marked removed.
  if (outcome.status !== 'failed' && complete) {
    const removed = await recordRemovedLicenses(db, {
      boardId,
      source: 'ingest',
      notSeenSince: run.startedAt,
      withholdAbove:
        counts.rowsRejected > 0
          ? 0
          : Math.max(REMOVALS_ALWAYS_ALLOWED, Math.floor(counts.rowsRead * REMOVAL_SHARE_LIMIT)),
    });
    result.licensesRemoved = removed.recorded;
    result.removalsWithheld = removed.missing - removed.recorded;
    // Withheld removals are withheld here too: a list cut short must not turn its licenses inactive.
    if (activeOnly && result.removalsWithheld === 0)
      await markUnlistedLicenses(db, { boardId, notSeenSince: run.startedAt });
    if (result.removalsWithheld > 0) {
      runLog.warn(
        { missing: removed.missing, rowsRead: counts.rowsRead, rowsRejected: counts.rowsRejected },
        'licenses missing from the bulk file were not marked removed: rows were rejected, or too many are missing for a complete bulk file',
      );
    }
  }

  // A bulk file read to the end proves the board answers.
  await finishIngestRun(db, {
    runId: run.id,
    boardId,
    jurisdiction,
    ...result,
    board: { available: true, error: outcome.error },
  });
  if (outcome.status === 'succeeded') runLog.info(counts, 'bulk-file ingest finished');
  else
    runLog.warn(
      { ...counts, unknownValues, error: outcome.error },
      `bulk-file ingest ${outcome.status}: unknown wording`,
    );
  return result;
}
