import type { LicenseEventSource } from '../../../platform/db/schema.ts';
import type { Platform } from '../../../platform/deps.ts';
import type { SourceRecord } from '../types.ts';
import { mapSourceRecord, type StageRow } from './map-source-record.ts';
import { mergeLicenseRows } from './merge-license-rows.ts';
import { stageRowColumns, unnestStageRows } from './unnest-stage-rows.ts';

export type UpsertLookedUpResult = { upserted: number; events: number; rejected: number };

/**
 * Stores what a live look-up returned, with the same merge as a roster ingest: new licenses
 * inserted, changed ones updated with a license_event each, unchanged ones only marked seen.
 * Look-ups return a handful of rows, so they go straight from array parameters, no staging table.
 * `eventSource` is 'refresh' when the daily refresh re-checks tracked licenses.
 */
export async function upsertLookedUpLicenses(
  { pool, log }: Pick<Platform, 'pool' | 'log'>,
  {
    records,
    sourceKind,
    eventSource = 'lookup',
  }: { records: readonly SourceRecord[]; sourceKind: string; eventSource?: Exclude<LicenseEventSource, 'ingest'> },
): Promise<UpsertLookedUpResult> {
  const result: UpsertLookedUpResult = { upserted: 0, events: 0, rejected: 0 };
  const byBoard = new Map<string, StageRow[]>();
  records.forEach((record, i) => {
    const mapped = mapSourceRecord(record, record.boardId, i + 1);
    if ('reason' in mapped) {
      result.rejected++;
      log.warn(
        { boardId: record.boardId, licenseNumber: record.licenseNumber, reason: mapped.reason },
        'look-up result not stored',
      );
      return;
    }
    const rows = byBoard.get(record.boardId) ?? [];
    rows.push(mapped.row);
    byBoard.set(record.boardId, rows);
  });
  if (byBoard.size === 0) return result;

  const client = await pool.connect();
  try {
    for (const [boardId, rows] of byBoard) {
      const merged = await mergeLicenseRows(client, {
        boardId,
        sourceKind,
        eventSource,
        runStartedAt: null,
        sourceRelation: unnestStageRows,
        params: stageRowColumns(rows),
      });
      result.upserted += merged.upserted;
      result.events += merged.events;
    }
  } finally {
    client.release();
  }
  return result;
}
