import type { Platform } from '../../../platform/deps.ts';
import type { LicenseBoard, LicenseSources } from '../license-sources.ts';
import { type IngestCounts, ingestRoster } from './ingest-roster.ts';

/**
 * Reads one board's whole roster into the registry. Null for boards whose list is not read: look-up
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
  if (!source.fetchRoster) return null;
  return ingestRoster(ctx, {
    boardId: board.id,
    jurisdiction: board.jurisdiction,
    sourceKind: board.sourceKind,
    items: source.fetchRoster(),
    dryRun,
    activeOnly: board.activeOnly === true,
  });
}
