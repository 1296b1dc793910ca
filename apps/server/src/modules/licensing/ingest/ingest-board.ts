import type { Platform } from '../../../platform/deps.ts';
import type { LicenseBoard, LicenseSources } from '../registry/license-sources.ts';
import { type IngestCounts, ingestRoster } from './ingest-roster.ts';

/**
 * Reads one board's whole roster into the registry. Null for boards that only offer look-ups:
 * their licenses arrive through live searches instead.
 */
export async function ingestBoard(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'>,
  sources: LicenseSources,
  board: LicenseBoard,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<IngestCounts | null> {
  const source = sources.sourceFor(board.id);
  if (!source.fetchRoster) return null;
  return ingestRoster(ctx, {
    boardId: board.id,
    jurisdiction: board.jurisdiction,
    sourceKind: board.sourceKind,
    items: source.fetchRoster(),
    dryRun,
  });
}
