import type { Platform } from '../../../platform/deps.ts';
import type { LicenseBoard, LicenseSources } from '../license-sources.ts';
import { type IngestCounts, ingestBulkFile } from './ingest-bulk-file.ts';

/**
 * Reads one board's whole bulk file into the registry. Null for boards whose list is not read: look-up
 * boards (their licenses arrive through live searches instead), boards verified by hand, and bulk
 * sources that are off (describe-board-method.ts).
 */
export async function ingestBoard(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'>,
  sources: LicenseSources,
  board: LicenseBoard,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<IngestCounts | null> {
  if (board.method !== 'bulk') return null;
  const source = sources.sourceFor(board.id);
  if (!source.fetchBulkFile) return null;
  return ingestBulkFile(ctx, {
    boardId: board.id,
    jurisdiction: board.jurisdiction,
    sourceKind: board.sourceKind,
    items: source.fetchBulkFile(),
    dryRun,
    activeOnly: board.activeOnly === true,
  });
}
