import type { ProbeOutcome, SourceMethod } from '@licensewatch/shared/license-sources';
import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { LicenseBoard } from './license-sources.ts';
import { sourceHealth } from './tables.ts';

export type BoardCoverage = {
  boardId: string;
  jurisdiction: StateCode;
  licenseTypes: readonly LicenseType[];
  name: string;
  lookupUrl: string;
  method: SourceMethod;
  methodDetail: string | null;
  /** What the operator must configure to turn an `off` board on; null otherwise. */
  operatorNote: string | null;
  /** Read from a file the board publishes (a delimited-file source). */
  publishesFile: boolean;
  /** The last health check: null when never checked (or a board no machine reads). */
  available: boolean | null;
  checkedAt: Date | null;
  lastError: string | null;
  /** The last `sources:probe`; null when never probed. */
  probe: { outcome: ProbeOutcome; probedAt: Date; failures: string[] | null; verifiedAt: Date | null } | null;
  /**
   * False when a machine should read the board but cannot now — its last health check or its last
   * probe failed: users are told "source unavailable", never "no licenses found" (docs/sources.md).
   */
  readable: boolean;
};

/** Every configured board with how it is read and what the last health check and probe found, in one query. */
export async function listBoardCoverage(db: Db, boards: readonly LicenseBoard[]): Promise<BoardCoverage[]> {
  const ids = boards.map((b) => b.id);
  const rows = ids.length === 0 ? [] : await db.select().from(sourceHealth).where(inArray(sourceHealth.boardId, ids));
  const health = new Map(rows.map((row) => [row.boardId, row]));
  return boards.map((board): BoardCoverage => {
    const row = health.get(board.id);
    const automated = board.method === 'bulk' || board.method === 'lookup';
    const probe =
      row?.probeOutcome && row.probedAt
        ? {
            outcome: row.probeOutcome,
            probedAt: row.probedAt,
            failures: row.probeFailures ?? null,
            verifiedAt: row.verifiedAt ?? null,
          }
        : null;
    return {
      boardId: board.id,
      jurisdiction: board.jurisdiction,
      licenseTypes: board.licenseTypes,
      name: board.name,
      lookupUrl: board.lookupUrl,
      method: board.method,
      methodDetail: board.methodDetail,
      operatorNote: board.operatorNote ?? null,
      publishesFile: board.sourceKind === 'delimited-file',
      available: automated ? (row?.available ?? null) : null,
      checkedAt: automated ? (row?.checkedAt ?? null) : null,
      lastError: automated && row?.available === false ? (row.lastError ?? null) : null,
      probe: automated ? probe : null,
      readable: !automated || (row?.available !== false && (probe === null || probe.outcome === 'ok')),
    };
  });
}
