import { randomUUID } from 'node:crypto';
import type { StateCode } from '@licensewatch/shared/states';
import { eq } from 'drizzle-orm';
import { ingestRun } from '../../../platform/db/schema.ts';
import type { Platform } from '../../../platform/deps.ts';
import { describeSourceFailure } from '../health/describe-source-failure.ts';
import { mapSourceRecord, type StageRow } from '../registry/map-source-record.ts';
import { mergeLicenseRows } from '../registry/merge-license-rows.ts';
import { type RosterItem, SourceError } from '../types.ts';
import { finishIngestRun } from './finish-ingest-run.ts';
import { copyRowsIntoStage, createStageTable, insertRowsIntoStage, supportsCopyFromStdin } from './stage-rows.ts';
import { startIngestRun } from './start-ingest-run.ts';

export type IngestCounts = { rowsRead: number; rowsUpserted: number; rowsRejected: number; eventsRecorded: number };

export type IngestRosterInput = {
  boardId: string;
  jurisdiction: StateCode;
  sourceKind: string;
  items: AsyncIterable<RosterItem>;
  /**
   * Rows per COPY + merge. Bounds what a crash loses and how long the board lock is held;
   * memory does not grow with it (rows stream into the stage table).
   */
  batchSize?: number;
};

// Enough to diagnose a bad roster without flooding the log when a whole file is malformed.
const REJECTIONS_LOGGED = 100;

/**
 * Streams one board's roster into the registry: batches are staged (COPY, or INSERTs on
 * PGlite) and merged set-based, recording license_event rows for changes. Rows are never
 * deleted: a roster that stops early leaves earlier batches merged and older rows untouched.
 * Throws after recording the failure on the ingest_run (and, for a SourceError, marking the
 * board unavailable).
 */
export async function ingestRoster(
  { db, pool, log }: Pick<Platform, 'db' | 'pool' | 'log'>,
  { boardId, jurisdiction, sourceKind, items, batchSize = 50_000 }: IngestRosterInput,
): Promise<IngestCounts> {
  const run = await startIngestRun({ db, log }, boardId);
  const counts: IngestCounts = { rowsRead: 0, rowsUpserted: 0, rowsRejected: 0, eventsRecorded: 0 };
  const runLog = log.child({ boardId, ingestRunId: run.id });

  const reject = (row: number, reason: string) => {
    counts.rowsRejected++;
    if (counts.rowsRejected <= REJECTIONS_LOGGED) runLog.warn({ row, reason }, 'roster row rejected');
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
      if (staged > 0) {
        const merged = await mergeLicenseRows(client, {
          boardId,
          sourceKind,
          eventSource: 'ingest',
          runStartedAt: run.startedAt,
          sourceRelation: () => `${stage} s`,
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
    runLog.error({ err: failure, ...counts }, 'roster ingest failed');
    try {
      await finishIngestRun(db, {
        runId: run.id,
        boardId,
        jurisdiction,
        status: 'failed',
        ...counts,
        error,
        board: failure instanceof SourceError ? { available: false, error } : null,
      });
    } catch (err) {
      // The database itself may be what failed; the caller needs the original error.
      runLog.error({ err }, 'could not record the failed ingest');
    }
    throw failure;
  }

  // A roster read to the end proves the board answers.
  await finishIngestRun(db, {
    runId: run.id,
    boardId,
    jurisdiction,
    status: 'succeeded',
    ...counts,
    board: { available: true },
  });
  runLog.info(counts, 'roster ingest finished');
  return counts;
}
