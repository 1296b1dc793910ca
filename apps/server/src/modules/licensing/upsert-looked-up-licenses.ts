import type { Platform } from '../../platform/deps.ts';
import { mapSourceRecord } from './registry/map-source-record.ts';
import { mergeLicenseRows } from './registry/merge-license-rows.ts';
import { type BoardRow, boardRowColumns, unnestBoardRows } from './registry/unnest-stage-rows.ts';
import type { LicenseEventSource } from './tables.ts';
import type { SourceRecord } from './types.ts';

export type UpsertLookedUpResult = { upserted: number; events: number; rejected: number };

/**
 * Stores what live look-ups returned, with the same merge as a bulk-file ingest: new licenses
 * inserted, changed ones updated with a license_event each, unchanged ones only marked seen.
 * Look-ups return a handful of rows, so they go straight from array parameters, no staging table,
 * and what many boards answered goes in one statement: a report's look-ups across every state
 * cost one transaction, not one per board (docs/decisions/024-cheaper-board-look-ups.md).
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
  const rows: BoardRow[] = [];
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
    rows.push({ boardId: record.boardId, sourceKind, row: mapped.row });
  });
  if (rows.length === 0) return result;

  const client = await pool.connect();
  try {
    const merged = await mergeLicenseRows(client, {
      boardIds: rows.map((r) => r.boardId),
      eventSource,
      runStartedAt: null,
      sourceRelation: unnestBoardRows,
      params: boardRowColumns(rows),
    });
    result.upserted += merged.upserted;
    result.events += merged.events;
  } finally {
    client.release();
  }
  return result;
}
