import { randomUUID } from 'node:crypto';
import type { ExclusionSource } from '@licensewatch/shared/exclusions';
import { eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { crashPoint } from '../../../platform/jobs/crash-point.ts';
import {
  copyRowsIntoStage,
  createStageTable,
  insertRowsIntoStage,
  supportsCopyFromStdin,
} from '../../licensing/stage-rows.ts';
import { type ExclusionFileKind, type ExclusionRejection, exclusionIngestRun } from '../tables.ts';
import {
  countUnlistedEntries,
  delistEntries,
  EXCLUSION_STAGE_COLUMNS,
  exclusionStageRow,
  type MergeCounts,
  mergeListedEntries,
  mergeReinstatedEntries,
  type StagedExclusion,
} from './merge-exclusion-rows.ts';

/** One row of a list file, read: an entry, a malformed row with its reason, or an exclusion type nobody named. */
export type ExclusionItem = { row: number } & (
  | { entry: StagedExclusion }
  | { reason: string }
  | { unknownType: string }
);

export type ExclusionFile = {
  kind: ExclusionFileKind;
  /** The supplement's month, YYYY-MM; null for the full file. */
  period: string | null;
};

export type ExclusionIngestResult = {
  runId: string;
  rowsRead: number;
  rowsUpserted: number;
  rowsRejected: number;
  eventsRecorded: number;
  /** Listed entries the full file no longer carries, taken off the list. */
  delisted: number;
  /** Entries missing from the full file but kept listed: rows were rejected, or too many are missing. */
  delistingsWithheld: number;
  /** The first malformed rows, with their line and reason (all are counted in rowsRejected). */
  rejections: ExclusionRejection[];
};

/** An EXCLTYPE no table entry names: the run stops before changing anything (ADR 025). */
export class UnknownExclusionTypeError extends Error {
  constructor(
    readonly code: string,
    readonly row: number,
  ) {
    super(`unknown exclusion type '${code.slice(0, 40)}' on line ${row}: nothing was changed`);
  }
}

const REJECTIONS_KEPT = 100;
// As for boards' bulk files: a full file missing more than this share of the listed entries is taken
// for a truncated download, not for mass reinstatement.
const DELIST_SHARE_LIMIT = 0.1;
const DELISTS_ALWAYS_ALLOWED = 10;

/**
 * Reads one list file (an LEIE file, or SAM.gov's extract: `source`) to the end into a stage table,
 * then changes that source's entries in one transaction: a file that fails part-way, or names an
 * exclusion type we do not know, changes nothing. Malformed rows are counted and the first ones kept
 * on the run with their reasons.
 */
export async function ingestExclusionFile(
  { db, pool, log }: Pick<Platform, 'db' | 'pool' | 'log'>,
  {
    file,
    items,
    source = 'leie',
  }: { file: ExclusionFile; items: AsyncIterable<ExclusionItem>; source?: ExclusionSource },
): Promise<ExclusionIngestResult> {
  const [run] = await db
    .insert(exclusionIngestRun)
    .values({ source, fileKind: file.kind, period: file.period })
    .returning({ id: exclusionIngestRun.id, startedAt: exclusionIngestRun.startedAt });
  if (!run) throw new Error('could not record the exclusion ingest run');
  const runLog = log.child({ exclusionRunId: run.id, source, file: file.kind, period: file.period });
  const result: ExclusionIngestResult = {
    runId: run.id,
    rowsRead: 0,
    rowsUpserted: 0,
    rowsRejected: 0,
    eventsRecorded: 0,
    delisted: 0,
    delistingsWithheld: 0,
    rejections: [],
  };

  async function* stageRows(): AsyncGenerator<(string | number | null)[]> {
    for await (const item of items) {
      result.rowsRead++;
      if ('unknownType' in item) throw new UnknownExclusionTypeError(item.unknownType, item.row);
      if ('reason' in item) {
        result.rowsRejected++;
        if (result.rejections.length < REJECTIONS_KEPT) result.rejections.push({ row: item.row, reason: item.reason });
        continue;
      }
      yield exclusionStageRow(item.row, item.entry);
    }
  }

  const useCopy = await supportsCopyFromStdin(pool, log);
  const stage = `exclusion_stage_${randomUUID().replaceAll('-', '')}`;
  const client = await pool.connect();
  const onClientError = (err: Error) => runLog.error({ err }, 'exclusion ingest connection error');
  client.on('error', onClientError);
  let failure: unknown = null;
  try {
    await createStageTable(client, stage, EXCLUSION_STAGE_COLUMNS);
    if (useCopy) await copyRowsIntoStage(client, stage, stageRows(), EXCLUSION_STAGE_COLUMNS);
    else await insertRowsIntoStage(client, stage, stageRows(), { columns: EXCLUSION_STAGE_COLUMNS });
    await client.query('BEGIN');
    try {
      // One change of a list at a time, whichever process runs it.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`exclusions:${source}`]);
      const at = { stage, runId: run.id, seenAt: run.startedAt, source };
      const merged: MergeCounts =
        file.kind === 'reinstatements'
          ? await mergeReinstatedEntries(client, at)
          : await mergeListedEntries(client, at);
      result.rowsUpserted = merged.upserted;
      result.eventsRecorded = merged.events;
      if (file.kind === 'full') {
        const missing = await countUnlistedEntries(client, at);
        const allowed =
          result.rowsRejected > 0
            ? 0
            : Math.max(DELISTS_ALWAYS_ALLOWED, Math.floor(result.rowsRead * DELIST_SHARE_LIMIT));
        if (missing > 0 && missing <= allowed) result.delisted = await delistEntries(client, at);
        else result.delistingsWithheld = missing;
        result.eventsRecorded += result.delisted;
      }
      await client.query('COMMIT');
      crashPoint('exclusion-ingest:merged');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  } catch (err) {
    failure = err;
  } finally {
    await client.query(`DROP TABLE IF EXISTS ${stage}`).catch(() => {});
    client.off('error', onClientError);
    client.release(failure ? (failure as Error) : undefined);
  }

  const counts = {
    rowsRead: result.rowsRead,
    rowsUpserted: result.rowsUpserted,
    rowsRejected: result.rowsRejected,
    eventsRecorded: result.eventsRecorded,
    rejections: result.rejections.length > 0 ? result.rejections : null,
    finishedAt: new Date(),
  };
  if (failure) {
    const error = failure instanceof Error ? failure.message : String(failure);
    runLog.error({ err: failure, rowsRead: result.rowsRead }, 'exclusion list ingest failed');
    await db
      .update(exclusionIngestRun)
      .set({ ...counts, rowsUpserted: 0, eventsRecorded: 0, status: 'failed', error })
      .where(eq(exclusionIngestRun.id, run.id))
      .catch((err: unknown) => runLog.error({ err }, 'could not record the failed exclusion ingest'));
    throw failure;
  }
  const warning =
    result.delistingsWithheld > 0
      ? `${result.delistingsWithheld} listed entries are missing from the file but were kept: ${result.rowsRejected > 0 ? 'rows were rejected' : 'too many are missing for a complete file'}`
      : null;
  await db
    .update(exclusionIngestRun)
    .set({ ...counts, status: result.rowsRejected > 0 || warning ? 'warned' : 'succeeded', error: warning })
    .where(eq(exclusionIngestRun.id, run.id));
  runLog.info({ ...counts, delisted: result.delisted, withheld: result.delistingsWithheld }, 'exclusion list ingested');
  return result;
}
